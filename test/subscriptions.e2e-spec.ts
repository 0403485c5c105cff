import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

type Json = Record<string, unknown>;

/**
 * Fixtures are written with SQL so these specs depend only on the other modules' tables:
 * group 1 (vip); customers 1 (in vip) and 2; plans 1 monthly, 2 two-weekly with a 14-day trial and
 * 3 cycles, 3 daily with 2 cycles, 4 yearly; products 1 Coffee (20.00; tiers 10 → 18.00, vip 10 → 17.00),
 * 2 Tea (10.00) with variant 1 (12.00; tier 5 → 11.00) and variant 2 (no price of its own), 3 Mug (8.00, on sale 25% off).
 */
async function seed(t: TestApp) {
  // Normally created by the migration; the specs run on a schema synchronized from the entities.
  await t.sql('CREATE SEQUENCE IF NOT EXISTS subscription_number_seq START 1001');
  await t.sql(`INSERT INTO customer_groups (name, api_code) VALUES ('VIP', 'vip')`);
  await t.sql(`INSERT INTO customers (first_name, last_name, email, customer_group_id) VALUES ('Ada', 'Lovelace', 'ada@example.com', 1)`);
  await t.sql(`INSERT INTO customers (first_name, email, phone) VALUES ('Bob', 'bob@example.com', '555-0100')`);
  await t.sql(`INSERT INTO billing_plans (name, interval_unit, interval_count, trial_days, renewal_cycles) VALUES
    ('Monthly', 'month', 1, 0, NULL), ('Fortnightly trial', 'week', 2, 14, 3), ('Daily twice', 'day', 1, 0, 2), ('Yearly', 'year', 1, 0, NULL)`);
  await t.sql(`INSERT INTO products (name, sku, url_name, base_price) VALUES ('Coffee', 'COF', 'coffee', 20), ('Tea', 'TEA', 'tea', 10)`);
  await t.sql(
    `INSERT INTO products (name, sku, url_name, base_price, is_on_sale, sale_price_or_discount) VALUES ('Mug', 'MUG', 'mug', 8, true, '25%')`,
  );
  await t.sql(`INSERT INTO product_price_tiers (product_id, customer_group_id, quantity, price) VALUES (1, NULL, 10, 18), (1, 1, 10, 17)`);
  await t.sql(
    `INSERT INTO product_variants (product_id, sku, base_price, options) VALUES (2, 'TEA-L', 12, '{"size":"L"}'), (2, 'TEA-S', NULL, '{"size":"S"}')`,
  );
  await t.sql(`INSERT INTO variant_price_tiers (variant_id, customer_group_id, quantity, price) VALUES (1, NULL, 5, 11)`);
}

const subscription = (over: Json) => ({
  status: 'active',
  renewal_count: 0,
  cancelled_at: null,
  created_at: TS,
  updated_at: TS,
  ...over,
});

const item = (over: Json) => ({ variant_id: null, quantity: 1, created_at: TS, updated_at: TS, ...over });

describeE2E('subscriptions', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('subscriptions');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await seed(t);
  });
  afterAll(() => t?.close());

  const create = (body: Json) => t.http.post('/subscriptions').set(auth).send(body);
  const renew = (key: string | number) => t.http.post(`/subscription/${key}/renew`).set(auth);
  const patch = (key: string | number, body: Json) => t.http.patch(`/subscription/${key}`).set(auth).send(body);

  describe('create and read', () => {
    it('creates an active subscription numbered S + sequence, its first period one plan interval', async () => {
      const res = await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-01-31 10:00:00' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(
        ok(
          201,
          subscription({
            id: 1,
            number: 'S1001',
            customer_id: 1,
            billing_plan_id: 1,
            started_at: '2024-01-31 10:00:00',
            current_period_start: '2024-01-31 10:00:00',
            current_period_end: '2024-02-29 10:00:00',
          }),
        ),
      );
    });

    it('accepts POST /subscription, defaults started_at to now and starts a trial when the plan has one', async () => {
      const res = await t.http.post('/subscription').set(auth).send({ customer_id: 2, billing_plan_id: 2 });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(data).toEqual(
        subscription({
          id: 2,
          number: 'S1002',
          customer_id: 2,
          billing_plan_id: 2,
          started_at: TS,
          current_period_start: TS,
          current_period_end: TS,
        }),
      );
      expect(data.started_at).toBe(data.created_at);
      expect(data.current_period_start).toBe(data.started_at);
      const trialEnd = new Date(Date.parse(`${data.started_at.replace(' ', 'T')}Z`) + 14 * 86_400_000);
      expect(data.current_period_end).toBe(trialEnd.toISOString().slice(0, 19).replace('T', ' '));
      expect(Math.abs(Date.parse(`${data.created_at.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(60_000);

      const iso = await create({ customer_id: 1, billing_plan_id: 2, started_at: '2024-03-01T00:30:00+02:00' });
      expect(iso.body.data).toMatchObject({
        number: 'S1003',
        started_at: '2024-02-29 22:30:00',
        current_period_start: '2024-02-29 22:30:00',
        current_period_end: '2024-03-14 22:30:00',
      });
    });

    it('creates the products given with the subscription, pricing those without a price', async () => {
      const res = await create({
        customer_id: 1,
        billing_plan_id: 4,
        started_at: '2024-02-29 00:00:00',
        products: [{ product_id: 1, quantity: 10 }, { product_id: 2, variant_id: 1, quantity: 2, price: '9.5' }, { product_id: 3 }],
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual(
        subscription({
          id: 4,
          number: 'S1004',
          customer_id: 1,
          billing_plan_id: 4,
          started_at: '2024-02-29 00:00:00',
          current_period_start: '2024-02-29 00:00:00',
          current_period_end: '2025-02-28 00:00:00',
        }),
      );
      const products = await t.http.get('/subscription/S1004/products').set(auth);
      expect(products.body.data).toEqual([
        item({ id: 1, subscription_id: 4, product_id: 1, quantity: 10, price: '17.00' }),
        item({ id: 2, subscription_id: 4, product_id: 2, variant_id: 1, quantity: 2, price: '9.50' }),
        item({ id: 3, subscription_id: 4, product_id: 3, price: '6.00' }),
      ]);
    });

    it('reads a subscription by id and by number on both spellings; a numeric key that is no id is 404', async () => {
      const first = await t.http.get('/subscription/1').set(auth);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ id: 1, number: 'S1001' });
      for (const path of ['/subscriptions/1', '/subscription/S1001', '/subscriptions/S1001']) {
        const res = await t.http.get(path).set(auth);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(first.body);
      }
      for (const path of [
        '/subscription/999',
        '/subscription/1001',
        '/subscription/S9999',
        '/subscriptions/s1001',
        '/subscription/99999999999',
      ]) {
        const res = await t.http.get(path).set(auth);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(fail(404, `Subscription ${path.split('/')[2]} was not found.`));
      }
    });

    it('refuses bodies with missing, malformed or unknown fields', async () => {
      const empty = await create({});
      expect(empty.status).toBe(422);
      expect(empty.body).toEqual(fail(422, { customer_id: ['is required'], billing_plan_id: ['is required'] }));

      const bad = await create({
        customer_id: '1',
        billing_plan_id: 0,
        started_at: '2024-02-30 00:00:00',
        status: 'paused',
        products: [{ quantity: 1 }, { product_id: 1, quantity: 1000001, variant_id: 'x', price: '1.234' }, 7],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.error.message).toEqual({
        customer_id: ['must be an integer'],
        billing_plan_id: ['must be at least 1'],
        started_at: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'],
        status: ['is not a known field'],
        'products.0.product_id': ['is required'],
        'products.1.quantity': ['must be at most 1000000'],
        'products.1.variant_id': ['must be an integer'],
        'products.1.price': ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
        'products.2': ['must be an object'],
      });
      const notArray = await create({ customer_id: 1, billing_plan_id: 1, products: { product_id: 1 } });
      expect(notArray.body).toEqual(fail(422, { products: ['must be an array'] }));
      const many = await create({ customer_id: 1, billing_plan_id: 1, products: Array.from({ length: 101 }, () => ({ product_id: 1 })) });
      expect(many.body).toEqual(fail(422, { products: ['must have at most 100 items'] }));
    });

    it('refuses customers, plans, products and variants that do not exist with 422 on their paths', async () => {
      const missing = await create({ customer_id: 99, billing_plan_id: 99 });
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(fail(422, { customer_id: ['does not exist'], billing_plan_id: ['does not exist'] }));

      const items = await create({
        customer_id: 1,
        billing_plan_id: 1,
        products: [
          { product_id: 99 },
          { product_id: 1, variant_id: 99 },
          { product_id: 1, variant_id: 1 },
          { product_id: 2, variant_id: 2 },
        ],
      });
      expect(items.status).toBe(422);
      expect(items.body).toEqual(
        fail(422, {
          'products.0.product_id': ['does not exist'],
          'products.1.variant_id': ['does not exist'],
          'products.2.variant_id': ['is not a variant of the product'],
        }),
      );

      const late = await create({ customer_id: 1, billing_plan_id: 1, started_at: '9999-12-15 00:00:00' });
      expect(late.body).toEqual(fail(422, { started_at: ['is too late: the first period would end after 9999-12-31 23:59:59'] }));

      // Nothing was written and no number was taken by the refused requests.
      expect(await t.sql('SELECT count(*)::int AS n FROM subscriptions')).toEqual([{ n: 4 }]);
      const next = await create({ customer_id: 2, billing_plan_id: 3, started_at: '2024-06-01 12:00:00' });
      expect(next.body.data).toMatchObject({ id: 5, number: 'S1005', current_period_end: '2024-06-02 12:00:00' });
    });
  });

  describe('embeds and lists', () => {
    const ada = {
      id: 1,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: null,
      phone: null,
      notes: null,
      is_guest: 0,
      customer_group_id: 1,
      created_at: TS,
      updated_at: TS,
    };
    const yearly = {
      id: 4,
      name: 'Yearly',
      interval_unit: 'year',
      interval_count: 1,
      trial_days: 0,
      renewal_cycles: null,
      created_at: TS,
      updated_at: TS,
    };

    it('embeds customer, billing_plan and products on one subscription', async () => {
      const plain = await t.http.get('/subscription/4').set(auth);
      const res = await t.http.get('/subscription/4?embed=customer,billing_plan,products').set(auth);
      expect(res.status).toBe(200);
      const products = (await t.http.get('/subscription/4/products').set(auth)).body.data;
      expect(res.body.data).toEqual({
        ...plain.body.data,
        customer: { data: ada },
        billing_plan: { data: yearly },
        products: { data: products },
      });
      expect(products).toHaveLength(3);
      // camelCase spelling, and nothing embedded without asking.
      const camel = await t.http.get('/subscription/S1004?embed=billingPlan').set(auth);
      expect(camel.body.data).toEqual({ ...plain.body.data, billing_plan: { data: yearly } });
      expect(Object.keys(plain.body.data)).not.toContain('customer');
      // A subscription without products embeds an empty list.
      const none = await t.http.get('/subscription/1?embed=products').set(auth);
      expect(none.body.data.products).toEqual({ data: [] });
    });

    it('embeds the catalog product of each subscription product with products.product', async () => {
      const res = await t.http.get('/subscription/4?embed=products.product').set(auth);
      const [coffee, tea, mug] = await Promise.all([1, 2, 3].map(async (id) => (await t.http.get(`/product/${id}`).set(auth)).body.data));
      expect(coffee).toMatchObject({ id: 1, name: 'Coffee' });
      expect(res.body.data.products.data.map((p: Json) => p.product)).toEqual([{ data: coffee }, { data: tea }, { data: mug }]);
    });

    it('refuses unknown embeds, listing the allowed ones', async () => {
      const res = await t.http.get('/subscriptions?embed=customer,plan').set(auth);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(fail(422, { embed: ['unknown "plan"; allowed: customer, billing_plan, products, products.product'] }));
      expect((await t.http.get('/subscription/1?embed=customer.group').set(auth)).status).toBe(422);
    });

    it('embeds on the list with a fixed number of queries, whatever the page size', async () => {
      const embed = 'embed=customer,billing_plan,products.product';
      queryCounter.reset();
      const one = await t.http.get(`/subscriptions?cursor=3&limit=1&${embed}`).set(auth);
      const forOne = queryCounter.count;
      queryCounter.reset();
      const all = await t.http.get(`/subscriptions?${embed}`).set(auth);
      expect(queryCounter.count).toBe(forOne);
      expect(one.body.data.map((s: Json) => s.number)).toEqual(['S1004']);
      expect(all.body.data).toHaveLength(5);
      expect(all.body.data[3].customer).toEqual({ data: ada });
      expect(all.body.data[3].products.data).toHaveLength(3);
      expect(all.body.data.map((s: Json) => (s.customer as { data: Json }).data.id)).toEqual([1, 2, 1, 1, 2]);
      expect(all.body.data.map((s: Json) => (s.billing_plan as { data: Json }).data.id)).toEqual([1, 2, 2, 4, 3]);
    });

    it('lists with filters, sorting and paging', async () => {
      const list = await t.http.get('/subscriptions').set(auth);
      expect(list.status).toBe(200);
      expect(list.body.meta).toEqual({
        status: 200,
        success: true,
        pagination: { total: 5, count: 5, limit: 250, page: 1, total_pages: 1, next_cursor: null },
      });
      expect(list.body.data[0]).toEqual((await t.http.get('/subscription/1').set(auth)).body.data);

      const byCustomer = await t.http.get('/subscriptions?customer_id=2').set(auth);
      expect(byCustomer.body.data.map((s: Json) => s.number)).toEqual(['S1002', 'S1005']);
      const sorted = await t.http.get('/subscriptions?sort=current_period_end&order=desc&limit=2&page=2').set(auth);
      // Period ends: S1001 2024-02-29, S1002 now + 14 days, S1003 2024-03-14, S1004 2025-02-28, S1005 2024-06-02.
      expect(sorted.body.data.map((s: Json) => s.number)).toEqual(['S1005', 'S1003']);
      expect(sorted.body.meta.pagination).toEqual({ total: 5, count: 2, limit: 2, page: 2, total_pages: 3, next_cursor: null });
      const paged = await t.http.get('/subscriptions?limit=2').set(auth);
      expect(paged.body.meta.pagination.next_cursor).toBe(2);
      const after = await t.http.get('/subscriptions?cursor=2&limit=2').set(auth);
      expect(after.body.data.map((s: Json) => s.id)).toEqual([3, 4]);

      const none = await t.http.get('/subscriptions?status=paused').set(auth);
      expect(none.body.data).toEqual([]);
      const active = await t.http.get('/subscriptions?status=active&customer_id=1').set(auth);
      expect(active.body.data.map((s: Json) => s.id)).toEqual([1, 3, 4]);
    });

    it('refuses bad filters and sorts with 422', async () => {
      const bad = await t.http.get('/subscriptions?status=gone&customer_id=abc').set(auth);
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(
        fail(422, { status: ['must be one of: active, paused, cancelled, expired'], customer_id: ['must be an integer'] }),
      );
      const zero = await t.http.get('/subscriptions?customer_id=0').set(auth);
      expect(zero.body).toEqual(fail(422, { customer_id: ['must be at least 1'] }));
      const sort = await t.http.get('/subscriptions?sort=started_at').set(auth);
      expect(sort.body).toEqual(
        fail(422, { sort: ['must be one of: id, number, status, customer_id, current_period_end, created_at, updated_at'] }),
      );
      const item = await t.http.get('/subscription/1?status=active').set(auth);
      expect(item.body).toEqual(fail(422, { status: ['is not a known field'] }));
    });
  });

  describe('status changes and plan changes', () => {
    let id: number;

    beforeAll(async () => {
      id = (await create({ customer_id: 2, billing_plan_id: 1, started_at: '2024-05-31 08:00:00' })).body.data.id;
    });

    it('pauses and resumes; the same status again changes nothing', async () => {
      const before = (await t.http.get(`/subscription/${id}`).set(auth)).body.data;
      const paused = await patch(id, { status: 'paused' });
      expect(paused.status).toBe(200);
      expect(paused.body).toEqual(ok(200, { ...before, status: 'paused', updated_at: TS }));
      const again = await patch(id, { status: 'paused' });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(paused.body.data);
      const resumed = await t.http.patch(`/subscriptions/${before.number}`).set(auth).send({ status: 'active' });
      expect(resumed.status).toBe(200);
      expect(resumed.body.data).toEqual({ ...before, updated_at: TS });
    });

    it('changes the plan from the next renewal on, keeping the current period', async () => {
      const before = (await t.http.get(`/subscription/${id}`).set(auth)).body.data;
      const res = await patch(id, { billing_plan_id: 3 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...before, billing_plan_id: 3, updated_at: TS });
      const missing = await patch(id, { billing_plan_id: 99 });
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(fail(422, { billing_plan_id: ['does not exist'] }));
      const back = await patch(id, { billing_plan_id: 1 });
      expect(back.body.data.billing_plan_id).toBe(1);
    });

    it('refuses malformed or unknown fields', async () => {
      const res = await patch(id, { status: 'done', billing_plan_id: null, renewal_count: 3 });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(
        fail(422, {
          status: ['must be one of: active, paused, cancelled, expired'],
          billing_plan_id: ['must be an integer'],
          renewal_count: ['is not a known field'],
        }),
      );
      expect((await patch(999, { status: 'paused' })).status).toBe(404);
    });

    it('refuses expired as a target with 409 naming both states', async () => {
      const res = await patch(id, { status: 'expired' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(fail(409, 'A subscription cannot change from active to expired; allowed from active: paused, cancelled.'));
    });

    it('honours If-Match', async () => {
      const current = await t.http.get(`/subscription/${id}`).set(auth);
      const stale = await t.http.patch(`/subscription/${id}`).set(auth).set('If-Match', '"stale"').send({ status: 'paused' });
      expect(stale.status).toBe(412);
      expect(stale.body.meta).toEqual({ status: 412, success: false });
      expect((await t.http.get(`/subscription/${id}`).set(auth)).body.data.status).toBe('active');
      const fresh = await t.http.patch(`/subscription/${id}`).set(auth).set('If-Match', current.headers.etag).send({ status: 'paused' });
      expect(fresh.status).toBe(200);
    });

    it('cancels a paused subscription, recording when; a cancelled one stays cancelled', async () => {
      const res = await patch(id, { status: 'cancelled' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'cancelled', cancelled_at: TS });
      expect(res.body.data.cancelled_at).toBe(res.body.data.updated_at);
      expect((await patch(id, { status: 'cancelled' })).body).toEqual(res.body);

      for (const status of ['active', 'paused', 'expired']) {
        const refused = await patch(id, { status });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual(fail(409, `A subscription cannot change from cancelled to ${status}; allowed from cancelled: none.`));
      }
      const plan = await patch(id, { billing_plan_id: 4 });
      expect(plan.status).toBe(409);
      expect(plan.body).toEqual(fail(409, 'The subscription is cancelled; its billing plan cannot be changed.'));
      // The same plan again is no change, so no conflict.
      expect((await patch(id, { billing_plan_id: 1 })).status).toBe(200);
      expect((await t.http.get(`/subscription/${id}`).set(auth)).body.data).toEqual(res.body.data);
    });

    it('cancels an active subscription directly', async () => {
      const other = (await create({ customer_id: 1, billing_plan_id: 1 })).body.data;
      const res = await patch(other.id, { status: 'cancelled' });
      expect(res.body.data).toEqual({ ...other, status: 'cancelled', cancelled_at: TS, updated_at: TS });
    });
  });

  describe('renewal', () => {
    it('moves the period by one month, anchored on the start day, and counts', async () => {
      const s = (await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-01-31 10:00:00' })).body.data;
      const first = await renew(s.id);
      expect(first.status).toBe(200);
      expect(first.body).toEqual(
        ok(200, {
          ...s,
          current_period_start: '2024-02-29 10:00:00',
          current_period_end: '2024-03-31 10:00:00',
          renewal_count: 1,
          updated_at: TS,
        }),
      );
      const second = await t.http.post(`/subscriptions/${s.number}/renew`).set(auth);
      expect(second.status).toBe(200);
      expect(second.body.data).toMatchObject({
        current_period_start: '2024-03-31 10:00:00',
        current_period_end: '2024-04-30 10:00:00',
        renewal_count: 2,
      });
      expect((await renew(s.id)).body.data).toMatchObject({ current_period_end: '2024-05-31 10:00:00', renewal_count: 3 });
      expect((await t.http.get(`/subscription/${s.id}`).set(auth)).body.data).toMatchObject({ renewal_count: 3, status: 'active' });
    });

    it('renews yearly from Feb 29 to Feb 28, and by the plan in force at the renewal', async () => {
      const yearly = await renew('S1004');
      expect(yearly.body.data).toMatchObject({ current_period_start: '2025-02-28 00:00:00', current_period_end: '2026-02-28 00:00:00' });
      expect((await patch('S1004', { billing_plan_id: 3 })).body.data.current_period_end).toBe('2026-02-28 00:00:00');
      expect((await renew('S1004')).body.data).toMatchObject({
        current_period_start: '2026-02-28 00:00:00',
        current_period_end: '2026-03-01 00:00:00',
        renewal_count: 2,
        // Plan 3 has two cycles: this renewal reaches them.
        status: 'expired',
      });
    });

    it('expires on the renewal that reaches renewal_cycles; an expired subscription is final', async () => {
      const s = (await create({ customer_id: 2, billing_plan_id: 2, started_at: '2024-01-01 00:00:00' })).body.data;
      expect(s.current_period_end).toBe('2024-01-15 00:00:00');
      const ends = [];
      for (let i = 0; i < 3; i++) ends.push((await renew(s.id)).body.data);
      expect(ends.map((d) => [d.current_period_start, d.current_period_end, d.renewal_count, d.status])).toEqual([
        ['2024-01-15 00:00:00', '2024-01-29 00:00:00', 1, 'active'],
        ['2024-01-29 00:00:00', '2024-02-12 00:00:00', 2, 'active'],
        ['2024-02-12 00:00:00', '2024-02-26 00:00:00', 3, 'expired'],
      ]);
      const again = await renew(s.id);
      expect(again.status).toBe(409);
      expect(again.body).toEqual(fail(409, 'The subscription is expired; only an active subscription can be renewed.'));
      expect((await patch(s.id, { status: 'active' })).body).toEqual(
        fail(409, 'A subscription cannot change from expired to active; allowed from expired: none.'),
      );
      expect((await patch(s.id, { status: 'expired' })).status).toBe(200);
    });

    it('refuses to renew a paused or cancelled subscription with 409, leaving it unchanged', async () => {
      const s = (await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-07-15 00:00:00' })).body.data;
      const paused = (await patch(s.id, { status: 'paused' })).body.data;
      const res = await renew(s.id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(fail(409, 'The subscription is paused; only an active subscription can be renewed.'));
      expect((await t.http.get(`/subscription/${s.id}`).set(auth)).body.data).toEqual(paused);
      await patch(s.id, { status: 'cancelled' });
      expect((await renew(s.id)).body).toEqual(fail(409, 'The subscription is cancelled; only an active subscription can be renewed.'));
      const missing = await renew('S9999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(fail(404, 'Subscription S9999 was not found.'));
    });

    it('refuses a renewal past year 9999 with 409', async () => {
      const s = (await create({ customer_id: 1, billing_plan_id: 4, started_at: '9998-06-01 00:00:00' })).body.data;
      expect((await renew(s.id)).body).toEqual(
        fail(409, 'The next period would end after 9999-12-31 23:59:59; the subscription cannot be renewed.'),
      );
    });

    it('honours If-Match on renew, so a client renews only the period it saw', async () => {
      const s = await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-01-10 00:00:00' });
      const etag = (await t.http.get(`/subscription/${s.body.data.id}`).set(auth)).headers.etag;
      const first = await renew(s.body.data.id).set('If-Match', etag);
      expect(first.status).toBe(200);
      const second = await renew(s.body.data.id).set('If-Match', etag);
      expect(second.status).toBe(412);
      expect((await t.http.get(`/subscription/${s.body.data.id}`).set(auth)).body.data.renewal_count).toBe(1);
    });
  });

  describe('concurrency', () => {
    it('serializes simultaneous renewals: each moves the period exactly once', async () => {
      const s = (await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-01-31 00:00:00' })).body.data;
      const results = await Promise.all([renew(s.id), renew(s.id), renew(s.number), renew(s.id), renew(s.number)]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const seen = results.map((r) => [r.body.data.renewal_count, r.body.data.current_period_start, r.body.data.current_period_end]);
      expect(seen.sort((a, b) => a[0] - b[0])).toEqual([
        [1, '2024-02-29 00:00:00', '2024-03-31 00:00:00'],
        [2, '2024-03-31 00:00:00', '2024-04-30 00:00:00'],
        [3, '2024-04-30 00:00:00', '2024-05-31 00:00:00'],
        [4, '2024-05-31 00:00:00', '2024-06-30 00:00:00'],
        [5, '2024-06-30 00:00:00', '2024-07-31 00:00:00'],
      ]);
      expect((await t.http.get(`/subscription/${s.id}`).set(auth)).body.data).toMatchObject({
        renewal_count: 5,
        current_period_start: '2024-06-30 00:00:00',
        current_period_end: '2024-07-31 00:00:00',
      });
    });

    it('lets exactly the renewals up to renewal_cycles through when they race; the rest get 409', async () => {
      const s = (await create({ customer_id: 2, billing_plan_id: 3, started_at: '2024-03-01 00:00:00' })).body.data;
      const results = await Promise.all([renew(s.id), renew(s.id), renew(s.id), renew(s.id)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) {
        expect(r.body).toEqual(fail(409, 'The subscription is expired; only an active subscription can be renewed.'));
      }
      expect((await t.http.get(`/subscription/${s.id}`).set(auth)).body.data).toMatchObject({
        status: 'expired',
        renewal_count: 2,
        current_period_start: '2024-03-03 00:00:00',
        current_period_end: '2024-03-04 00:00:00',
      });
    });

    it('leaves a renewal racing a cancellation in one consistent order', async () => {
      for (let round = 0; round < 3; round++) {
        const s = (await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-01-15 00:00:00' })).body.data;
        const [renewed, cancelled] = await Promise.all([renew(s.id), patch(s.id, { status: 'cancelled' })]);
        expect(cancelled.status).toBe(200);
        const final = (await t.http.get(`/subscription/${s.id}`).set(auth)).body.data;
        expect(final.status).toBe('cancelled');
        if (renewed.status === 200) {
          // Renewed first, then cancelled: the cancellation saw the renewed period.
          expect(final).toMatchObject({
            renewal_count: 1,
            current_period_start: '2024-02-15 00:00:00',
            current_period_end: '2024-03-15 00:00:00',
          });
          expect(cancelled.body.data).toEqual(final);
        } else {
          expect(renewed.status).toBe(409);
          expect(renewed.body).toEqual(fail(409, 'The subscription is cancelled; only an active subscription can be renewed.'));
          expect(final).toMatchObject({
            renewal_count: 0,
            current_period_start: '2024-01-15 00:00:00',
            current_period_end: '2024-02-15 00:00:00',
          });
        }
      }
    });
  });

  describe('subscription products', () => {
    let sub: Json;

    beforeAll(async () => {
      sub = (await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-08-01 00:00:00' })).body.data;
    });

    const add = (body: Json, key: unknown = sub.id) => t.http.post(`/subscription/${key}/products`).set(auth).send(body);

    it('adds products priced by the catalog for the quantity and the customer group, or at the price given', async () => {
      const one = await add({ product_id: 1 });
      expect(one.status).toBe(201);
      const base = one.body.data.id as number;
      expect(one.body).toEqual(ok(201, item({ id: base, subscription_id: sub.id, product_id: 1, price: '20.00' })));

      // Customer 1 is in the vip group: its tier at 10 beats the tier for everyone.
      const vip = await t.http.post(`/subscriptions/${sub.number}/product`).set(auth).send({ product_id: 1, quantity: 10 });
      expect(vip.status).toBe(201);
      expect(vip.body.data).toEqual(item({ id: base + 1, subscription_id: sub.id, product_id: 1, quantity: 10, price: '17.00' }));
      const variant = await add({ product_id: 2, variant_id: 1, quantity: 5 });
      expect(variant.body.data).toEqual(
        item({ id: base + 2, subscription_id: sub.id, product_id: 2, variant_id: 1, quantity: 5, price: '11.00' }),
      );
      // A variant without a price of its own costs the product's price.
      const plain = await add({ product_id: 2, variant_id: 2, price: null });
      expect(plain.body.data).toMatchObject({ variant_id: 2, price: '10.00' });
      const given = await add({ product_id: 3, quantity: 1000000, price: 0.5 });
      expect(given.body.data).toMatchObject({ product_id: 3, quantity: 1000000, price: '0.50' });

      // Customer 2 has no group: the tier for everyone applies.
      const bob = (await create({ customer_id: 2, billing_plan_id: 1 })).body.data;
      expect((await add({ product_id: 1, quantity: 12 }, bob.id)).body.data).toMatchObject({ price: '18.00', quantity: 12 });
    });

    it('lists, sorts and reads the products of a subscription on every spelling', async () => {
      const list = await t.http.get(`/subscription/${sub.id}/products`).set(auth);
      expect(list.status).toBe(200);
      expect(list.body.meta.pagination).toEqual({ total: 5, count: 5, limit: 250, page: 1, total_pages: 1, next_cursor: null });
      const first = list.body.data[0];
      const byPrice = await t.http.get(`/subscriptions/${sub.number}/products?sort=price&order=DESC&limit=2`).set(auth);
      expect(byPrice.body.data.map((p: Json) => p.price)).toEqual(['20.00', '17.00']);
      for (const path of [
        `/subscription/${sub.id}/product/${first.id}`,
        `/subscriptions/${sub.number}/products/${first.id}`,
        `/subscription/${sub.number}/products/${first.id}`,
      ]) {
        const res = await t.http.get(path).set(auth);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(ok(200, first));
      }
      const bad = await t.http.get(`/subscription/${sub.id}/products?sort=name`).set(auth);
      expect(bad.body).toEqual(
        fail(422, { sort: ['must be one of: id, product_id, variant_id, quantity, price, created_at, updated_at'] }),
      );
    });

    it('embeds the catalog product on the list and on one item', async () => {
      const coffee = (await t.http.get('/product/1').set(auth)).body.data;
      const list = await t.http.get(`/subscription/${sub.id}/products?embed=product`).set(auth);
      expect(list.body.data[0]).toEqual({
        ...(await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data[0],
        product: { data: coffee },
      });
      const one = await t.http.get(`/subscription/${sub.id}/product/${list.body.data[0].id}?embed=product`).set(auth);
      expect(one.body.data).toEqual(list.body.data[0]);
      const unknown = await t.http.get(`/subscription/${sub.id}/products?embed=variant`).set(auth);
      expect(unknown.body).toEqual(fail(422, { embed: ['unknown "variant"; allowed: product'] }));
    });

    it('answers 404 for unknown subscriptions and for products of another subscription', async () => {
      const first = (await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data[0];
      expect((await t.http.get('/subscription/S9999/products').set(auth)).status).toBe(404);
      const other = await t.http.get(`/subscription/1/product/${first.id}`).set(auth);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(fail(404, `Subscription product ${first.id} was not found.`));
      expect((await t.http.get(`/subscription/${sub.id}/product/abc`).set(auth)).status).toBe(404);
      expect((await add({ product_id: 1 }, 'S9999')).status).toBe(404);
      expect((await t.http.delete(`/subscription/1/product/${first.id}`).set(auth)).status).toBe(404);
    });

    it('refuses invalid products with 422 on their fields', async () => {
      const missing = await add({});
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(fail(422, { product_id: ['is required'] }));
      const bad = await add({ product_id: 1.5, variant_id: 0, quantity: 0, price: '-1', note: 'x' });
      expect(bad.body).toEqual(
        fail(422, {
          product_id: ['must be an integer'],
          variant_id: ['must be at least 1'],
          quantity: ['must be at least 1'],
          price: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
          note: ['is not a known field'],
        }),
      );
      expect((await add({ product_id: 1, quantity: 1000001, price: '10000000000' })).body).toEqual(
        fail(422, {
          quantity: ['must be at most 1000000'],
          price: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
        }),
      );
      expect((await add({ product_id: 99, variant_id: 1 })).body).toEqual(fail(422, { product_id: ['does not exist'] }));
      expect((await add({ product_id: 1, variant_id: 99 })).body).toEqual(fail(422, { variant_id: ['does not exist'] }));
      expect((await add({ product_id: 1, variant_id: 1 })).body).toEqual(fail(422, { variant_id: ['is not a variant of the product'] }));
      expect((await add({ product_id: 2, variant_id: 1, price: '99999999999.99' })).status).toBe(422);
    });

    it('deletes a product of a subscription and answers with it', async () => {
      const [first] = (await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data;
      const stale = await t.http.delete(`/subscription/${sub.id}/product/${first.id}`).set(auth).set('If-Match', '"stale"');
      expect(stale.status).toBe(412);
      const res = await t.http.delete(`/subscriptions/${sub.number}/products/${first.id}`).set(auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ok(200, first));
      expect((await t.http.get(`/subscription/${sub.id}/product/${first.id}`).set(auth)).status).toBe(404);
      expect((await t.http.delete(`/subscription/${sub.id}/product/${first.id}`).set(auth)).status).toBe(404);
    });

    it('keeps the products of an ended subscription as they were (409)', async () => {
      const [first] = (await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data;
      await patch(sub.id as number, { status: 'cancelled' });
      const added = await add({ product_id: 1 });
      expect(added.status).toBe(409);
      expect(added.body).toEqual(fail(409, 'The subscription is cancelled; its products cannot be changed.'));
      const removed = await t.http.delete(`/subscription/${sub.id}/product/${first.id}`).set(auth);
      expect(removed.status).toBe(409);
      expect(removed.body).toEqual(fail(409, 'The subscription is cancelled; its products cannot be changed.'));
    });
  });

  describe('references and scopes', () => {
    it('refuses to delete a customer, billing plan, product or variant in use by a subscription (409)', async () => {
      for (const path of ['/customer/2', '/billingplan/1', '/product/1', '/product/3']) {
        const res = await t.http.delete(path).set(auth);
        expect(res.status).toBe(409);
        expect(res.body.meta).toEqual({ status: 409, success: false });
      }
      await expect(t.sql('DELETE FROM product_variants WHERE id = 1')).rejects.toThrow(/subscription_products/);
    });

    it('enforces the subscriptions scopes', async () => {
      const reader = { Authorization: `Bearer ${await t.token(['subscriptions:read'])}` };
      for (const path of ['/subscriptions', '/subscription/1', '/subscription/1/products', '/subscription/4/product/1']) {
        expect((await t.http.get(path).set(reader)).status).toBe(200);
      }
      const writes = [
        t.http.post('/subscriptions').set(reader).send({ customer_id: 1, billing_plan_id: 1 }),
        t.http.patch('/subscription/1').set(reader).send({ status: 'paused' }),
        t.http.post('/subscription/1/renew').set(reader),
        t.http.post('/subscription/1/products').set(reader).send({ product_id: 1 }),
        t.http.delete('/subscription/4/product/1').set(reader),
      ];
      for (const res of await Promise.all(writes)) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual(fail(403, 'The access token lacks the scope "subscriptions:write".'));
      }
      const other = { Authorization: `Bearer ${await t.token(['catalog:*', 'customers:read'])}` };
      expect((await t.http.get('/subscriptions').set(other)).body).toEqual(
        fail(403, 'The access token lacks the scope "subscriptions:read".'),
      );
      expect((await t.http.get('/subscription/1/products').set(other)).status).toBe(403);

      const all = { Authorization: `Bearer ${await t.token(['subscriptions:*'])}` };
      expect((await t.http.post('/subscription/1/renew').set(all)).status).toBe(200);
      expect((await t.http.get('/subscription/1').set(all)).body.data.renewal_count).toBe(1);
    });
  });
});
