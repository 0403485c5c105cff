import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { writableFieldsOf } from '../src/common/crud/replacement.js';
import { queryCounter } from '../src/database/query-counter.js';
import { ProductBatchMember } from '../src/modules/catalog/products/dto/product-put.input.js';
import { BulkResourceRegistry } from '../src/modules/bulk/bulk-resource.registry.js';
import { BulkRetention } from '../src/modules/bulk/bulk-retention.service.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { asText, ndjsonLines } from './support/ndjson.js';

const NDJSON = 'application/x-ndjson';

/** What both stores hold before products refer to it, created in the same order so the ids match. */
async function referenced(t: TestApp, auth: Record<string, string>) {
  for (const [path, body] of [
    ['/customergroup', { name: 'Wholesale', api_code: 'wholesale' }],
    ['/category', { name: 'Tees', api_code: 'tees' }],
    ['/category', { name: 'Sale', api_code: 'sale' }],
    ['/customfielddefinition', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' }],
    ['/customfielddefinition', { name: 'fragile', label: 'Fragile', entity: 'product', type: 'boolean' }],
  ] as const) {
    const res = await t.http.post(path).set(auth).send(body);
    expect(res.status).toBe(201);
  }
}

/** A product with every part a PUT takes, and one with none. */
const TEE = {
  sku: 'TEE-1',
  name: 'Tee',
  description: '<p>Soft</p>',
  base_price: '19.00',
  weight: '0.25',
  cost: '7.50',
  in_stock_amount: 12,
  manufacturer: 'Acme',
  category_ids: [2, 1],
  options: [
    { name: 'Size', values: ['S', 'M'], sort_order: 1 },
    { name: 'Color', values: ['Red'], sort_order: 2 },
  ],
  variants: [
    { sku: 'TEE-1-S', options: { Size: 'S', Color: 'Red' }, base_price: '18.00', price_tiers: [{ quantity: 10, price: '16.00' }] },
    {
      sku: 'TEE-1-M',
      options: { Size: 'M', Color: 'Red' },
      in_stock_amount: 3,
      price_tiers: [
        { quantity: 5, price: '17.00', customer_group_id: 1 },
        { quantity: 20, price: '15.00' },
      ],
    },
  ],
  price_tiers: [
    { quantity: 10, price: '17.50' },
    { quantity: 10, price: '16.50', customer_group_id: 1 },
    { quantity: 50, price: '15.00' },
  ],
  extras: [{ sku: 'GIFT', name: 'Gift wrap', price: '2.00', sort_order: 1 }],
  attributes: [
    { name: 'Material', value: 'Cotton', sort_order: 1 },
    { name: 'Fit', value: null, sort_order: 2 },
  ],
  custom_fields: { origin: 'Peru', fragile: true },
};

/** The lines of TEE and MUG as an export writes them: each member as PUT /products takes it, with every part. */
const TEE_LINE = {
  name: 'Tee',
  sku: 'TEE-1',
  url_name: 'tee',
  title: null,
  barcode: null,
  description: '<p>Soft</p>',
  short_description: null,
  meta_description: null,
  meta_keywords: null,
  base_price: '19.00',
  weight: '0.25',
  depth: null,
  width: null,
  height: null,
  out_of_stock_threshold: '0.00',
  cost: '7.50',
  low_stock_threshold: null,
  in_stock_amount: 12,
  sale_price_or_discount: null,
  sort_order: null,
  expected_availability_date: null,
  enabled: 1,
  enabled_backend: 1,
  is_on_sale: 0,
  track_inventory: 0,
  allow_preorder: 0,
  hide_out_of_stock: 0,
  allow_negative_stock: 0,
  is_catalog_visible: 1,
  is_search_visible: 1,
  enable_product_shipping_rates: 0,
  is_subscription_only: 0,
  manufacturer: 'Acme',
  type: 'Goods',
  tax_class_id: null,
  product_type_id: 1,
  category_ids: [2, 1],
  options: [
    { name: 'Size', values: ['S', 'M'], sort_order: 1 },
    { name: 'Color', values: ['Red'], sort_order: 2 },
  ],
  variants: [
    {
      sku: 'TEE-1-S',
      base_price: '18.00',
      cost: null,
      weight: null,
      depth: null,
      width: null,
      height: null,
      enabled: 1,
      is_on_sale: 0,
      sale_price_or_discount: null,
      track_inventory: 0,
      in_stock_amount: null,
      expected_availability_date: null,
      options: { Size: 'S', Color: 'Red' },
      price_tiers: [{ customer_group_id: null, quantity: 10, price: '16.00' }],
    },
    {
      sku: 'TEE-1-M',
      base_price: null,
      cost: null,
      weight: null,
      depth: null,
      width: null,
      height: null,
      enabled: 1,
      is_on_sale: 0,
      sale_price_or_discount: null,
      track_inventory: 0,
      in_stock_amount: 3,
      expected_availability_date: null,
      options: { Size: 'M', Color: 'Red' },
      price_tiers: [
        { customer_group_id: 1, quantity: 5, price: '17.00' },
        { customer_group_id: null, quantity: 20, price: '15.00' },
      ],
    },
  ],
  price_tiers: [
    { customer_group_id: null, quantity: 10, price: '17.50' },
    { customer_group_id: 1, quantity: 10, price: '16.50' },
    { customer_group_id: null, quantity: 50, price: '15.00' },
  ],
  extras: [{ sku: 'GIFT', name: 'Gift wrap', price: '2.00', weight: null, sort_order: 1 }],
  attributes: [
    { name: 'Material', value: 'Cotton', sort_order: 1 },
    { name: 'Fit', value: null, sort_order: 2 },
  ],
  custom_fields: { origin: 'Peru', fragile: '1' },
};

const MUG_LINE = {
  ...TEE_LINE,
  name: 'Mug',
  sku: 'MUG-1',
  url_name: 'mug',
  description: '',
  base_price: '8.00',
  weight: '0.00',
  cost: null,
  in_stock_amount: null,
  manufacturer: null,
  category_ids: [],
  options: [],
  variants: [],
  price_tiers: [],
  extras: [],
  attributes: [],
  custom_fields: {},
};

/** Bulk NDJSON exports (docs/api.md#bulk-import-and-export) in the api (no Redis: the api runs them). */
describeE2E('bulk exports', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('exports');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await referenced(t, auth);
    for (const [sku, body] of [
      ['TEE-1', TEE],
      ['MUG-1', { sku: 'MUG-1', name: 'Mug', base_price: '8.00' }],
    ] as const) {
      const res = await t.http.put(`/product/${sku}`).set(auth).send(body);
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => t?.close());

  const start = (resource: string, extra: Record<string, unknown> = {}, headers = auth) =>
    t.http
      .post('/exports')
      .set(headers)
      .send({ resource, ...extra });

  const completed = (id: number, app = t, headers = auth) =>
    eventually(
      async () => {
        const res = await app.http.get(`/export/${id}`).set(headers);
        if (res.body.data?.status !== 'completed') throw new Error(`export ${id} is ${JSON.stringify(res.body)}`);
        return res.body.data as Record<string, unknown>;
      },
      { timeoutMs: 20_000 },
    );

  const fileOf = async (id: number, app = t, headers = auth) => {
    const res = await asText(app.http.get(`/export/${id}/file`).set(headers));
    expect([res.status, res.headers['content-type']]).toEqual([200, 'application/x-ndjson; charset=utf-8']);
    return { text: res.body as string, disposition: res.headers['content-disposition'] as string };
  };

  it('writes every product with all its parts, one line each, as PUT /products takes it', async () => {
    const res = await start('products');
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe('/export/1');
    expect(res.body).toEqual(
      ok(202, {
        id: 1,
        resource: 'products',
        status: 'queued',
        updated_at_min: null,
        lines: 0,
        snapshot_at: null,
        error: null,
        created_at: TS,
        started_at: null,
        finished_at: null,
        expires_at: null,
        updated_at: TS,
      }),
    );
    const done = await completed(1);
    expect(done).toEqual({
      id: 1,
      resource: 'products',
      status: 'completed',
      updated_at_min: null,
      lines: 2,
      snapshot_at: TS,
      error: null,
      created_at: TS,
      started_at: TS,
      finished_at: TS,
      expires_at: TS,
      updated_at: TS,
    });
    // Kept 7 days from its completion.
    const kept = Date.parse(`${done.expires_at as string}Z`) - Date.parse(`${done.finished_at as string}Z`);
    expect(kept).toBe(7 * 86_400_000);
    const file = await fileOf(1);
    expect(file.disposition).toBe('attachment; filename="products-1.ndjson"');
    expect(file.text.endsWith('\n')).toBe(true);
    expect(ndjsonLines(file.text)).toEqual([TEE_LINE, MUG_LINE]);
    // Every field a member of PUT /products takes, and nothing else.
    expect(Object.keys(TEE_LINE).sort()).toEqual([...writableFieldsOf(ProductBatchMember)].sort());
    const events = await t.sql<{ type: string; resource: string; resource_id: number; data: unknown }>(
      `SELECT type, resource, resource_id::int AS resource_id, data FROM events WHERE type LIKE 'export.%' ORDER BY id`,
    );
    expect(events).toEqual([{ type: 'export.completed', resource: 'product.export', resource_id: 1, data: done }]);
  });

  it('reads a chunk of members in a fixed number of statements, however many there are', async () => {
    const door = t.app.get(BulkResourceRegistry).get('products');
    const m: EntityManager = t.app.get(DataSource).manager;
    const count = async (limit: number) => {
      queryCounter.reset();
      const members = await door.exportPage(m, 0, limit, null);
      return [members.length, queryCounter.count];
    };
    // The products with their parts, and their variants' price tiers.
    expect(await count(1)).toEqual([1, 2]);
    expect(await count(1000)).toEqual([2, 2]);
  });

  it('exports customers with their writable fields and addresses, and only those changed since updated_at_min', async () => {
    for (const body of [
      { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', customer_group_id: 1, notes: 'VIP' },
      { email: 'bob@example.com', first_name: 'Bob', is_guest: true },
    ]) {
      expect((await t.http.post('/customer').set(auth).send(body)).status).toBe(201);
    }
    await t.sql(`UPDATE customers SET updated_at = '2020-01-01T00:00:00Z' WHERE email = 'ada@example.com'`);

    const all = (await start('customers')).body.data.id as number;
    expect((await completed(all)).lines).toBe(2);
    const file = await fileOf(all);
    expect(file.disposition).toBe(`attachment; filename="customers-${all}.ndjson"`);
    expect(file.text).toBe(
      [
        '{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","company":null,"phone":null,"notes":"VIP","is_guest":0,"customer_group_id":1,"addresses":[]}',
        '{"first_name":"Bob","last_name":null,"email":"bob@example.com","company":null,"phone":null,"notes":null,"is_guest":1,"customer_group_id":null,"addresses":[]}',
        '',
      ].join('\n'),
    );

    const res = await start('customers', { updated_at_min: '2021-06-01 00:00:00' });
    expect(res.body.data).toMatchObject({ resource: 'customers', status: 'queued', updated_at_min: '2021-06-01 00:00:00' });
    const since = res.body.data.id as number;
    expect((await completed(since)).lines).toBe(1);
    expect(ndjsonLines((await fileOf(since)).text).map((l) => l.email)).toEqual(['bob@example.com']);
  });

  it('answers 409 for the file of an export not yet completed', async () => {
    // An export another process holds (its lease runs for an hour): it stays running while this looks.
    const [{ id }] = await t.sql<{ id: number }>(
      `INSERT INTO exports (resource, status, started_at, claimed_at, leased_until, lease_holder, lease_token)
       VALUES ('coupons', 'running', now(), now(), now() + interval '1 hour', 'elsewhere:1:x', gen_random_uuid()) RETURNING id`,
    );
    expect((await t.http.get(`/export/${id}`).set(auth)).body).toEqual(
      ok(200, {
        id,
        resource: 'coupons',
        status: 'running',
        updated_at_min: null,
        lines: 0,
        snapshot_at: null,
        error: null,
        created_at: TS,
        started_at: TS,
        finished_at: null,
        expires_at: null,
        updated_at: TS,
      }),
    );
    expect((await t.http.get(`/export/${id}/file`).set(auth)).body).toEqual(
      fail(409, `Export ${id} is running; its file can be read once it is completed.`),
    );
    await t.sql(`DELETE FROM exports WHERE id = $1`, [id]);
  });

  it('goes on after the last member written when it takes over an export whose holder died', async () => {
    const [tee] = await t.sql<{ id: number }>(`SELECT id FROM products WHERE sku = 'TEE-1'`);
    // The dead holder wrote TEE's line (as it had it) and the position after it; its lease ran out.
    const [{ id }] = await t.sql<{ id: number }>(
      `INSERT INTO exports (resource, status, lines, last_id, started_at, claimed_at, leased_until, lease_holder, lease_token)
       VALUES ('products', 'running', 1, $1, now(), now(), now() - interval '1 second', 'gone:1:x', gen_random_uuid()) RETURNING id`,
      [tee.id],
    );
    await t.sql(`INSERT INTO export_lines (export_id, line, body) VALUES ($1, 1, '{"sku":"TEE-1","written":"before"}')`, [id]);
    expect((await completed(id)).lines).toBe(2);
    expect(ndjsonLines((await fileOf(id)).text)).toEqual([{ sku: 'TEE-1', written: 'before' }, MUG_LINE]);
  });

  it('refuses what it cannot export, and shows a key only the exports it may read', async () => {
    expect((await start('orders')).body).toEqual(
      fail(422, {
        resource: [
          'must be one of: products, customers, customergroups, coupons, countries, customfielddefinitions, categories, producttypes',
        ],
      }),
    );
    expect((await t.http.post('/exports').set(auth).send({})).body).toEqual(
      fail(422, {
        resource: [
          'must be one of: products, customers, customergroups, coupons, countries, customfielddefinitions, categories, producttypes',
        ],
      }),
    );
    expect((await start('products', { updated_at_min: 'yesterday' })).body).toEqual(
      fail(422, { updated_at_min: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'] }),
    );
    const customersOnly = { Authorization: `Bearer ${await t.token(['customers:read'])}` };
    expect((await start('products', {}, customersOnly)).body).toEqual(fail(403, 'The access token lacks the scope "catalog:read".'));
    expect((await t.http.get('/export/1').set(customersOnly)).body).toEqual(fail(403, 'The access token lacks the scope "catalog:read".'));
    expect((await t.http.get('/export/1/file').set(customersOnly)).body).toEqual(
      fail(403, 'The access token lacks the scope "catalog:read".'),
    );
    const listed = (await t.http.get('/exports').set(customersOnly)).body.data as { id: number; resource: string }[];
    expect(listed.map((e) => e.resource)).toEqual(['customers', 'customers']);
    const everything = (await t.http.get('/exports?resource=products&status=completed').set(auth)).body.data as { id: number }[];
    expect(everything.map((e) => e.id)).toEqual([everything[0].id, 1]);
    expect((await t.http.get('/exports?embed=lines').set(auth)).body).toEqual(fail(422, { embed: ['unknown "lines"; allowed: none'] }));
    expect((await t.http.get('/export/999').set(auth)).body).toEqual(fail(404, 'Export 999 was not found.'));
    expect((await t.http.get('/export/abc/file').set(auth)).body).toEqual(fail(404, 'Export abc was not found.'));
    expect((await t.sql(`SELECT count(*)::int AS n FROM exports WHERE resource = 'products'`))[0]).toEqual({ n: 2 });
  });

  it('deletes the file once it is past its retention, and then answers 410 for it while the export stays', async () => {
    const id = (await start('countries')).body.data.id as number;
    const done = await completed(id);
    await t.sql(`UPDATE exports SET finished_at = now() - interval '8 days', expires_at = now() - interval '1 day' WHERE id = $1`, [id]);
    expect((await t.http.get(`/export/${id}/file`).set(auth)).body).toEqual(
      fail(410, `The file of export ${id} was deleted 7 days after it completed.`),
    );
    // The loop's sweep (once a minute) deletes the lines in bounded steps and marks the export purged.
    await t.app.get(BulkRetention).sweep();
    expect(await t.sql(`SELECT export_id FROM export_lines WHERE export_id = $1`, [id])).toEqual([]);
    expect(await t.sql(`SELECT purged_at IS NOT NULL AS purged FROM exports WHERE id = $1`, [id])).toEqual([{ purged: true }]);
    expect((await t.http.get(`/export/${id}`).set(auth)).body.data).toEqual({ ...done, finished_at: TS, expires_at: TS });
    expect((await t.http.get(`/export/${id}/file`).set(auth)).body).toEqual(
      fail(410, `The file of export ${id} was deleted 7 days after it completed.`),
    );
  });

  it('exports every resource in a form its import takes back unchanged', async () => {
    for (const [path, body] of [
      ['/coupon', { code: 'SPRING', name: 'Spring', discount_type: 'percentage', discount_value: '10', starts_at: '2026-03-01 00:00:00' }],
      ['/country', { name: 'Peru', code: 'PE', code_3: 'PER' }],
      ['/producttype', { name: 'Download', api_code: 'download', has_shipping: false, has_inventory: false }],
      ['/category', { name: 'Tees on sale', api_code: 'tees-sale', parent_id: 1 }],
      [
        '/customfielddefinition',
        { name: 'size', label: 'Size', entity: 'product', type: 'select', options: ['S', 'M'], default_value: 'M' },
      ],
    ] as const) {
      expect((await t.http.post(path).set(auth).send(body)).status).toBe(201);
    }
    // A product of a type without shipping: its line leaves the shipping fields out (its PUT refuses them).
    const download = (await t.http.get('/producttype/download').set(auth)).body.data.id as number;
    const ebook = { sku: 'EBOOK-1', name: 'E-book', base_price: '5.00', product_type_id: download };
    expect((await t.http.put('/product/EBOOK-1').set(auth).send(ebook)).status).toBe(201);
    for (const resource of [
      'customergroups',
      'coupons',
      'countries',
      'customfielddefinitions',
      'categories',
      'producttypes',
      'customers',
      'products',
    ]) {
      const id = (await start(resource)).body.data.id as number;
      const exported = await completed(id);
      expect(exported.lines).toBeGreaterThan(0);
      const { text } = await fileOf(id);
      if (resource === 'products') {
        const line = ndjsonLines(text).find((l) => l.sku === 'EBOOK-1')!;
        expect([line.product_type_id, 'weight' in line, 'depth' in line, 'width' in line, 'height' in line]).toEqual([
          download,
          false,
          false,
          false,
          false,
        ]);
      }
      const imported = await t.http.post(`/imports?resource=${resource}`).set(auth).set('Content-Type', NDJSON).send(text);
      const done = await eventually(
        async () => {
          const res = await t.http.get(`/import/${imported.body.data.id}`).set(auth);
          if (res.body.data.status !== 'completed') throw new Error(`still ${res.body.data.status}`);
          return res.body.data as Record<string, unknown>;
        },
        { timeoutMs: 20_000 },
      );
      expect([resource, done.processed, done.unchanged]).toEqual([resource, exported.lines, exported.lines]);
    }
  });

  it('exports products that import into another store as they are: its export is the same file', async () => {
    const b = await bootTestApp('exports_b');
    try {
      const authB = { Authorization: `Bearer ${await b.token()}` };
      await referenced(b, authB);
      const { text } = await fileOf(1);
      const imported = await b.http.post('/imports?resource=products').set(authB).set('Content-Type', NDJSON).send(text);
      expect(imported.status).toBe(202);
      const done = await eventually(
        async () => {
          const res = await b.http.get(`/import/${imported.body.data.id}`).set(authB);
          if (res.body.data.status !== 'completed') throw new Error(`still ${res.body.data.status}`);
          return res.body.data as Record<string, unknown>;
        },
        { timeoutMs: 20_000 },
      );
      expect([done.created, done.failed]).toEqual([2, 0]);
      const again = (await b.http.post('/exports').set(authB).send({ resource: 'products' })).body.data.id as number;
      await completed(again, b, authB);
      expect((await fileOf(again, b, authB)).text.split('\n')).toEqual(text.split('\n'));
    } finally {
      await b.close();
    }
  });
});
