import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

/**
 * Swaps in one request work (docs/api.md#put-replace-a-resource): uniqueness is judged on the result
 * of the whole write, not row by row, so two variants exchanging their options or SKUs, or two
 * products exchanging a unique value, in one PUT or batch are taken.
 */
describeE2E('PUT: swaps of unique values in one request', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const put = (path: string, body: unknown) =>
    t.http
      .put(path)
      .set(auth)
      .send(body as object);
  const options = [{ name: 'Color', values: ['Red', 'Blue'] }];

  beforeAll(async () => {
    t = await bootTestApp('put_swaps');
    auth = { Authorization: `Bearer ${await t.token()}` };
    const created = await put('/product/SHIRT', {
      name: 'Shirt',
      options,
      variants: [
        { sku: 'SHIRT-A', options: { Color: 'Red' } },
        { sku: 'SHIRT-B', options: { Color: 'Blue' } },
      ],
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => t?.close());

  const variantsOf = async (sku: string) =>
    t.sql(
      `SELECT v.sku, v.options->>'Color' AS color FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.sku = $1 ORDER BY v.id`,
      [sku],
    );

  it('two variants exchange their options in a product PUT and a collection PUT', async () => {
    const swapped = await put('/product/SHIRT', {
      name: 'Shirt',
      options,
      variants: [
        { sku: 'SHIRT-A', options: { Color: 'Blue' } },
        { sku: 'SHIRT-B', options: { Color: 'Red' } },
      ],
    });
    expect(swapped.status).toBe(200);
    expect(await variantsOf('SHIRT')).toEqual([
      { sku: 'SHIRT-A', color: 'Blue' },
      { sku: 'SHIRT-B', color: 'Red' },
    ]);
    const back = await put('/product/SHIRT/variants', [
      { sku: 'SHIRT-A', options: { Color: 'Red' } },
      { sku: 'SHIRT-B', options: { Color: 'Blue' } },
    ]);
    expect(back.status).toBe(200);
    expect(await variantsOf('SHIRT')).toEqual([
      { sku: 'SHIRT-A', color: 'Red' },
      { sku: 'SHIRT-B', color: 'Blue' },
    ]);
  });

  it('variants of two products exchange their SKUs in one batch', async () => {
    const one = { name: 'One', options, variants: [{ sku: 'V-1', options: { Color: 'Red' } }] };
    const two = { name: 'Two', options, variants: [{ sku: 'V-2', options: { Color: 'Red' } }] };
    expect(
      (
        await put('/products', [
          { sku: 'ONE', ...one },
          { sku: 'TWO', ...two },
        ])
      ).status,
    ).toBe(200);
    const res = await put('/products', [
      { sku: 'ONE', ...one, variants: [{ sku: 'V-2', options: { Color: 'Red' } }] },
      { sku: 'TWO', ...two, variants: [{ sku: 'V-1', options: { Color: 'Red' } }] },
    ]);
    expect(res.status).toBe(200);
    expect([await variantsOf('ONE'), await variantsOf('TWO')]).toEqual([[{ sku: 'V-2', color: 'Red' }], [{ sku: 'V-1', color: 'Red' }]]);
  });

  it('two products exchange their URL names in one batch', async () => {
    expect(
      (
        await put('/products', [
          { sku: 'P-1', name: 'P1', url_name: 'first' },
          { sku: 'P-2', name: 'P2', url_name: 'second' },
        ])
      ).status,
    ).toBe(200);
    const res = await put('/products', [
      { sku: 'P-1', name: 'P1', url_name: 'second' },
      { sku: 'P-2', name: 'P2', url_name: 'first' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { url_name: string }) => p.url_name)).toEqual(['second', 'first']);
  });

  it('names the member of any other duplicate in a batch (N.field), nothing written', async () => {
    const res = await put('/products', [
      { sku: 'P-3', name: 'P3', url_name: 'third' },
      { sku: 'P-4', name: 'P4', url_name: 'third' },
    ]);
    expect(res.body).toEqual(fail(422, { '1.url_name': ['is already in use'] }));
    expect(await t.sql(`SELECT sku FROM products WHERE sku IN ('P-3', 'P-4')`)).toEqual([]);
  });
});
