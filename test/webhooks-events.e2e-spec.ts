import { DataSource } from 'typeorm';
import { EventsRepository } from '../src/modules/webhooks/events.repository.js';
import { api, createQuote, settled } from './send-quote.fixtures.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { type TestApp, asDefaultStore, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];

/**
 * The events of the hand-written write paths: each is in GET /events with `data` exactly as GET
 * shows the resource after the change (as it was, for a delete).
 */
describeE2E('webhooks: events of products, tax classes, addresses, subscriptions, deliveries and acceptance', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let auth: Record<string, string>;

  const { send, get, events } = apiSteps(
    () => t,
    () => auth,
  );

  beforeAll(async () => {
    sink = await startSmtpSink();
    sink.recipientReply = (address) => (address === 'nobody@example.test' ? { code: 550, message: '5.1.1 no such user' } : 'accept');
    t = await bootTestApp('webhooks_events', { SMTP_URL: sink.url, STORE_URL: 'https://shop.example.test' });
    token = await t.token();
    auth = { Authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('products: product.created, product.updated and product.deleted', async () => {
    const created = await send('post', '/product', { name: 'Lamp', sku: 'LAMP', base_price: '20' });
    const updated = await send('patch', `/product/${created.id}`, { name: 'Desk lamp' });
    expect(await get(`/product/${created.id}`)).toEqual(updated);
    const [u] = await events('product.updated', created.id);
    expect(u).toMatchObject({ type: 'product.updated', resource: 'product', resource_id: created.id, sequence: 2, data: updated });
    expect(u.data).toEqual(updated);
    const removed = await send('delete', `/product/${created.id}`);
    expect((await events('product.created', created.id))[0].data).toEqual(created);
    expect((await events('product.deleted', created.id))[0]).toMatchObject({ sequence: 3, data: removed });
  });

  it('tax classes: the class that loses the default records taxclass.updated', async () => {
    const first = await send('post', '/taxclass', { name: 'Standard', is_default: 1 });
    const second = await send('post', '/taxclass', { name: 'Reduced', is_default: 1 });
    expect((await events('taxclass.created', second.id))[0].data).toEqual(second);
    const [cleared] = await events('taxclass.updated', first.id);
    expect(cleared.data).toEqual(await get(`/taxclass/${first.id}`));
    expect(cleared.data.is_default).toBe(0);
  });

  it('product category links and custom field values', async () => {
    const product = await send('post', '/product', { name: 'Chair', sku: 'CHAIR', base_price: '50' });
    const category = await send('post', '/category', { name: 'Furniture' });
    await send('post', `/product/${product.id}/categories`, { category_ids: [category.id] });
    // Linking again changes nothing and records nothing.
    await send('post', `/product/${product.id}/categories`, { category_id: category.id });
    const linked = await events('product.category.created', product.id);
    expect(linked.map((e) => e.data)).toEqual([await get(`/product/${product.id}/category/${category.id}`)]);
    const shown = await get(`/product/${product.id}/category/${category.id}`);
    await send('delete', `/product/${product.id}/categories`);
    expect((await events('product.category.deleted', product.id)).map((e) => e.data)).toEqual([shown]);

    await send('post', '/customfielddefinitions', { name: 'finish', label: 'Finish', entity: 'product', type: 'string' });
    const set = await send('patch', `/product/${product.id}/customfield/finish`, { value: 'oak' });
    expect((await events('product.customfield.updated', product.id)).map((e) => e.data)).toEqual([
      await get(`/product/${product.id}/customfield/finish`),
    ]);
    await send('patch', `/product/${product.id}/customfield/finish`, { value: null });
    expect((await events('product.customfield.deleted', product.id)).map((e) => e.data)).toEqual([set]);
  });

  it('a custom field value written as it is records nothing and moves nothing', async () => {
    const product = await send('post', '/product', { name: 'Stool', sku: 'STOOL-1' });
    await send('post', '/customfielddefinitions', { name: 'wood', label: 'Wood', entity: 'product', type: 'string' });
    // Clearing a value that is not set changes nothing.
    await send('patch', `/product/${product.id}/customfield/wood`, { value: null });
    expect(await events('product.customfield.deleted', product.id)).toEqual([]);
    await send('patch', `/product/${product.id}/customfield/wood`, { value: 'ash' });
    const stored = () => t.sql(`SELECT value, updated_at FROM product_custom_field_values WHERE product_id = $1`, [product.id]);
    const before = await stored();
    await send('patch', `/product/${product.id}/customfield/wood`, { value: 'ash' });
    expect(await stored()).toEqual(before);
    expect(await events('product.customfield.updated', product.id)).toHaveLength(1);
  });

  it('customer addresses: the address that loses the default records customer.address.updated', async () => {
    await send('post', '/country', { name: 'United States', code: 'US' });
    const customer = await send('post', '/customer', { email: 'ada@example.test' });
    const home = await send('post', `/customer/${customer.id}/addresses`, { kind: 'shipping', city: 'Boston', country_code: 'US' });
    const office = await send('post', `/customer/${customer.id}/addresses`, {
      kind: 'shipping',
      city: 'Austin',
      country_code: 'US',
      is_default: 1,
    });
    expect((await events('customer.address.created', office.id))[0].data).toEqual(office);
    const [cleared] = await events('customer.address.updated', home.id);
    expect(cleared.data).toEqual(await get(`/customer/${customer.id}/address/${home.id}`));
    expect(cleared.data.is_default).toBe(0);
    const removed = await send('delete', `/customer/${customer.id}/address/${office.id}`);
    expect((await events('customer.address.deleted', office.id))[0].data).toEqual(removed);
  });

  it('subscriptions: created, cancelled, renewed, expired and their products', async () => {
    const customer = await send('post', '/customer', { email: 'sub@example.test' });
    const product = await send('post', '/product', { name: 'Coffee', sku: 'COF', base_price: '20' });
    const monthly = await send('post', '/billingplan', { name: 'Monthly', interval_unit: 'month' });
    const once = await send('post', '/billingplan', { name: 'Once', interval_unit: 'day', renewal_cycles: 1 });

    const sub = await send('post', '/subscription', {
      customer_id: customer.id,
      billing_plan_id: monthly.id,
      products: [{ product_id: product.id }],
    });
    expect((await events('subscription.created', sub.id))[0].data).toEqual(sub);
    const [item] = (await get(`/subscription/${sub.id}/products`)) as unknown as Json[];
    expect((await events('subscription.product.created', item.id))[0].data).toEqual(item);
    const removed = await send('delete', `/subscription/${sub.id}/product/${item.id}`);
    expect((await events('subscription.product.deleted', item.id))[0].data).toEqual(removed);

    const renewed = await send('post', `/subscription/${sub.id}/renew`);
    expect((await events('subscription.renewed', sub.id)).map((e) => e.data)).toEqual([renewed]);
    const cancelled = await send('patch', `/subscription/${sub.id}`, { status: 'cancelled' });
    expect(await get(`/subscription/${sub.id}`)).toEqual(cancelled);
    const [c] = await events('subscription.cancelled', sub.id);
    expect(c).toMatchObject({ resource: 'subscription', resource_id: sub.id, data: cancelled });
    expect(c.data).toEqual(cancelled);
    expect((await events('subscription.updated', sub.id)).map((e) => [e.sequence, e.data])).toEqual([[c.sequence - 1, cancelled]]);

    const short = await send('post', '/subscription', { customer_id: customer.id, billing_plan_id: once.id });
    const expired = await send('post', `/subscription/${short.id}/renew`);
    expect(expired.status).toBe('expired');
    expect((await events('subscription.expired', short.id)).map((e) => e.data)).toEqual([await get(`/subscription/${short.id}`)]);
  });

  it('quote.delivery.sent and quote.delivery.failed carry the delivery as GET /quote/{id}/deliveries lists it', async () => {
    const quote = await createQuote(t, token, 'Mailed', ['ivy@example.test', 'jack@example.test', 'nobody@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);
    const list = await settled(t, token, quote.id, ['sent', 'failed']);
    expect(list.map((d) => d.status)).toEqual(['sent', 'sent', 'failed']);
    for (const d of list) {
      const [e] = await events(`quote.delivery.${d.status}`, d.id);
      expect(e).toMatchObject({ type: `quote.delivery.${d.status}`, resource: 'quote.delivery', resource_id: d.id, sequence: 1 });
      expect(e.data).toEqual(d);
    }
  });

  it('tracking codes record shipment.trackingcode.created through the shared write path', async () => {
    const shipment = await send('post', '/shipment', { number: 'SH-EV' });
    const code = await send('post', `/shipment/${shipment.id}/trackingcode`, { code: '1Z999', carrier: 'UPS' });
    const [e] = await events('shipment.trackingcode.created', code.id);
    expect(e).toMatchObject({ resource: 'shipment.trackingcode', resource_id: code.id, sequence: 1 });
    expect(e.data).toEqual(await get(`/shipment/${shipment.id}/trackingcode/${code.id}`));
  });

  it('quote.accepted carries the quote as GET shows it after acceptance, once', async () => {
    const quote = await createQuote(t, token, 'Accepted', ['buyer@example.test']);
    const csrf = tokenOf((await t.http.get(`/cart/${quote.cart_link_id}`)).text)!;
    expect((await t.http.post(`/cart/${quote.cart_link_id}/accept`).type('form').send({ csrf_token: csrf })).status).toBe(303);
    expect((await t.http.post(`/cart/${quote.cart_link_id}/accept`).type('form').send({ csrf_token: csrf })).status).toBe(303);
    const accepted = await get(`/quote/${quote.id}`);
    expect(accepted.status).toBe('accepted');
    const list = await events('quote.accepted', quote.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ resource: 'quote', resource_id: quote.id, sequence: 2 });
    expect(list[0].data).toEqual(accepted);
  });

  it("matches endpoints' patterns in the fan-out's SQL: *, a prefix ending in .*, an exact type", async () => {
    // In one transaction that is rolled back: nothing is left for the other cases, nor for the worker.
    const cases: [pattern: string, type: string, matches: boolean][] = [
      ['*', 'quote.created', true],
      ['quote.*', 'quote.created', true],
      ['quote.*', 'quote.delivery.failed', true],
      ['quote.*', 'quotes.created', false],
      ['quote.*', 'quote', false],
      ['quote.created', 'quote.created', true],
      ['quote.created', 'quote.updated', false],
      ['quote.created', 'quote.created.x', false],
      ['quote.delivery.*', 'quote.delivery.sent', true],
      ['quote.delivery.*', 'quote.sent', false],
    ];
    const rollback = new Error('rollback');
    let matched: { pattern: string; type: string }[] = [];
    // As the store `default`'s work: the fan-out joins the store's own endpoints.
    await asDefaultStore(() =>
      t.app.get(DataSource).transaction(async (m) => {
        for (const pattern of new Set(cases.map(([p]) => p))) {
          await m.query(`INSERT INTO webhooks (url, events, secret) VALUES ('https://example.test/p', $1, 'whsec_test')`, [[pattern]]);
        }
        const types = [...new Set(cases.map(([, type]) => type))];
        await t.app.get(EventsRepository).recordEvents(
          m,
          types.map((type) => ({ type, resource: 'pattern', resource_id: 1, data: {} })),
        );
        matched = await m.query(
          `SELECT DISTINCT w.events[1] AS pattern, e.type FROM webhook_deliveries d
             JOIN webhooks w ON w.id = d.webhook_id JOIN events e ON e.id = d.event_id
            WHERE e.resource = 'pattern'`,
        );
        throw rollback;
      }),
    ).catch((err) => {
      if (err !== rollback) throw err;
    });
    const key = (pattern: string, type: string) => `${pattern} ${type}`;
    const got = new Set(matched.map((r) => key(r.pattern, r.type)));
    expect(cases.map(([pattern, type]) => [pattern, type, got.has(key(pattern, type))])).toEqual(cases);
    expect(await t.sql(`SELECT count(*)::int AS n FROM events WHERE resource = 'pattern'`)).toEqual([{ n: 0 }]);
  });
});
