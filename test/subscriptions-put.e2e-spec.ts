import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

type Json = Record<string, unknown>;

/** The fixtures of subscriptions.e2e-spec.ts: customer 1 in group vip; plans 1–4; products 1 Coffee (20.00), 2 Tea with variant 1 (12.00), 3 Mug (6.00 on sale). */
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

const line = (over: Json) => ({ variant_id: null, quantity: 1, created_at: TS, updated_at: TS, ...over });

describeE2E('subscriptions: PUT', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('subscriptions-put');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await seed(t);
  });
  afterAll(() => t?.close());

  const create = (body: Json) => t.http.post('/subscriptions').set(auth).send(body);
  const put = (path: string, body: unknown) =>
    t.http
      .put(path)
      .set(auth)
      .send(body as object);
  const events = async (resource: string, id: number) =>
    (await t.sql<{ type: string }>(`SELECT type FROM events WHERE resource = $1 AND resource_id = $2 ORDER BY id`, [resource, id])).map(
      (e) => e.type,
    );

  describe('PUT /subscription/{id}', () => {
    it('sets the plan, keeps a left-out status, and changes nothing when sent again', async () => {
      const created = (await create({ customer_id: 1, billing_plan_id: 1, started_at: '2024-01-31 10:00:00' })).body.data;
      const res = await put(`/subscription/${created.id}`, { billing_plan_id: 4 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ok(200, { ...created, billing_plan_id: 4, updated_at: TS }));
      const again = await put(`/subscriptions/${created.number}`, { billing_plan_id: 4 });
      expect(again.body).toEqual(ok(200, res.body.data));
      expect(await events('subscription', created.id)).toEqual(['subscription.created', 'subscription.updated']);
      const paused = await put(`/subscription/${created.id}`, { billing_plan_id: 4, status: 'paused' });
      expect(paused.body).toEqual(ok(200, { ...res.body.data, status: 'paused', updated_at: TS }));
      const kept = await put(`/subscription/${created.id}`, { billing_plan_id: 1 });
      expect(kept.body.data).toMatchObject({ status: 'paused', billing_plan_id: 1 });
    });

    it('requires the plan as create does, and holds the rules of PATCH (409)', async () => {
      const { id } = (await create({ customer_id: 2, billing_plan_id: 1 })).body.data;
      expect((await put(`/subscription/${id}`, { status: 'paused' })).body).toEqual(fail(422, { billing_plan_id: ['is required'] }));
      expect((await put(`/subscription/${id}`, { billing_plan_id: 999 })).body).toEqual(fail(422, { billing_plan_id: ['does not exist'] }));
      expect((await put(`/subscription/${id}`, { billing_plan_id: 1, customer_id: 1 })).body).toEqual(
        fail(422, { customer_id: ['is not a known field'] }),
      );
      expect((await put(`/subscription/${id}`, { billing_plan_id: 1, status: 'cancelled' })).status).toBe(200);
      const refused = await put(`/subscription/${id}`, { billing_plan_id: 1, status: 'active' });
      expect(refused.status).toBe(409);
      const plan = await put(`/subscription/${id}`, { billing_plan_id: 2 });
      expect(plan.status).toBe(409);
      expect((await put('/subscription/9999', { billing_plan_id: 1 })).body).toEqual(fail(404, 'Subscription 9999 was not found.'));
    });
  });

  describe('?embed= on an item PUT', () => {
    it('answers a subscription, a customer and a shipment with the embeds GET shows', async () => {
      const sub = (await create({ customer_id: 1, billing_plan_id: 1, products: [{ product_id: 3 }] })).body.data;
      const embed = 'embed=customer,billing_plan,products.product';
      const res = await put(`/subscription/${sub.id}?${embed}`, { billing_plan_id: 4 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ok(200, (await t.http.get(`/subscription/${sub.id}?${embed}`).set(auth)).body.data));
      expect(res.body.data.billing_plan.data).toMatchObject({ id: 4, name: 'Yearly' });
      expect(res.body.data.products.data[0].product.data).toMatchObject({ id: 3, sku: 'MUG' });
      const plain = await put(`/subscription/${sub.id}`, { billing_plan_id: 4 });
      expect(plain.body).toEqual(ok(200, { ...sub, billing_plan_id: 4, updated_at: TS }));
      expect((await put(`/subscription/${sub.id}?embed=nope`, { billing_plan_id: 1 })).status).toBe(422);

      const ada = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', customer_group_id: 1 };
      const customer = await put('/customer/1?embed=group', ada);
      expect(customer.status).toBe(200);
      expect(customer.body).toEqual(ok(200, (await t.http.get('/customer/1?embed=group').set(auth)).body.data));
      expect(customer.body.data.group).toEqual({ data: expect.objectContaining({ id: 1, api_code: 'vip' }) });

      const shipment = await t.http
        .post('/shipments')
        .set(auth)
        .send({ number: 'SH-1', order_reference: 'O1', status: 'pending', shipping_method: 'Ground' });
      await t.http.post(`/shipment/${shipment.body.data.id}/trackingcodes`).set(auth).send({ code: 'Z1', carrier: 'UPS' });
      const replaced = await put(`/shipment/${shipment.body.data.id}?embed=trackingcodes`, {
        number: 'SH-1',
        order_reference: 'O1',
        status: 'shipped',
        shipping_method: 'Ground',
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual(
        ok(200, (await t.http.get(`/shipment/${shipment.body.data.id}?embed=trackingcodes`).set(auth)).body.data),
      );
      expect(replaced.body.data.trackingcodes.data.map((c: Json) => c.code)).toEqual(['Z1']);
      const events = await t.sql<{ data: Json }>(`SELECT data FROM events WHERE type = 'shipment.updated' AND resource_id = $1`, [
        shipment.body.data.id,
      ]);
      expect(events.map((e) => 'trackingcodes' in e.data)).toEqual([false]);
    });
  });

  describe('?embed= on the other item PUTs whose GET takes embeds', () => {
    it('answers a country, a tax class and an order as GET shows them with the same embed', async () => {
      const same = async (path: string, embed: string, body: Json) => {
        const res = await put(`${path}?embed=${embed}`, body);
        expect([200, 201]).toContain(res.status);
        expect(res.body.data).toEqual((await t.http.get(`${path}?embed=${embed}`).set(auth)).body.data);
        return res.body.data as Json;
      };
      const fr = await same('/country/FR', 'states', { name: 'France', code: 'FR' });
      expect(fr.states).toEqual({ data: [] });
      expect((await t.http.post(`/country/${fr.id}`).set(auth).send({ name: 'Corse', code: '20' })).status).toBe(201);
      expect(((await same('/country/FR', 'states', { name: 'France', code: 'FR' })).states as { data: Json[] }).data).toHaveLength(1);

      const taxClass = (await t.http.post('/taxclass').set(auth).send({ name: 'Standard' })).body.data;
      expect((await t.http.post(`/taxclass/${taxClass.id}/rates`).set(auth).send({ country: 'FR', rate: '20.000' })).status).toBe(201);
      const replaced = await same(`/taxclass/${taxClass.id}`, 'rates', { name: 'Standard rate' });
      expect(((replaced.rates as { data: Json[] }).data[0] as Json).rate).toBe('20.0000');

      const quote = (
        await t.http
          .post('/quote')
          .set(auth)
          .send({ name: 'Mugs', customer_id: 1, items: [{ product_id: 3 }] })
      ).body.data;
      const order = (await t.http.post(`/quote/${quote.id}/order`).set(auth).send({})).body.data;
      const answered = await same(`/order/${order.id}`, 'items.product,customer', { notes: 'Gift' });
      expect([answered.notes, (answered.customer as { data: Json }).data.id]).toEqual(['Gift', 1]);
      const events = await t.sql<{ data: Json }>(`SELECT data FROM events WHERE type = 'order.updated' AND resource_id = $1`, [order.id]);
      expect(events.map((e) => ['customer' in e.data, e.data.notes])).toEqual([[false, 'Gift']]);
    });
  });

  describe('PUT /subscription/{id}/products', () => {
    it('replaces the products: matched ones keep their ids, new ones are added, unlisted ones removed', async () => {
      const sub = (
        await create({ customer_id: 1, billing_plan_id: 1, products: [{ product_id: 1 }, { product_id: 2, variant_id: 1, quantity: 2 }] })
      ).body.data;
      const before = (await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data as Json[];
      const [coffee, tea] = before;
      const body = [
        { product_id: 2, variant_id: 1, quantity: 3 },
        { product_id: 3, price: '5.00' },
      ];
      queryCounter.reset();
      const res = await put(`/subscription/${sub.id}/products`, body);
      const statements = queryCounter.count;
      expect(res.status).toBe(200);
      const mug = { id: (tea.id as number) + 1, subscription_id: sub.id, product_id: 3, price: '5.00' };
      expect(res.body).toEqual(
        ok(200, [line({ id: tea.id, subscription_id: sub.id, product_id: 2, variant_id: 1, quantity: 3, price: '12.00' }), line(mug)]),
      );
      expect((await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data).toEqual(res.body.data);
      expect(await events('subscription.product', coffee.id as number)).toEqual([
        'subscription.product.created',
        'subscription.product.deleted',
      ]);
      expect(await events('subscription.product', tea.id as number)).toEqual([
        'subscription.product.created',
        'subscription.product.updated',
      ]);
      expect(await events('subscription.product', mug.id)).toEqual(['subscription.product.created']);

      // The same array again changes nothing, in the same statements.
      queryCounter.reset();
      const again = await put(`/subscriptions/${sub.number}/products`, body);
      expect(queryCounter.count).toBeLessThanOrEqual(statements);
      expect(again.body).toEqual(res.body);
      expect(await events('subscription.product', tea.id as number)).toHaveLength(2);

      const emptied = await put(`/subscription/${sub.id}/products`, []);
      expect(emptied.body).toEqual(ok(200, []));
      expect(await events('subscription.product', mug.id)).toEqual(['subscription.product.created', 'subscription.product.deleted']);
    });

    it('names a refused member as N.field and writes nothing', async () => {
      const sub = (await create({ customer_id: 2, billing_plan_id: 1, products: [{ product_id: 1 }] })).body.data;
      const stored = (await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data;
      const twice = await put(`/subscription/${sub.id}/products`, [
        { product_id: 2, variant_id: 2 },
        { product_id: 2, variant_id: 2, quantity: 5 },
      ]);
      expect(twice.body).toEqual(fail(422, { '1.variant_id': ["is the same as member 0's"] }));
      const missing = await put(`/subscription/${sub.id}/products`, [
        { product_id: 1 },
        { product_id: 999 },
        { product_id: 1, variant_id: 1 },
      ]);
      expect(missing.body).toEqual(fail(422, { '1.product_id': ['does not exist'], '2.variant_id': ['is not a variant of the product'] }));
      expect((await put(`/subscription/${sub.id}/products`, [{ quantity: 0 }])).status).toBe(422);
      expect((await put(`/subscription/${sub.id}/products`, { product_id: 1 })).body).toEqual(
        fail(422, { body: ['must be a JSON array'] }),
      );
      expect((await t.http.get(`/subscription/${sub.id}/products`).set(auth)).body.data).toEqual(stored);
    });

    it('refuses the products of a cancelled subscription (409)', async () => {
      const sub = (await create({ customer_id: 2, billing_plan_id: 1 })).body.data;
      await t.http.patch(`/subscription/${sub.id}`).set(auth).send({ status: 'cancelled' });
      const res = await put(`/subscription/${sub.id}/products`, [{ product_id: 1 }]);
      expect(res.body).toEqual(fail(409, 'The subscription is cancelled; its products cannot be changed.'));
    });
  });
});
