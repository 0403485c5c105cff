import pg from 'pg';
import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';
import { fail } from './support/envelope.js';
import { type PlanNode, scansOf } from './support/plans.js';

/**
 * `updated_at_min`, `updated_at_max` and `sort=updated_at` on every top-level collection: three rows of
 * each made through the api, their `updated_at` then set by SQL (2030, UTC):
 *
 * | row | updated_at          |
 * |-----|---------------------|
 * | a   | 03-01 00:00:00.600  |
 * | b   | 03-03 00:00:00      |
 * | c   | 03-02 00:00:00      |
 *
 * Rows the spec made otherwise (a quote's product, …) were updated now, years before 2030.
 */
describeE2E('updated_at filters: every top-level collection, keeping a copy in step', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let planner: pg.Client;
  const steps = apiSteps(
    () => t,
    () => auth,
  );
  const post = (path: string, body: object) => steps.create(path, body);

  let n = 0;
  const next = () => ++n;
  let product: Json;
  let customer: Json;
  let plan: Json;

  /** Collection path, its table, and how one of its rows is made (returns its id). */
  const COLLECTIONS: [path: string, table: string, make: () => Promise<number>][] = [
    ['/products', 'products', async () => (await post('/product', { name: `Product ${next()}` })).id],
    ['/categories', 'categories', async () => (await post('/category', { name: `Category ${next()}` })).id],
    [
      '/countries',
      'countries',
      async () => {
        const i = next();
        return (await post('/country', { name: `Land ${i}`, code: `Q${String.fromCharCode(65 + (i % 26))}` })).id;
      },
    ],
    ['/customers', 'customers', async () => (await post('/customer', { email: `c${next()}@example.com` })).id],
    ['/customergroups', 'customer_groups', async () => (await post('/customergroup', { name: `Group ${next()}`, api_code: `g${n}` })).id],
    [
      '/coupons',
      'coupons',
      async () => (await post('/coupon', { code: `SAVE${next()}`, discount_type: 'percentage', discount_value: '10' })).id,
    ],
    ['/billingplans', 'billing_plans', async () => (await post('/billingplan', { name: `Plan ${next()}`, interval_unit: 'month' })).id],
    [
      '/customfielddefinitions',
      'custom_field_definitions',
      async () => (await post('/customfielddefinition', { name: `field_${next()}`, label: 'Field', entity: 'product', type: 'text' })).id,
    ],
    ['/taxclasses', 'tax_classes', async () => (await post('/taxclass', { name: `Class ${next()}` })).id],
    ['/shipments', 'shipments', async () => (await post('/shipment', { number: `SH-${next()}` })).id],
    [
      '/subscriptions',
      'subscriptions',
      async () => (await post('/subscription', { customer_id: customer.id, billing_plan_id: plan.id })).id,
    ],
    ['/quotes', 'quotes', async () => (await post('/quote', { name: `Quote ${next()}` })).id],
    [
      '/orders',
      'orders',
      async () => {
        const quote = await post('/quote', { name: `To order ${next()}`, items: [{ product_id: product.id }] });
        return (await post(`/quote/${quote.id}/order`, {})).id;
      },
    ],
    ['/webhooks', 'webhooks', async () => (await post('/webhook', { url: `http://127.0.0.1:9/hook/${next()}`, events: ['*'] })).id],
    ['/producttypes', 'product_types', async () => (await post('/producttype', { name: `Type ${next()}`, api_code: `type-${n}` })).id],
    ['/reviews', 'reviews', async () => (await post('/product/ORDERED/review', { author_name: `Author ${next()}`, rating: 4 })).id],
  ];
  /** The rows a, b, c of each collection. */
  const rows = new Map<string, [a: number, b: number, c: number]>();

  beforeAll(async () => {
    t = await bootTestApp('updated_at_filters', { WEBHOOK_ALLOW_PRIVATE: 'true' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    planner = new pg.Client({ connectionString: t.dbUrl });
    await planner.connect();
    // Tables of three rows: a sequential scan always wins, so the plans are read with it off.
    await planner.query('SET enable_seqscan = off');
    product = await post('/product', { name: 'Ordered', sku: 'ORDERED', base_price: '5.00' });
    customer = await post('/customer', { email: 'subscriber@example.com' });
    plan = await post('/billingplan', { name: 'Monthly', interval_unit: 'month' });
    for (const [path, table, make] of COLLECTIONS) {
      const ids: [number, number, number] = [await make(), await make(), await make()];
      rows.set(path, ids);
      await t.sql(
        `UPDATE ${table} SET updated_at = v.at::timestamptz FROM (VALUES ($1::int, '2030-03-01 00:00:00.6Z'), ($2::int, '2030-03-03 00:00:00Z'), ($3::int, '2030-03-02 00:00:00Z')) v(id, at) WHERE ${table}.id = v.id`,
        ids,
      );
    }
  }, 120_000);

  afterAll(async () => {
    await planner.end();
    await t.close();
  });

  const list = async (path: string, query: string) => {
    const res = await t.http.get(`${path}?${query}`).set(auth);
    expect(res.status).toBe(200);
    return { ids: (res.body.data as Json[]).map((r) => r.id as number), total: res.body.meta.pagination.total as number };
  };

  describe.each(COLLECTIONS.map(([path, table]) => [path, table]))('GET %s', (path, table) => {
    it('updated_at_min / updated_at_max: bounds inclusive to the second, in both timestamp forms', async () => {
      const [a, b, c] = rows.get(path)!;
      expect(await list(path, 'updated_at_min=2030-03-01%2000:00:00')).toEqual({ ids: [a, b, c], total: 3 });
      expect(await list(path, 'updated_at_min=2030-03-01T00:00:01Z')).toEqual({ ids: [b, c], total: 2 });
      expect(await list(path, 'updated_at_min=2030-03-01T02:00:00%2B02:00&updated_at_max=2030-03-02%2000:00:00')).toEqual({
        ids: [a, c],
        total: 2,
      });
      expect(await list(path, 'updated_at_min=2030-01-01T00:00:00Z&updated_at_max=2030-03-01 00:00:00')).toEqual({ ids: [a], total: 1 });
      expect(await list(path, 'updated_at_min=2030-03-04T00:00:00Z')).toEqual({ ids: [], total: 0 });
    });

    it('sort=updated_at, both orders, with paging', async () => {
      const [a, b, c] = rows.get(path)!;
      expect(await list(path, 'updated_at_min=2030-01-01T00:00:00Z&sort=updated_at')).toEqual({ ids: [a, c, b], total: 3 });
      expect(await list(path, 'updated_at_min=2030-01-01T00:00:00Z&sort=updated_at&order=desc&limit=2&page=2')).toEqual({
        ids: [a],
        total: 3,
      });
      // Without a bound, every row: the three of 2030 come last.
      const all = await list(path, 'sort=updated_at&limit=250');
      expect(all.ids.slice(-3)).toEqual([a, c, b]);
    });

    it('a bad bound is 422 on its field', async () => {
      const res = await t.http.get(`${path}?updated_at_min=yesterday&updated_at_max=2030-02-30%2000:00:00`).set(auth);
      expect(res.body).toEqual(
        fail(422, {
          updated_at_min: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'],
          updated_at_max: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'],
        }),
      );
      const unknown = await t.http.get(`${path}?updated_at=2030-03-01%2000:00:00`).set(auth);
      expect(unknown.body).toEqual(fail(422, { updated_at: ['is not a known field'] }));
    });

    it(`is a range of IDX_${table}_updated_at_id, read in its order`, async () => {
      queryCounter.reset(true);
      const res = await t.http
        .get(`${path}?sort=updated_at&updated_at_min=2030-03-01T00:00:00Z&updated_at_max=2030-03-02T00:00:00Z`)
        .set(auth);
      const statements = queryCounter.statements.map((sql, i) => ({ sql, params: queryCounter.parameters[i] }));
      queryCounter.reset();
      expect(res.status).toBe(200);
      const filtered = statements.filter((s) => /updated_at"? >=/.test(s.sql));
      expect(filtered.length).toBeGreaterThan(0);
      for (const s of filtered) {
        const { rows: plans } = await planner.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${s.sql}`, s.params);
        const scans = scansOf(plans[0]['QUERY PLAN'][0].Plan, table);
        expect(scans.length).toBeGreaterThan(0);
        for (const scan of scans)
          expect(scan).toMatch(new RegExp(`^(Index|Index Only|Bitmap Heap) Scan using IDX_${table}_updated_at_id$`));
      }
    });
  });

  it('nested collections and /events take no updated_at bounds', async () => {
    for (const path of [
      `/country/${rows.get('/countries')![0]}/states`,
      `/customer/${customer.id}/addresses`,
      '/product/ORDERED/reviews',
      '/events',
    ]) {
      const res = await t.http.get(`${path}?updated_at_min=2030-03-01%2000:00:00`).set(auth);
      expect([path, res.body]).toEqual([path, fail(422, { updated_at_min: ['is not a known field'] })]);
    }
  });
});
