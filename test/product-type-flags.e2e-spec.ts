import pg from 'pg';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

/**
 * Rules guard both ends (docs/api.md#product-types): a type's flag cannot be turned off while its
 * products use what it allows, and a product write and a type change that race never both succeed.
 */
describeE2E('product types: turning a flag off', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  // downloadable (3): options, variants and extras, no shipping, no inventory.
  const DOWNLOADABLE = 3;
  const noLongerVariants = (skus: string) =>
    `Product type downloadable (Downloadable) cannot lose has_variants: products of the type have variants (${skus}); remove them first.`;

  beforeAll(async () => {
    t = await bootTestApp('product_type_flags');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  const product = (sku: string, variants: string[]) =>
    t.http
      .put(`/product/${sku}`)
      .set(auth)
      .send({
        name: sku,
        product_type_id: DOWNLOADABLE,
        options: [{ name: 'Format', values: ['PDF', 'EPUB'] }],
        variants: variants.map((v, n) => ({ sku: v, options: { Format: n ? 'EPUB' : 'PDF' } })),
      });

  it('refuses has_variants: 0 by PATCH, PUT and batch while its products have variants (409 naming them)', async () => {
    expect((await product('EBOOK', ['EBOOK-PDF'])).status).toBe(201);
    expect((await product('MANUAL', ['MANUAL-PDF', 'MANUAL-EPUB'])).status).toBe(201);
    const refusal = noLongerVariants('EBOOK, MANUAL');
    expect((await t.http.patch('/producttype/downloadable').set(auth).send({ has_variants: 0 })).body).toEqual(fail(409, refusal));
    const replaced = { name: 'Downloadable', api_code: 'downloadable', has_shipping: 0, has_inventory: 0, has_variants: 0 };
    expect((await t.http.put('/producttype/downloadable').set(auth).send(replaced)).body).toEqual(fail(409, refusal));
    expect((await t.http.put('/producttypes').set(auth).send([replaced])).body).toEqual(fail(409, `Member 0: ${refusal}`));
    expect(await t.sql(`SELECT has_variants FROM product_types WHERE id = $1`, [DOWNLOADABLE])).toEqual([{ has_variants: true }]);
    // Without variants left, the flag goes.
    expect((await product('EBOOK', [])).status).toBe(200);
    expect((await product('MANUAL', [])).status).toBe(200);
    const off = await t.http.patch('/producttype/downloadable').set(auth).send({ has_variants: 0 });
    expect([off.status, off.body.data.has_variants]).toEqual([200, 0]);
    expect((await t.http.patch('/producttype/downloadable').set(auth).send({ has_variants: 1 })).status).toBe(200);
  });

  it('a product write adding a variant and a PATCH turning has_variants off, at once: never both succeed', async () => {
    expect((await product('GUIDE', [])).status).toBe(201);
    // Another transaction holds the type row, so both requests are in flight before either reads it.
    const holder = new pg.Client({ connectionString: t.dbUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM product_types WHERE id = $1 FOR UPDATE', [DOWNLOADABLE]);
      const write = product('GUIDE', ['GUIDE-PDF']).then((r) => r);
      await new Promise((r) => setTimeout(r, 300));
      const patch = t.http
        .patch('/producttype/downloadable')
        .set(auth)
        .send({ has_variants: 0 })
        .then((r) => r);
      await new Promise((r) => setTimeout(r, 300));
      await holder.query('COMMIT');
      const [w, p] = await Promise.all([write, patch]);
      expect([w.status, p.status].sort()).toEqual([200, 409]);
      const [{ has_variants }] = await t.sql<{ has_variants: boolean }>(`SELECT has_variants FROM product_types WHERE id = $1`, [
        DOWNLOADABLE,
      ]);
      const variants = await t.sql(`SELECT v.sku FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.sku = 'GUIDE'`);
      expect(has_variants || variants.length === 0).toBe(true);
    } finally {
      await holder.end();
    }
  });
});
