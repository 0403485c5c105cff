import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];
const revisionOf = (html: string) => /<input type="hidden" name="revision" value="(\d+)">/.exec(html)?.[1];

/** Orders (docs/api.md#orders): conversion with stock, the race for the last units, frozen copies, PATCH, cancel, shipments. */
describeE2E('orders: made from quotes, with stock, then paid, completed, cancelled, shipped', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let customer: Json;
  let address: Json;
  let mug: Json;
  let lamp: Json;
  let pen: Json;
  let wrap: Json;

  const { send, get, events } = apiSteps(
    () => t,
    () => auth,
  );
  const stockOf = async (p: Json) => (await get(`/product/${p.id}`)).in_stock_amount;
  const accept = async (q: Json) => {
    const html = (await t.http.get(`/cart/${q.cart_link_id}`)).text;
    const res = await t.http
      .post(`/cart/${q.cart_link_id}/accept`)
      .type('form')
      .send({ csrf_token: tokenOf(html), revision: revisionOf(html) });
    expect(res.status).toBe(303);
  };
  const quoteOf = (items: object[], extra: object = {}) =>
    send('post', '/quote', { name: 'Order me', customer_id: customer.id, items, ...extra });

  beforeAll(async () => {
    t = await bootTestApp('orders', { STORE_URL: 'https://shop.example.test' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    await send('post', '/country', { name: 'United States', code: 'US' });
    customer = await send('post', '/customer', { email: 'olga@example.test', first_name: 'Olga', last_name: 'Orr' });
    address = await send('post', `/customer/${customer.id}/addresses`, {
      kind: 'shipping',
      country_code: 'US',
      city: 'Austin',
      street_address: '1 Main St',
      postal_code: '73301',
      is_default: 1,
    });
    mug = await send('post', '/product', { name: 'Mug', sku: 'MUG', base_price: '12.50', track_inventory: 1, in_stock_amount: 10 });
    wrap = await send('post', '/product/MUG/extra', { sku: 'GIFT-WRAP', name: 'Gift wrap', price: '2.00' });
    lamp = await send('post', '/product', { name: 'Lamp', sku: 'LAMP', base_price: '40.00', track_inventory: 1, in_stock_amount: 4 });
    pen = await send('post', '/product', { name: 'Pen', sku: 'PEN', base_price: '1.00' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /quote/{id|number}/order', () => {
    let order: Json;
    let quote: Json;

    it('makes an order from an accepted quote: 201, frozen items, the quote ordered, stock taken, events', async () => {
      quote = await quoteOf([
        { product_id: mug.id, quantity: 2, extras: ['GIFT-WRAP'] },
        { product_id: pen.id, quantity: 3 },
      ]);
      await accept(quote);
      const res = await t.http.post(`/quote/${quote.number.toLowerCase()}/order`).set(auth).send({ notes: 'Leave at the door' });
      expect(res.status).toBe(201);
      order = res.body.data;
      expect(res.body).toEqual(
        ok(201, {
          id: 1001,
          number: 'O1001',
          quote_id: quote.id,
          customer_id: customer.id,
          customer_emails: null,
          status: 'open',
          payment_status: 'pending',
          fulfillment_status: 'unfulfilled',
          currency: 'USD',
          coupon_code: null,
          subtotal: '32.00',
          total_discount: '0.00',
          total_tax: '0.00',
          total: '32.00',
          shipping_address: address,
          notes: 'Leave at the door',
          items: [
            {
              id: expect.any(Number),
              order_id: 1001,
              shop_product_id: mug.id,
              shop_product_variant_id: null,
              sku: 'MUG',
              name: 'Mug',
              options: {},
              extras: [{ sku: 'GIFT-WRAP', name: 'Gift wrap', price: '2.00' }],
              quantity: 2,
              price: '14.50',
              discount: '0.00',
              tax: '0.00',
              total: '29.00',
            },
            {
              id: expect.any(Number),
              order_id: 1001,
              shop_product_id: pen.id,
              shop_product_variant_id: null,
              sku: 'PEN',
              name: 'Pen',
              options: {},
              extras: [],
              quantity: 3,
              price: '1.00',
              discount: '0.00',
              tax: '0.00',
              total: '3.00',
            },
          ],
          cancelled_at: null,
          created_at: TS,
          updated_at: TS,
        }),
      );
      expect(await get('/order/O1001')).toEqual(order);
      expect(await get('/orders/1001')).toEqual(order);
      const ordered = await get(`/quote/${quote.id}`);
      expect(ordered).toMatchObject({ status: 'ordered', order_id: 1001 });
      expect(await stockOf(mug)).toBe(8);
      // The stock is part of the product: product.updated with the product as GET shows it now.
      expect((await events('product.updated', mug.id)).map((e) => e.data)).toEqual([await get(`/product/${mug.id}`)]);
      expect((await events('product.updated', pen.id)).length).toBe(0);
      expect((await events('order.created', 1001)).map((e) => e.data)).toEqual([order]);
      expect((await events('quote.ordered', quote.id)).map((e) => e.data)).toEqual([ordered]);
    });

    it('answers 409 naming the existing order on a second attempt; an ordered quote is final', async () => {
      const again = await t.http.post(`/quote/${quote.id}/order`).set(auth).send({});
      expect(again.body).toEqual(fail(409, `Quote ${quote.number} was already ordered as O1001.`));
      expect((await t.http.patch(`/quote/${quote.id}`).set(auth).send({ name: 'x' })).body).toEqual(
        fail(409, `Quote ${quote.number} is ordered and cannot be changed: it can no longer change.`),
      );
      expect((await t.http.post(`/quote/${quote.id}/reopen`).set(auth)).body).toEqual(
        fail(409, `Quote ${quote.number} is ordered and cannot be reopened.`),
      );
    });

    it('order items are frozen copies: later product, price and quote changes never alter the order', async () => {
      await send('patch', `/product/${mug.id}`, { name: 'Big mug', base_price: '99.00' });
      await send('patch', `/product/${mug.id}/extra/${wrap.id}`, { name: 'Paper', price: '9.00' });
      const read = await get(`/order/${order.id}`);
      expect(read).toEqual(order);
      const embedded = await get(`/order/${order.id}?embed=items.product,customer`);
      expect(embedded.items[0].product.data).toMatchObject({ id: mug.id, name: 'Big mug', base_price: '99.00' });
      expect(embedded.items[0].name).toBe('Mug');
      expect(embedded.customer.data).toEqual(await get(`/customer/${customer.id}`));
    });

    it('makes an order from an active, unexpired quote (the seller’s confirmation), with payment_status paid', async () => {
      const q = await quoteOf([{ product_id: pen.id, quantity: 1 }]);
      const res = await t.http.post(`/quote/${q.id}/order`).set(auth).send({ payment_status: 'paid' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ id: 1002, number: 'O1002', payment_status: 'paid', notes: null, total: '1.00' });
    });

    it('refuses expired and declined quotes (409) and bad bodies (422)', async () => {
      const expired = await quoteOf([{ product_id: pen.id, quantity: 1 }], { expires_x_days: 0 });
      expect((await t.http.post(`/quote/${expired.id}/order`).set(auth).send({})).body).toEqual(
        fail(409, `Quote ${expired.number} is expired and cannot be ordered.`),
      );
      const declined = await quoteOf([{ product_id: pen.id, quantity: 1 }]);
      const html = (await t.http.get(`/cart/${declined.cart_link_id}`)).text;
      await t.http
        .post(`/cart/${declined.cart_link_id}/decline`)
        .type('form')
        .send({ csrf_token: tokenOf(html), revision: revisionOf(html) });
      expect((await t.http.post(`/quote/${declined.id}/order`).set(auth).send({})).body).toEqual(
        fail(409, `Quote ${declined.number} is declined and cannot be ordered.`),
      );
      const bad = await t.http.post(`/quote/${declined.id}/order`).set(auth).send({ payment_status: 'refunded', extra: 1 });
      expect(bad.body).toEqual(fail(422, { payment_status: ['must be one of: pending, paid'], extra: ['is not a known field'] }));
      expect((await t.http.post('/quote/Q9999/order').set(auth).send({})).status).toBe(404);
    });

    it('needs quotes:write and orders:write', async () => {
      const only = { Authorization: `Bearer ${await t.token(['quotes:write', 'orders:read'])}` };
      const q = await quoteOf([{ product_id: pen.id, quantity: 1 }]);
      const res = await t.http.post(`/quote/${q.id}/order`).set(only).send({});
      expect(res.body).toEqual(fail(403, 'The access token lacks the scope "orders:write".'));
      const reader = { Authorization: `Bearer ${await t.token(['orders:read'])}` };
      expect((await t.http.get('/orders').set(reader)).status).toBe(200);
      expect((await t.http.post(`/order/${1001}/cancel`).set(reader)).status).toBe(403);
    });
  });

  describe('stock', () => {
    it('a product short of units is a 409 listing it, and nothing changes', async () => {
      const q = await quoteOf([
        { product_id: lamp.id, quantity: 5 },
        { product_id: mug.id, quantity: 1 },
      ]);
      const before = await get(`/quote/${q.id}`);
      const res = await t.http.post(`/quote/${q.id}/order`).set(auth).send({});
      expect(res.body).toEqual(
        fail(409, `Quote ${q.number} cannot be ordered: not enough stock for Lamp (product ${lamp.id}): 5 wanted, 4 in stock.`),
      );
      expect(await get(`/quote/${q.id}`)).toEqual(before);
      expect(await stockOf(lamp)).toBe(4);
      expect(await stockOf(mug)).toBe(8);
    });

    it('allow_negative_stock lets stock go below 0', async () => {
      const tray = await send('post', '/product', {
        name: 'Tray',
        sku: 'TRAY',
        base_price: '5.00',
        track_inventory: 1,
        in_stock_amount: 1,
        allow_negative_stock: 1,
      });
      const q = await quoteOf([{ product_id: tray.id, quantity: 3 }]);
      expect((await t.http.post(`/quote/${q.id}/order`).set(auth).send({})).status).toBe(201);
      expect(await stockOf(tray)).toBe(-2);
    });

    it('two conversions racing for the last units: one wins, the other is 409, stock never negative', async () => {
      const a = await quoteOf([{ product_id: lamp.id, quantity: 3 }]);
      const b = await quoteOf([{ product_id: lamp.id, quantity: 3 }]);
      const [ra, rb] = await Promise.all([
        t.http.post(`/quote/${a.id}/order`).set(auth).send({}),
        t.http.post(`/quote/${b.id}/order`).set(auth).send({}),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([201, 409]);
      const loser = ra.status === 409 ? { res: ra, q: a } : { res: rb, q: b };
      expect(loser.res.body).toEqual(
        fail(409, `Quote ${loser.q.number} cannot be ordered: not enough stock for Lamp (product ${lamp.id}): 3 wanted, 1 in stock.`),
      );
      expect(await stockOf(lamp)).toBe(1);
      expect((await get(`/quote/${loser.q.id}`)).status).toBe('active');
    });

    it('the same quote converted twice at once: one order', async () => {
      const q = await quoteOf([{ product_id: pen.id, quantity: 1 }]);
      const results = await Promise.all([1, 2, 3].map(() => t.http.post(`/quote/${q.id}/order`).set(auth).send({})));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect((await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE quote_id = $1', [q.id]))[0].n).toBe(1);
    });
  });

  describe('PATCH, cancel, list', () => {
    it('PATCH sets payment_status, notes and status completed; the same values again change nothing', async () => {
      const o = await send('post', `/quote/${(await quoteOf([{ product_id: pen.id, quantity: 2 }])).id}/order`);
      const res = await t.http.patch(`/order/${o.number}`).set(auth).send({ payment_status: 'paid', notes: 'Paid by wire' });
      expect(res.body).toEqual(ok(200, { ...o, payment_status: 'paid', notes: 'Paid by wire', updated_at: TS }));
      const same = await t.http.patch(`/order/${o.id}`).set(auth).send({ payment_status: 'paid' });
      expect(same.headers.etag).toBe(res.headers.etag);
      expect((await events('order.updated', o.id)).map((e) => e.data)).toEqual([res.body.data]);
      const bad = await t.http.patch(`/order/${o.id}`).set(auth).send({ status: 'cancelled' });
      expect(bad.body).toEqual(fail(422, { status: ['must be completed (cancel with POST /order/{id}/cancel)'] }));
      const done = await send('patch', `/order/${o.id}`, { status: 'completed' });
      expect(done.status).toBe('completed');
      expect((await t.http.post(`/order/${o.id}/cancel`).set(auth)).body).toEqual(
        fail(409, `Order ${o.number} is completed and cannot be cancelled.`),
      );
    });

    it('cancel gives the tracked stock back once; a cancelled order cannot change', async () => {
      const q = await quoteOf([
        { product_id: mug.id, quantity: 3 },
        { product_id: mug.id, quantity: 1 },
      ]);
      const before = await stockOf(mug);
      const o = await send('post', `/quote/${q.id}/order`);
      expect(await stockOf(mug)).toBe(before - 4);
      const res = await t.http.post(`/order/${o.id}/cancel`).set(auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...o, status: 'cancelled', cancelled_at: TS, updated_at: TS });
      expect(await stockOf(mug)).toBe(before);
      expect((await events('order.cancelled', o.id)).map((e) => e.data)).toEqual([res.body.data]);
      expect((await t.http.post(`/order/${o.id}/cancel`).set(auth)).body).toEqual(fail(409, `Order ${o.number} is cancelled already.`));
      expect((await t.http.patch(`/order/${o.id}`).set(auth).send({ notes: 'x' })).body).toEqual(
        fail(409, `Order ${o.number} is cancelled and cannot be changed.`),
      );
      expect(await stockOf(mug)).toBe(before);
    });

    it('GET /orders pages, sorts and filters', async () => {
      const all = await t.http.get('/orders?limit=2&sort=id&order=desc').set(auth);
      expect(all.status).toBe(200);
      expect(all.body.data).toHaveLength(2);
      expect(all.body.data[0].id).toBeGreaterThan(all.body.data[1].id);
      expect(all.body.meta.pagination).toMatchObject({ limit: 2, page: 1 });
      const cancelled = (await get('/orders?status=cancelled')) as unknown as Json[];
      expect(cancelled.length).toBeGreaterThan(0);
      for (const o of cancelled) expect(o.status).toBe('cancelled');
      for (const o of (await get('/orders?payment_status=paid')) as unknown as Json[]) expect(o.payment_status).toBe('paid');
      expect(
        ((await get(`/orders?customer_id=${customer.id}&fulfillment_status=unfulfilled`)) as unknown as Json[]).length,
      ).toBeGreaterThan(0);
      expect(await get('/orders?created_at_max=2000-01-01 00:00:00')).toEqual([]);
      expect(((await get('/orders?created_at_min=2000-01-01 00:00:00')) as unknown as Json[]).length).toBeGreaterThan(0);
      expect((await t.http.get('/orders?status=bogus').set(auth)).body).toEqual(
        fail(422, { status: ['must be one of: open, cancelled, completed'] }),
      );
      const embedded = (await get('/orders?embed=items.product')) as unknown as Json[];
      expect(embedded[0].items[0].product.data).toMatchObject({ id: expect.any(Number) });
    });
  });

  describe('statements', () => {
    it('a page of orders with every embed costs the same number of statements whatever its size', async () => {
      const count = async (limit: number) => {
        await t.http.get(`/orders?limit=${limit}&embed=items.product,customer`).set(auth);
        queryCounter.reset();
        const res = await t.http.get(`/orders?limit=${limit}&embed=items.product,customer`).set(auth);
        expect(res.status).toBe(200);
        return { rows: res.body.data.length, statements: queryCounter.count };
      };
      const one = await count(1);
      const all = await count(250);
      expect(one.rows).toBe(1);
      expect(all.rows).toBeGreaterThan(5);
      expect(all.statements).toBe(one.statements);
    });
  });

  describe('shipments move the fulfillment', () => {
    it('a shipment names its order (validated); partial with some, fulfilled once one is delivered', async () => {
      const missing = await t.http.post('/shipment').set(auth).send({ number: 'SH-0', order_id: 9999 });
      expect(missing.body).toEqual(fail(422, { order_id: ['does not exist'] }));
      const s = await send('post', '/shipment', { number: 'SH-1', order_id: 1001 });
      expect(s.order_id).toBe(1001);
      expect((await get('/order/1001')).fulfillment_status).toBe('partial');
      await send('patch', `/shipment/${s.id}`, { status: 'delivered' });
      const fulfilled = await get('/order/1001');
      expect(fulfilled.fulfillment_status).toBe('fulfilled');
      expect((await events('order.updated', 1001)).map((e) => e.data.fulfillment_status)).toEqual(['partial', 'fulfilled']);
      expect((await events('order.updated', 1001)).at(-1)!.data).toEqual(fulfilled);
      await send('delete', `/shipment/${s.id}`);
      expect((await get('/order/1001')).fulfillment_status).toBe('unfulfilled');
    });
  });
});
