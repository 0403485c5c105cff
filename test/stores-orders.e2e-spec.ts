import { TS, fail } from './support/envelope.js';
import { type TestApp, describeE2E } from './support/test-app.js';
import { type Json, type StoreHeaders as Headers, bootTwoStores, storeCalls } from './support/two-stores.js';

/** What each store holds of the catalog these modules use: the same keys in both (docs/api.md#stores). */
interface Catalog {
  mug: Json;
  tea: Json;
  teaLarge: Json;
  customer: Json;
  plan: Json;
}

/**
 * Orders, subscriptions (with their billing plans) and shipments on two stores of one deployment
 * (docs/api.md#stores): `default` (home.example) and `north` (north.example). Each store numbers its
 * own (each has Q1001, S1001 and O1001),
 * the same client keys live in both, another store's id is 404 in a path and 422 `does not exist` in a
 * body, and lists and events show the store's own rows only.
 */
describeE2E("stores: orders, subscriptions and shipments, each store's own", () => {
  let t: TestApp;
  /** The headers of a request of each store: its host and a key of its own. */
  let home: Headers;
  let away: Headers;
  const mine = {} as Catalog;
  const theirs = {} as Catalog;

  const { call, made, read, answers } = storeCalls(() => t);
  const listed = async (headers: Headers, path: string, field = 'number') =>
    ((await read(headers, path)) as unknown as Json[]).map((r) => r[field]);
  /** The events of a type a store's key reads: [resource_id, a field of data], oldest first. */
  const events = async (headers: Headers, type: string, field = 'number') =>
    ((await read(headers, `/events?type=${type}`)) as unknown as Json[]).map((e) => [e.resource_id, (e.data as Json)[field]]);

  /** The same catalog keys in a store: SKU MUG and TEA (with variant TEA-L), e-mail, plan name. */
  const catalog = async (headers: Headers, into: Catalog) => {
    into.mug = await made(headers, '/product', { name: 'Mug', sku: 'MUG', base_price: '12.50', track_inventory: 1, in_stock_amount: 10 });
    into.tea = await made(headers, '/product', { name: 'Tea', sku: 'TEA', base_price: '5.00' });
    await made(headers, `/product/${into.tea.id as number}/option`, { name: 'Size', values: ['L'] });
    into.teaLarge = await made(headers, `/product/${into.tea.id as number}/variant`, {
      sku: 'TEA-L',
      options: { Size: 'L' },
      base_price: '6.00',
    });
    into.customer = await made(headers, '/customer', { email: 'olga@example.test', first_name: 'Olga' });
    into.plan = await made(headers, '/billingplan', { name: 'Monthly', interval_unit: 'month' });
  };

  beforeAll(async () => {
    ({ t, home, away } = await bootTwoStores('stores_orders'));
    await catalog(home, theirs);
    await catalog(away, mine);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('orders', () => {
    let homeQuote: Json;
    let awayQuote: Json;
    let homeOrder: Json;
    let awayOrder: Json;
    let awaySecond: Json;

    /** An order of a store's MUG at 12.50 from `quote`, as GET /order/{id} shows it. */
    const orderOf = (
      c: Catalog,
      o: { id: unknown; number: string; quote: Json; currency: string; quantity: number; notes: string | null },
    ) => {
      const total = (12.5 * o.quantity).toFixed(2);
      return {
        id: o.id,
        number: o.number,
        quote_id: o.quote.id,
        customer_id: c.customer.id,
        customer_emails: null,
        status: 'open',
        payment_status: 'pending',
        fulfillment_status: 'unfulfilled',
        currency: o.currency,
        coupon_code: null,
        subtotal: total,
        total_discount: '0.00',
        total_tax: '0.00',
        total,
        shipping_address: null,
        notes: o.notes,
        items: [
          {
            id: expect.any(Number),
            order_id: o.id,
            shop_product_id: c.mug.id,
            shop_product_variant_id: null,
            sku: 'MUG',
            name: 'Mug',
            options: {},
            extras: [],
            quantity: o.quantity,
            price: '12.50',
            discount: '0.00',
            tax: '0.00',
            total,
          },
        ],
        cancelled_at: null,
        created_at: TS,
        updated_at: TS,
      };
    };

    it('each store orders its own Q1001 and numbers its own orders (each has O1001), in its currency, from its stock', async () => {
      homeQuote = await made(home, '/quote', {
        name: 'Mugs',
        customer_id: theirs.customer.id,
        items: [{ product_id: theirs.mug.id, quantity: 1 }],
      });
      awayQuote = await made(away, '/quote', {
        name: 'Becher',
        customer_id: mine.customer.id,
        items: [{ product_id: mine.mug.id, quantity: 2 }],
      });
      expect([homeQuote.number, awayQuote.number]).toEqual(['Q1001', 'Q1001']);

      const homeRes = await call(home, 'post', '/quote/Q1001/order', {});
      const awayRes = await call(away, 'post', '/quote/Q1001/order', { notes: 'Bitte klingeln' });
      expect([homeRes.status, awayRes.status]).toEqual([201, 201]);
      homeOrder = homeRes.body.data as Json;
      awayOrder = awayRes.body.data as Json;
      expect(awayOrder.id).not.toBe(homeOrder.id);
      expect(awayOrder).toEqual(
        orderOf(mine, { id: awayOrder.id, number: 'O1001', quote: awayQuote, currency: 'EUR', quantity: 2, notes: 'Bitte klingeln' }),
      );
      expect(homeOrder).toEqual(
        orderOf(theirs, { id: homeOrder.id, number: 'O1001', quote: homeQuote, currency: 'USD', quantity: 1, notes: null }),
      );
      // Each store reads its own order by its number, and each conversion took its own store's stock.
      expect((await read(away, '/order/o1001')).id).toBe(awayOrder.id);
      expect((await read(home, '/order/O1001')).id).toBe(homeOrder.id);
      expect([(await read(away, '/product/MUG')).in_stock_amount, (await read(home, '/product/MUG')).in_stock_amount]).toEqual([8, 9]);
      expect([(await read(away, '/quote/Q1001')).status, (await read(home, '/quote/Q1001')).status]).toEqual(['ordered', 'ordered']);
      // The next numbers go on in each store alone.
      const next = await made(away, '/quote', {
        name: 'Mehr',
        customer_id: mine.customer.id,
        items: [{ product_id: mine.mug.id, quantity: 1 }],
      });
      expect(next.number).toBe('Q1002');
      awaySecond = await made(away, `/quote/${next.id as number}/order`, {});
      expect(awaySecond).toEqual(
        orderOf(mine, { id: awaySecond.id, number: 'O1002', quote: next, currency: 'EUR', quantity: 1, notes: null }),
      );
    });

    it("answers another store's order as unknown in a path: 404 on GET, PATCH, PUT and cancel, by id and by number", async () => {
      const homeId = homeOrder.id as number;
      expect(
        await answers(away, [
          ['get', `/order/${homeId}`],
          ['patch', `/order/${homeId}`, { notes: 'mine now' }],
          ['put', `/orders/${homeId}`, { payment_status: 'paid' }],
          ['post', `/order/${homeId}/cancel`],
        ]),
      ).toEqual([
        { request: `GET /order/${homeId}`, status: 404, body: fail(404, `Order ${homeId} was not found.`) },
        { request: `PATCH /order/${homeId}`, status: 404, body: fail(404, `Order ${homeId} was not found.`) },
        { request: `PUT /orders/${homeId}`, status: 404, body: fail(404, `Order ${homeId} was not found.`) },
        { request: `POST /order/${homeId}/cancel`, status: 404, body: fail(404, `Order ${homeId} was not found.`) },
      ]);
      const awayId = awayOrder.id as number;
      expect(
        await answers(home, [
          ['get', `/order/${awayId}`],
          ['get', '/order/O1002'],
          ['post', '/orders/O1002/cancel'],
          ['post', `/order/${awayId}/cancel`],
        ]),
      ).toEqual([
        { request: `GET /order/${awayId}`, status: 404, body: fail(404, `Order ${awayId} was not found.`) },
        { request: 'GET /order/O1002', status: 404, body: fail(404, 'Order O1002 was not found.') },
        { request: 'POST /orders/O1002/cancel', status: 404, body: fail(404, 'Order O1002 was not found.') },
        { request: `POST /order/${awayId}/cancel`, status: 404, body: fail(404, `Order ${awayId} was not found.`) },
      ]);
      // A number names the store's own order: O1001 is each store's first.
      expect([(await read(away, '/order/O1001')).id, (await read(home, '/order/O1001')).id]).toEqual([awayOrder.id, homeOrder.id]);
      // Nothing of the other store's order moved: not its fields, not its stock.
      expect(await read(home, `/order/${homeId}`)).toEqual(homeOrder);
      expect(await read(away, `/order/${awayId}`)).toEqual(awayOrder);
      expect((await read(home, '/product/MUG')).in_stock_amount).toBe(9);
    });

    it("answers another store's quote as unknown when ordering it (404), and orders nothing", async () => {
      const fresh = await made(home, '/quote', { name: 'Lamps', items: [{ product_id: theirs.mug.id, quantity: 1 }] });
      const res = await call(away, 'post', `/quote/${fresh.id as number}/order`, {});
      expect(res.body).toEqual(fail(404, `Quote ${fresh.id as number} was not found.`));
      expect((await read(home, `/quote/${fresh.id as number}`)).status).toBe('active');
      expect(await listed(away, '/orders')).toEqual(['O1001', 'O1002']);
    });

    it("cancels its own order only: the stock given back is its own store's", async () => {
      expect((await read(away, '/product/MUG')).in_stock_amount).toBe(7);
      const res = await call(away, 'post', '/order/O1002/cancel');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...awaySecond, status: 'cancelled', cancelled_at: TS, updated_at: TS });
      expect(await read(home, '/order/O1001')).toEqual(homeOrder);
      expect([(await read(away, '/product/MUG')).in_stock_amount, (await read(home, '/product/MUG')).in_stock_amount]).toEqual([8, 9]);
    });

    it('lists and events of orders are the store’s own, and a filter by the other store’s customer finds nothing', async () => {
      expect(await listed(away, '/orders')).toEqual(['O1001', 'O1002']);
      expect(await listed(home, '/orders')).toEqual(['O1001']);
      expect(await read(away, `/orders?customer_id=${theirs.customer.id as number}`)).toEqual([]);
      expect(await read(home, `/orders?customer_id=${mine.customer.id as number}`)).toEqual([]);
      const awayIds = ((await read(away, '/orders')) as unknown as Json[]).map((o) => o.id);
      expect(await events(away, 'order.created')).toEqual([
        [awayIds[0], 'O1001'],
        [awayIds[1], 'O1002'],
      ]);
      expect(await events(away, 'order.cancelled')).toEqual([[awayIds[1], 'O1002']]);
      expect(await events(home, 'order.created')).toEqual([[homeOrder.id, 'O1001']]);
      expect(await events(home, 'order.cancelled')).toEqual([]);
      expect(await events(away, 'quote.ordered')).toEqual([
        [awayQuote.id, 'Q1001'],
        [expect.any(Number), 'Q1002'],
      ]);
      expect(await events(home, 'quote.ordered')).toEqual([[homeQuote.id, 'Q1001']]);
    });
  });

  describe('shipments', () => {
    let homeShipment: Json;
    let awayShipment: Json;
    let homeCode: Json;

    it('the same shipment number and tracking code in both stores, each naming its own order, whose fulfillment follows', async () => {
      homeShipment = await made(home, '/shipment', { number: 'SH-1', order_id: (await read(home, '/order/O1001')).id });
      awayShipment = await made(away, '/shipment', { number: 'SH-1', order_id: (await read(away, '/order/O1001')).id });
      expect(awayShipment.id).not.toBe(homeShipment.id);
      expect(awayShipment).toEqual({
        id: awayShipment.id,
        number: 'SH-1',
        order_reference: null,
        order_id: (await read(away, '/order/O1001')).id,
        status: 'pending',
        shipping_method: null,
        notes: null,
        created_at: TS,
        updated_at: TS,
      });
      expect((await read(home, '/shipment/SH-1')).id).toBe(homeShipment.id);
      expect((await read(away, '/shipment/SH-1')).id).toBe(awayShipment.id);
      // The same number again in one store is still refused.
      expect((await call(away, 'post', '/shipment', { number: 'SH-1' })).body).toEqual(fail(422, { number: ['is already in use'] }));

      homeCode = await made(home, '/shipment/SH-1/trackingcode', { code: '1Z999', carrier: 'UPS' });
      const awayCode = await made(away, '/shipment/SH-1/trackingcode', { code: '1Z999', carrier: 'DHL' });
      expect(awayCode.id).not.toBe(homeCode.id);
      expect(await read(away, '/shipment/SH-1/trackingcode/1Z999')).toEqual(awayCode);
      expect(await read(home, '/shipment/SH-1/trackingcode/1Z999')).toEqual(homeCode);

      await made(away, '/shipment', { number: 'SH-2', order_id: (await read(away, '/order/O1001')).id, status: 'delivered' });
      expect([(await read(away, '/order/O1001')).fulfillment_status, (await read(home, '/order/O1001')).fulfillment_status]).toEqual([
        'fulfilled',
        'partial',
      ]);
    });

    it("refuses another store's order in a shipment's body: 422 does not exist, on POST, PATCH and PUT; nothing changes", async () => {
      const homeOrderId = (await read(home, '/order/O1001')).id as number;
      expect(
        await answers(away, [
          ['post', '/shipment', { number: 'SH-X', order_id: homeOrderId }],
          ['patch', '/shipment/SH-1', { order_id: homeOrderId, status: 'delivered' }],
          ['put', '/shipment/SH-1', { number: 'SH-1', order_id: homeOrderId }],
        ]),
      ).toEqual([
        { request: 'POST /shipment', status: 422, body: fail(422, { order_id: ['does not exist'] }) },
        { request: 'PATCH /shipment/SH-1', status: 422, body: fail(422, { order_id: ['does not exist'] }) },
        { request: 'PUT /shipment/SH-1', status: 422, body: fail(422, { order_id: ['does not exist'] }) },
      ]);
      expect(await read(away, '/shipment/SH-1')).toEqual(awayShipment);
      expect(await listed(away, '/shipments')).toEqual(['SH-1', 'SH-2']);
      expect((await read(home, '/order/O1001')).fulfillment_status).toBe('partial');
    });

    it("answers another store's shipment and its tracking codes as unknown in a path: 404 on every method", async () => {
      const id = homeShipment.id as number;
      expect(
        await answers(away, [
          ['get', `/shipment/${id}`],
          ['patch', `/shipment/${id}`, { status: 'delivered' }],
          ['put', `/shipments/${id}`, { number: 'SH-9' }],
          ['delete', `/shipment/${id}`],
          ['get', `/shipment/${id}/trackingcodes`],
          ['post', `/shipment/${id}/trackingcode`, { code: 'MINE' }],
          ['put', `/shipment/${id}/trackingcodes`, []],
          ['get', `/shipment/${id}/trackingcode/1Z999`],
          ['get', `/shipment/SH-1/trackingcode/${homeCode.id as number}`],
          ['patch', `/shipment/${id}/trackingcode/1Z999`, { carrier: 'DHL' }],
          ['delete', `/shipment/${id}/trackingcode/1Z999`],
        ]),
      ).toEqual([
        { request: `GET /shipment/${id}`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `PATCH /shipment/${id}`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `PUT /shipments/${id}`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `DELETE /shipment/${id}`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `GET /shipment/${id}/trackingcodes`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `POST /shipment/${id}/trackingcode`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `PUT /shipment/${id}/trackingcodes`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `GET /shipment/${id}/trackingcode/1Z999`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        {
          request: `GET /shipment/SH-1/trackingcode/${homeCode.id as number}`,
          status: 404,
          body: fail(404, `Tracking code ${homeCode.id as number} was not found.`),
        },
        { request: `PATCH /shipment/${id}/trackingcode/1Z999`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
        { request: `DELETE /shipment/${id}/trackingcode/1Z999`, status: 404, body: fail(404, `Shipment ${id} was not found.`) },
      ]);
      expect(await read(home, `/shipment/${id}?embed=trackingcodes`)).toEqual({ ...homeShipment, trackingcodes: { data: [homeCode] } });
    });

    it("a number that is the other store's shipment id names this store's shipment of that number", async () => {
      const id = homeShipment.id as number;
      const numbered = await made(away, '/shipment', { number: String(id) });
      expect(await read(away, `/shipment/${id}`)).toEqual(numbered);
      expect(await read(home, `/shipment/${id}`)).toEqual(homeShipment);
      expect((await call(away, 'delete', `/shipment/${id}`)).body.data).toEqual(numbered);
      expect(await read(home, `/shipment/${id}`)).toEqual(homeShipment);
    });

    it('lists and events of shipments and tracking codes are the store’s own', async () => {
      expect(await listed(away, '/shipments')).toEqual(['SH-1', 'SH-2']);
      expect(await listed(home, '/shipments')).toEqual(['SH-1']);
      const awayIds = ((await read(away, '/shipments')) as unknown as Json[]).map((s) => s.id);
      const created = await events(away, 'shipment.created');
      expect(created).toEqual([
        [awayIds[0], 'SH-1'],
        [awayIds[1], 'SH-2'],
        [expect.any(Number), String(homeShipment.id as number)],
      ]);
      expect(await events(away, 'shipment.deleted')).toEqual([[created[2][0], String(homeShipment.id as number)]]);
      expect(await events(home, 'shipment.created')).toEqual([[homeShipment.id, 'SH-1']]);
      expect(await events(home, 'shipment.deleted')).toEqual([]);
      expect(await events(away, 'shipment.trackingcode.created', 'carrier')).toEqual([[expect.any(Number), 'DHL']]);
      expect(await events(home, 'shipment.trackingcode.created', 'carrier')).toEqual([[homeCode.id, 'UPS']]);
      // The fulfillment the shipments moved was recorded on each store's own order.
      expect(await events(away, 'order.updated', 'fulfillment_status')).toEqual([
        [(await read(away, '/order/O1001')).id, 'partial'],
        [(await read(away, '/order/O1001')).id, 'fulfilled'],
      ]);
      expect(await events(home, 'order.updated', 'fulfillment_status')).toEqual([[(await read(home, '/order/O1001')).id, 'partial']]);
    });
  });

  describe('subscriptions and billing plans', () => {
    let homeSub: Json;
    let awaySub: Json;
    let homeItem: Json;
    let homeItems: Json[];
    let awaySecond: Json;

    /** A store's monthly subscription of its customer from 2024-01-31 10:00, as GET /subscription/{id} shows it. */
    const subscriptionOf = (c: Catalog, id: unknown, number: string) => ({
      id,
      number,
      customer_id: c.customer.id,
      billing_plan_id: c.plan.id,
      status: 'active',
      started_at: '2024-01-31 10:00:00',
      current_period_start: '2024-01-31 10:00:00',
      current_period_end: '2024-02-29 10:00:00',
      renewal_count: 0,
      cancelled_at: null,
      created_at: TS,
      updated_at: TS,
    });

    it('each store numbers its subscriptions from S1001, with its own customer, plan and products', async () => {
      const body = (c: Catalog) => ({
        customer_id: c.customer.id,
        billing_plan_id: c.plan.id,
        started_at: '2024-01-31 10:00:00',
        products: [
          { product_id: c.mug.id, quantity: 2 },
          { product_id: c.tea.id, variant_id: c.teaLarge.id },
        ],
      });
      homeSub = await made(home, '/subscriptions', body(theirs));
      awaySub = await made(away, '/subscription', body(mine));
      expect(awaySub.id).not.toBe(homeSub.id);
      expect(awaySub).toEqual(subscriptionOf(mine, awaySub.id, 'S1001'));
      expect(homeSub).toEqual(subscriptionOf(theirs, homeSub.id, 'S1001'));
      expect((await read(away, '/subscription/S1001')).id).toBe(awaySub.id);
      expect((await read(home, '/subscriptions/S1001')).id).toBe(homeSub.id);

      const item = (c: Catalog, subscriptionId: unknown) => [
        {
          id: expect.any(Number),
          subscription_id: subscriptionId,
          product_id: c.mug.id,
          variant_id: null,
          quantity: 2,
          price: '12.50',
          created_at: TS,
          updated_at: TS,
        },
        {
          id: expect.any(Number),
          subscription_id: subscriptionId,
          product_id: c.tea.id,
          variant_id: c.teaLarge.id,
          quantity: 1,
          price: '6.00',
          created_at: TS,
          updated_at: TS,
        },
      ];
      expect(await read(away, '/subscription/S1001/products')).toEqual(item(mine, awaySub.id));
      homeItems = (await read(home, '/subscription/S1001/products')) as unknown as Json[];
      expect(homeItems).toEqual(item(theirs, homeSub.id));
      homeItem = homeItems[0];

      awaySecond = await made(away, '/subscriptions', {
        customer_id: mine.customer.id,
        billing_plan_id: mine.plan.id,
        started_at: '2024-01-31 10:00:00',
      });
      expect(awaySecond).toEqual(subscriptionOf(mine, awaySecond.id, 'S1002'));
    });

    it("refuses another store's customer, plan, product and variant in a subscription's body: 422 does not exist", async () => {
      const created = await call(away, 'post', '/subscriptions', {
        customer_id: theirs.customer.id,
        billing_plan_id: theirs.plan.id,
        products: [{ product_id: theirs.mug.id }, { product_id: mine.tea.id, variant_id: theirs.teaLarge.id }],
      });
      expect(created.body).toEqual(
        fail(422, {
          customer_id: ['does not exist'],
          billing_plan_id: ['does not exist'],
          'products.0.product_id': ['does not exist'],
          'products.1.variant_id': ['does not exist'],
        }),
      );
      expect(
        await answers(away, [
          ['patch', '/subscription/S1001', { billing_plan_id: theirs.plan.id }],
          ['put', '/subscription/S1001', { billing_plan_id: theirs.plan.id }],
          ['post', '/subscription/S1001/products', { product_id: theirs.mug.id }],
          ['post', '/subscription/S1001/product', { product_id: mine.tea.id, variant_id: theirs.teaLarge.id }],
          ['put', '/subscription/S1001/products', [{ product_id: mine.mug.id }, { product_id: theirs.tea.id }]],
        ]),
      ).toEqual([
        { request: 'PATCH /subscription/S1001', status: 422, body: fail(422, { billing_plan_id: ['does not exist'] }) },
        { request: 'PUT /subscription/S1001', status: 422, body: fail(422, { billing_plan_id: ['does not exist'] }) },
        { request: 'POST /subscription/S1001/products', status: 422, body: fail(422, { product_id: ['does not exist'] }) },
        { request: 'POST /subscription/S1001/product', status: 422, body: fail(422, { variant_id: ['does not exist'] }) },
        { request: 'PUT /subscription/S1001/products', status: 422, body: fail(422, { '1.product_id': ['does not exist'] }) },
      ]);
      expect(await read(away, '/subscription/S1001')).toEqual(awaySub);
      expect(((await read(away, '/subscription/S1001/products')) as unknown as Json[]).map((p) => p.product_id)).toEqual([
        mine.mug.id,
        mine.tea.id,
      ]);
      expect(await listed(away, '/subscriptions')).toEqual(['S1001', 'S1002']);
    });

    it("answers another store's subscription and its products as unknown in a path: 404 on read, change, renew and cancel", async () => {
      const id = homeSub.id as number;
      const pid = homeItem.id as number;
      expect(
        await answers(away, [
          ['get', `/subscription/${id}`],
          ['patch', `/subscription/${id}`, { status: 'cancelled' }],
          ['patch', `/subscriptions/${id}`, { status: 'paused' }],
          ['put', `/subscription/${id}`, { billing_plan_id: mine.plan.id }],
          ['post', `/subscription/${id}/renew`],
          ['get', `/subscription/${id}/products`],
          ['post', `/subscription/${id}/products`, { product_id: mine.mug.id }],
          ['put', `/subscription/${id}/products`, []],
          ['get', `/subscription/${id}/product/${pid}`],
          ['delete', `/subscription/${id}/product/${pid}`],
          ['get', `/subscription/S1001/product/${pid}`],
          ['delete', `/subscription/S1001/product/${pid}`],
        ]),
      ).toEqual([
        { request: `GET /subscription/${id}`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `PATCH /subscription/${id}`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `PATCH /subscriptions/${id}`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `PUT /subscription/${id}`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `POST /subscription/${id}/renew`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `GET /subscription/${id}/products`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `POST /subscription/${id}/products`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `PUT /subscription/${id}/products`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `GET /subscription/${id}/product/${pid}`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `DELETE /subscription/${id}/product/${pid}`, status: 404, body: fail(404, `Subscription ${id} was not found.`) },
        { request: `GET /subscription/S1001/product/${pid}`, status: 404, body: fail(404, `Subscription product ${pid} was not found.`) },
        {
          request: `DELETE /subscription/S1001/product/${pid}`,
          status: 404,
          body: fail(404, `Subscription product ${pid} was not found.`),
        },
      ]);
      expect(await read(home, `/subscription/${id}`)).toEqual(homeSub);
      expect(await read(home, `/subscription/${id}/products`)).toEqual(homeItems);
    });

    it('renews and cancels its own S1001 only', async () => {
      const renewed = await call(away, 'post', '/subscription/S1001/renew');
      expect(renewed.status).toBe(200);
      expect(renewed.body.data).toEqual({
        ...awaySub,
        current_period_start: '2024-02-29 10:00:00',
        current_period_end: '2024-03-31 10:00:00',
        renewal_count: 1,
        updated_at: TS,
      });
      const cancelled = await call(away, 'patch', '/subscription/S1002', { status: 'cancelled' });
      expect(cancelled.body.data).toEqual({ ...awaySecond, status: 'cancelled', cancelled_at: TS, updated_at: TS });
      expect(await read(home, '/subscription/S1001')).toEqual(homeSub);
      expect(await listed(home, '/subscriptions?status=cancelled')).toEqual([]);
      expect(await listed(away, '/subscriptions?status=cancelled')).toEqual(['S1002']);
    });

    it("answers another store's billing plan as unknown, even one its subscriptions use: 404, not 409", async () => {
      const id = theirs.plan.id as number;
      expect(
        await answers(away, [
          ['get', `/billingplan/${id}`],
          ['patch', `/billingplan/${id}`, { name: 'Mine' }],
          ['delete', `/billingplans/${id}`],
        ]),
      ).toEqual([
        { request: `GET /billingplan/${id}`, status: 404, body: fail(404, `Billing plan ${id} was not found.`) },
        { request: `PATCH /billingplan/${id}`, status: 404, body: fail(404, `Billing plan ${id} was not found.`) },
        { request: `DELETE /billingplans/${id}`, status: 404, body: fail(404, `Billing plan ${id} was not found.`) },
      ]);
      expect(await read(home, `/billingplan/${id}`)).toEqual(theirs.plan);
      expect(await listed(away, '/billingplans', 'id')).toEqual([mine.plan.id]);
      expect(await listed(home, '/billingplans', 'id')).toEqual([theirs.plan.id]);
    });

    it('lists, filters and events of subscriptions and billing plans are the store’s own', async () => {
      expect(await listed(away, '/subscriptions')).toEqual(['S1001', 'S1002']);
      expect(await listed(home, '/subscriptions')).toEqual(['S1001']);
      expect(await read(away, `/subscriptions?customer_id=${theirs.customer.id as number}`)).toEqual([]);
      expect(await read(home, `/subscriptions?customer_id=${mine.customer.id as number}`)).toEqual([]);
      const awayIds = ((await read(away, '/subscriptions')) as unknown as Json[]).map((s) => s.id);
      expect(await events(away, 'subscription.created')).toEqual([
        [awayIds[0], 'S1001'],
        [awayIds[1], 'S1002'],
      ]);
      expect(await events(home, 'subscription.created')).toEqual([[homeSub.id, 'S1001']]);
      expect(await events(away, 'subscription.renewed')).toEqual([[awayIds[0], 'S1001']]);
      expect(await events(away, 'subscription.cancelled')).toEqual([[awayIds[1], 'S1002']]);
      expect([await events(home, 'subscription.renewed'), await events(home, 'subscription.cancelled')]).toEqual([[], []]);
      expect(await events(away, 'subscription.product.created', 'product_id')).toEqual([
        [expect.any(Number), mine.mug.id],
        [expect.any(Number), mine.tea.id],
      ]);
      expect(await events(home, 'subscription.product.created', 'product_id')).toEqual([
        [homeItem.id, theirs.mug.id],
        [expect.any(Number), theirs.tea.id],
      ]);
      expect(await events(away, 'billingplan.created', 'name')).toEqual([[mine.plan.id, 'Monthly']]);
      expect(await events(home, 'billingplan.created', 'name')).toEqual([[theirs.plan.id, 'Monthly']]);
    });
  });
});
