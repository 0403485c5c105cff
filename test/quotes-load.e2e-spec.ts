import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

const EMBED = 'customer.group,customer.shippingAddresses,customer.billingAddresses';

describeE2E('quotes: queries per page and concurrent writes', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const products: Json[] = [];

  const post = apiSteps(
    () => t,
    () => auth,
  ).create;

  beforeAll(async () => {
    t = await bootTestApp('quotes_load');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await post('/country', { name: 'United States', code: 'US' });
    await post('/country/US', { name: 'California', code: 'CA' });
    const taxClass = await post('/taxclass', { name: 'Standard' });
    const groups = [
      await post('/customergroup', { name: 'Gold', api_code: 'gold' }),
      await post('/customergroup', { name: 'Silver', api_code: 'silver' }),
    ];
    const category = await post('/category', { name: 'Things' });
    for (let n = 0; n < 5; n++) {
      const p = await post('/product', {
        name: `Thing ${n}`,
        sku: `THING-${n}`,
        base_price: `${n + 1}.00`,
        tax_class_id: taxClass.id,
        category_ids: [category.id],
      });
      await post(`/product/${p.id}/option`, { name: 'Size', values: ['S', 'M'] });
      products.push(p);
    }
    const customers: number[] = [];
    for (let n = 0; n < 10; n++) {
      const c = await post('/customer', { email: `c${n}@example.com`, customer_group_id: groups[n % 2].id });
      await post(`/customer/${c.id}/addresses`, { kind: 'shipping', country_code: 'US', state_code: 'CA', city: 'LA' });
      await post(`/customer/${c.id}/addresses`, { kind: 'billing', country_code: 'US', state_code: 'CA', city: 'SF' });
      customers.push(c.id);
    }

    // 250 quotes × 5 items, each quote with a customer and both groups, written directly.
    await t.sql(
      `INSERT INTO quotes (number, name, customer_id, cart_link_id, subtotal, total)
       SELECT 'Q' || (9000 + g), 'Bulk ' || g, ($1::int[])[1 + g % 10], md5(g::text), 15, 15
         FROM generate_series(1, 250) AS g`,
      [customers],
    );
    await t.sql(
      `INSERT INTO quote_items (quote_id, position, product_id, quantity, price, subtotal, total, options)
       SELECT q.id, n, ($1::int[])[n + 1], 1, n + 1, n + 1, n + 1, '{"Size":"S"}'
         FROM quotes q CROSS JOIN generate_series(0, 4) AS n`,
      [products.map((p) => p.id)],
    );
    await t.sql(
      `INSERT INTO quote_customer_groups (quote_id, customer_group_id) SELECT q.id, g.id FROM quotes q CROSS JOIN customer_groups g`,
    );
  });
  afterAll(() => t?.close());

  it('a page of 250 quotes with every embed costs the same small number of queries as a page of 5', async () => {
    // Warm-up: the key's last_used_at is written on its first use in a minute, not on the counted requests.
    await t.http.get(`/quotes?limit=250&embed=${EMBED}`).set(auth);

    queryCounter.reset();
    const big = await t.http.get(`/quotes?limit=250&embed=${EMBED}`).set(auth);
    const bigCount = queryCounter.count;
    queryCounter.reset();
    const small = await t.http.get(`/quotes?limit=5&embed=${EMBED}`).set(auth);
    const smallCount = queryCounter.count;

    expect(big.status).toBe(200);
    expect(big.body.data).toHaveLength(250);
    expect(big.body.meta.pagination).toEqual({ total: 250, count: 250, limit: 250, page: 1, total_pages: 1, next_cursor: null });
    for (const q of big.body.data) {
      expect(
        q.items.map((i: Json) => [i.shop_product_id, i.product.id, i.product.options.length, i.product.category, i.product.tax_class]),
      ).toEqual(products.map((p) => [p.id, p.id, 1, 'Things', 'Standard']));
      expect(q.customer_groups.map((g: Json) => [g.api_code, g.customers_count, g.pivot.shop_cart_id])).toEqual([
        ['gold', 5, q.id],
        ['silver', 5, q.id],
      ]);
      const c = q.customer.data;
      expect([c.id, c.group.data.id, c.shipping_addresses.data.length, c.billing_addresses.data.length]).toEqual([
        q.customer_id,
        c.customer_group_id,
        1,
        1,
      ]);
      expect(c.shipping_addresses.data[0]).toMatchObject({ country: 'United States', state: 'California' });
    }
    expect(small.body.data).toEqual(big.body.data.slice(0, 5));
    // The key comes from the process's cache (warmed above); then one statement: the page, its capped
    // count, items, products (options, category, tax class), quote groups with customers_count,
    // customers with their groups and addresses.
    expect({ bigCount, smallCount }).toEqual({ bigCount: 1, smallCount: 1 });
  });

  it('a single quote with every embed is a fixed number of queries too', async () => {
    await t.http.get(`/quote/1?embed=${EMBED}`).set(auth);
    queryCounter.reset();
    const one = await t.http.get(`/quote/1?embed=${EMBED}`).set(auth);
    expect(one.status).toBe(200);
    expect(one.body.data.items).toHaveLength(5);
    // The same one statement, without the count of the list.
    expect(queryCounter.count).toBe(1);
  });

  it('concurrent PATCHes of one quote apply one after the other: the items are exactly one set sent, never a mix', async () => {
    const q = await post('/quote', { name: 'Contended', items: [{ product_id: products[0].id }] });
    const oldIds = q.items.map((i: Json) => i.id);
    // Request k sends (k % 4) + 1 items, every one with quantity k.
    const sets = Array.from({ length: 10 }, (_, i) => {
      const k = i + 1;
      return Array.from({ length: (k % 4) + 1 }, (_, n) => ({ product_id: products[n].id, quantity: k, options: { Size: 'M' } }));
    });
    const responses = await Promise.all(
      sets.map((items, i) =>
        t.http
          .patch(`/quote/${q.id}`)
          .set(auth)
          .send({ items, name: `Round ${i + 1}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Every response shows its own set, priced.
    responses.forEach((r, i) => {
      expect(r.body.data.items.map((it: Json) => it.quantity)).toEqual(sets[i].map(() => i + 1));
    });

    const stored = await t.sql<{ id: number; quantity: number; product_id: number; total: string }>(
      'SELECT id, quantity, product_id, total FROM quote_items WHERE quote_id = $1 ORDER BY position',
      [q.id],
    );
    const k = stored[0].quantity;
    expect(stored.map((s) => s.quantity)).toEqual(sets[k - 1].map(() => k));
    expect(stored.map((s) => s.product_id)).toEqual(sets[k - 1].map((i) => i.product_id));
    expect(stored.some((s) => oldIds.includes(s.id))).toBe(false);

    // The quote is exactly what the request that won last answered, totals included.
    const current = await t.http.get(`/quote/${q.id}`).set(auth);
    expect(current.body.data).toEqual(responses[k - 1].body.data);
    expect(current.body.data.name).toBe(`Round ${k}`);
    // Product n costs n + 1: Σ (n + 1) × k over the set.
    const expected = sets[k - 1].reduce((sum, _item, n) => sum + (n + 1) * k, 0);
    expect(current.body.data.subtotal).toBe(expected.toFixed(2));
    expect(current.body.data.total).toBe(expected.toFixed(2));
    expect(stored.reduce((sum, s) => sum + Number(s.total), 0)).toBe(expected);
  });

  it('concurrent creates get distinct numbers and cart links', async () => {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.http
          .post('/quote')
          .set(auth)
          .send({ name: `Parallel ${i}` }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(10).fill(201));
    const numbers = created.map((r) => r.body.data.number);
    expect(new Set(numbers).size).toBe(10);
    expect(new Set(created.map((r) => r.body.data.cart_link_id)).size).toBe(10);
    for (const n of numbers) expect(n).toMatch(/^Q\d+$/);
  });

  describe('statements per write, whatever the number of items', () => {
    const counted = async (run: () => Promise<{ status: number; body: Json }>) => {
      queryCounter.reset();
      const res = await run();
      return { status: res.status, count: queryCounter.count, body: res.body };
    };
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ product_id: products[i % products.length].id, quantity: 1 + i, options: { Size: 'S' } }));

    it('POST /quote: BEGIN, the pricing context, one INSERT of quote, items and groups, the read, the event, COMMIT', async () => {
      const customer = (await t.sql<{ id: number }>('SELECT min(id) AS id FROM customers'))[0].id;
      const one = await counted(() =>
        t.http
          .post('/quote')
          .set(auth)
          .send({ name: 'One', customer_id: customer, items: items(1) }),
      );
      const fifty = await counted(() =>
        t.http
          .post('/quote')
          .set(auth)
          .send({ name: 'Fifty', customer_id: customer, customer_groups: ['gold', 'silver'], items: items(50) }),
      );
      expect([one.status, one.count, fifty.status, fifty.count]).toEqual([201, 6, 201, 6]);
      expect(fifty.body.data.items.map((i: Json) => [i.position ?? null, i.quantity])).toEqual(
        Array.from({ length: 50 }, (_, i) => [null, 1 + i]),
      );
      expect(fifty.body.data.customer_groups.map((g: Json) => g.api_code)).toEqual(['gold', 'silver']);
      // Item ids follow the items' order.
      const ids = fifty.body.data.items.map((i: Json) => i.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('PATCH /quote/{id}: BEGIN, lock with the pricing context, one statement of writes, the read, the event, COMMIT', async () => {
      const created = await post('/quote', { name: 'Patched', items: items(3) });
      const rename = await counted(() => t.http.patch(`/quote/${created.id}`).set(auth).send({ name: 'Renamed' }));
      const replace = await counted(() =>
        t.http
          .patch(`/quote/${created.id}`)
          .set(auth)
          .send({ items: items(50), customer_groups: ['silver'] }),
      );
      expect([rename.status, rename.count, replace.status, replace.count]).toEqual([200, 6, 200, 6]);
      expect(rename.body.data.name).toBe('Renamed');
      expect(replace.body.data.items).toHaveLength(50);
      expect(replace.body.data.customer_groups.map((g: Json) => g.api_code)).toEqual(['silver']);
      const nothing = await counted(() => t.http.patch(`/quote/${created.id}`).set(auth).send({}));
      // Nothing to write: BEGIN, lock, the read, COMMIT.
      expect([nothing.status, nothing.count]).toEqual([200, 4]);
    });

    it('GET /product/{id} is one statement', async () => {
      const one = await counted(() => t.http.get(`/product/${products[0].id}?embed=options,categories`).set(auth));
      expect([one.status, one.count, one.body.data.id]).toEqual([200, 1, products[0].id]);
    });
  });
});
