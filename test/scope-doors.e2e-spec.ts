import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fail } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

/** A receiver that records every delivery's body by path. */
async function startReceiver(): Promise<{ server: Server; base: string; received: { path: string; body: Json }[] }> {
  const received: { path: string; body: Json }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body) as Json });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const lacks = (scope: string) => fail(403, `The access token lacks the scope "${scope}".`);

/**
 * Scopes hold through every door: an embed of another group's resource, a product's cost shown
 * inside a quote or an order, the event log and webhook deliveries answer only what the key reads.
 */
describeE2E('scopes through embeds, events and webhooks', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let quote: Json;
  let order: Json;
  const {
    create,
    send,
    get: read,
  } = apiSteps(
    () => t,
    () => auth,
  );
  const key = async (...scopes: string[]) => ({ Authorization: `Bearer ${await t.token(scopes)}` });
  const get = (path: string, headers: Record<string, string>) => t.http.get(path).set(headers);

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await bootTestApp('scope_doors', { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50', WEBHOOK_BACKOFF_MS: '100' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    await create('/country', { name: 'United States', code: 'US' });
    const customer = await create('/customer', { email: 'bea@example.test', first_name: 'Bea', company: 'Bea & Co' });
    await create(`/customer/${customer.id}/addresses`, { kind: 'shipping', country_code: 'US', city: 'Austin', postal_code: '73301' });
    const pen = await create('/product', { name: 'Pen', sku: 'PEN', base_price: '10.00', cost: '7.00' });
    quote = await create('/quote', { name: 'Pens', customer_id: customer.id, items: [{ product_id: pen.id, quantity: 2 }] });
    order = await create(`/quote/${quote.id}/order`, {});
    quote = await read(`/quote/${quote.id}`);
  });
  afterAll(async () => {
    await t?.close();
    receiver?.server.close();
  });

  describe('embeds of another group’s resource', () => {
    it('a quote’s customer (and customer.*) needs customers:read: 403 naming it, on the list and the item', async () => {
      const quotes = await key('quotes:read');
      for (const path of [
        `/quote/${quote.id}?embed=customer`,
        `/quote/${quote.number}?embed=customer.shipping_addresses`,
        `/quotes?embed=customer.group`,
        `/quotes?embed=customer.billingAddresses`,
      ]) {
        expect({ path, body: (await get(path, quotes)).body }).toEqual({ path, body: lacks('customers:read') });
      }
      // An unknown embed is still the 422 listing the allowed ones.
      expect((await get(`/quote/${quote.id}?embed=nope`, quotes)).status).toBe(422);
      expect((await get(`/quote/${quote.id}`, quotes)).status).toBe(200);
      const both = await key('quotes:read', 'customers:read');
      const res = await get(`/quote/${quote.id}?embed=customer.shipping_addresses`, both);
      expect(res.status).toBe(200);
      expect(res.body.data.customer.data).toMatchObject({ email: 'bea@example.test', company: 'Bea & Co' });
    });

    it('an order’s customer needs customers:read too', async () => {
      const orders = await key('orders:read');
      for (const path of [`/order/${order.id}?embed=customer`, `/orders?embed=customer`, `/orders?embed=items.product,customer`]) {
        expect({ path, body: (await get(path, orders)).body }).toEqual({ path, body: lacks('customers:read') });
      }
      const res = await get(`/order/${order.id}?embed=customer`, await key('orders:read', 'customers:*'));
      expect(res.body.data.customer.data.email).toBe('bea@example.test');
    });

    it('a subscription’s customer and billing plan need their groups’ read scopes', async () => {
      const subs = await key('subscriptions:read');
      expect((await get('/subscriptions?embed=customer', subs)).body).toEqual(lacks('customers:read'));
      expect((await get('/subscriptions?embed=billing_plan', subs)).body).toEqual(lacks('billing_plans:read'));
      expect((await get('/subscriptions', subs)).status).toBe(200);
    });
  });

  describe('a product’s cost inside a quote or an order', () => {
    it('reads null to a key without catalog:read, on reads and writes alike', async () => {
      expect(quote.items[0].product.cost).toBe('7.00');
      const reader = await key('quotes:read');
      const one = (await get(`/quote/${quote.id}`, reader)).body.data as Json;
      expect(one).toEqual({ ...quote, items: [{ ...quote.items[0], product: { ...quote.items[0].product, cost: null } }] });
      const list = (await get(`/quotes`, reader)).body.data as Json[];
      expect(list.map((q) => q.items.map((i: Json) => i.product.cost))).toEqual(list.map((q) => q.items.map(() => null)));
      expect((await get(`/quote/${quote.id}`, await key('quotes:read', 'catalog:read'))).body.data.items[0].product.cost).toBe('7.00');

      const writer = await key('quotes:*');
      const made = await t.http
        .post('/quote')
        .set(writer)
        .send({ name: 'More pens', items: [{ product_id: quote.items[0].shop_product_id, quantity: 1 }] });
      expect(made.status).toBe(201);
      expect(made.body.data.items[0].product).toMatchObject({ sku: 'PEN', cost: null });
      const patched = await t.http.patch(`/quote/${made.body.data.id}`).set(writer).send({ name: 'Many pens' });
      expect(patched.body.data.items[0].product).toMatchObject({ sku: 'PEN', cost: null });
    });

    it('an order’s embedded product too', async () => {
      const path = `/order/${order.id}?embed=items.product`;
      expect((await get(path, auth)).body.data.items[0].product.data.cost).toBe('7.00');
      expect((await get(path, await key('orders:read'))).body.data.items[0].product.data).toMatchObject({ sku: 'PEN', cost: null });
      expect((await get(path, await key('orders:read', 'catalog:*'))).body.data.items[0].product.data.cost).toBe('7.00');
    });
  });

  describe('GET /events', () => {
    it('lists only the events of resources the key reads; resource=X without X’s read scope is 403', async () => {
      const all = (await read('/events?limit=250')) as unknown as Json[];
      const resources = new Set(all.map((e) => e.resource));
      expect([...resources].sort()).toEqual(['country', 'customer', 'customer.address', 'order', 'product', 'quote']);

      const hooksOnly = await key('webhooks:read');
      expect((await get('/events?limit=250', hooksOnly)).body.data).toEqual([]);
      for (const resource of ['customer', 'quote', 'order', 'product', 'customer.address']) {
        const scope = { customer: 'customers', 'customer.address': 'customers', quote: 'quotes', order: 'orders', product: 'catalog' }[
          resource
        ];
        expect((await get(`/events?resource=${resource}`, hooksOnly)).body).toEqual(lacks(`${scope}:read`));
      }

      const quotes = await key('webhooks:read', 'quotes:read');
      const listed = (await get('/events?limit=250', quotes)).body.data as Json[];
      expect(listed.map((e) => e.id)).toEqual(all.filter((e) => e.resource === 'quote').map((e) => e.id));
      expect((await get('/events?type=customer.created', quotes)).body.data).toEqual([]);
      // The quote's products read as GET /quote shows them to this key.
      for (const e of listed) for (const item of e.data.items as Json[]) expect(item.product.cost).toBeNull();
      const withCatalog = (await get('/events?resource=quote', await key('webhooks:read', 'quotes:read', 'catalog:read'))).body
        .data as Json[];
      expect(withCatalog.map((e) => e.data)).toEqual(all.filter((e) => e.resource === 'quote').map((e) => e.data));

      const customers = await key('webhooks:read', 'customers:*');
      expect(((await get('/events?limit=250', customers)).body.data as Json[]).map((e) => e.resource)).toEqual([
        'customer',
        'customer.address',
      ]);
    });
  });

  describe('webhooks', () => {
    const fanout = async (webhookId: number) =>
      (
        await t.sql<{ type: string }>(
          'SELECT e.type FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.webhook_id = $1 ORDER BY d.id',
          [webhookId],
        )
      ).map((r) => r.type);

    it('deliver only the events the key that created or last changed the endpoint reads', async () => {
      const quotesKey = await key('webhooks:write', 'quotes:read');
      const narrow = await t.http
        .post('/webhook')
        .set(quotesKey)
        .send({ url: `${receiver.base}/narrow`, events: ['*'] });
      expect(narrow.status).toBe(201);
      const wide = await create('/webhook', { url: `${receiver.base}/wide`, events: ['*'] });

      const customer = await create('/customer', { email: 'cy@example.test' });
      const q = await create('/quote', {
        name: 'Cy',
        customer_id: customer.id,
        items: [{ product_id: quote.items[0].shop_product_id, quantity: 1 }],
      });
      expect(await fanout(narrow.body.data.id)).toEqual(['quote.created']);
      expect(await fanout(wide.id)).toEqual(['customer.created', 'quote.created']);

      // The quote's product reads as this key would read it: cost null without catalog:read.
      const [delivered] = await eventually(() => {
        const got = receiver.received.filter((r) => r.path === '/narrow');
        expect(got).toHaveLength(1);
        return got;
      });
      expect(delivered.body).toMatchObject({ type: 'quote.created', resource_id: q.id });
      expect(delivered.body.data).toEqual({ ...q, items: [{ ...q.items[0], product: { ...q.items[0].product, cost: null } }] });
      const wideQuote = await eventually(() => {
        const got = receiver.received.find((r) => r.path === '/wide' && r.body.type === 'quote.created');
        expect(got).toBeDefined();
        return got!;
      });
      expect(wideQuote.body.data).toEqual(q);

      // Changed by a customers-only key, the wide endpoint is now delivered what that key reads.
      const customersKey = await key('webhooks:write', 'customers:read');
      expect((await t.http.patch(`/webhook/${wide.id}`).set(customersKey).send({ description: 'CRM' })).status).toBe(200);
      await create('/quote', { name: 'Later' });
      await send('patch', `/customer/${customer.id}`, { first_name: 'Cy' });
      expect(await fanout(wide.id)).toEqual(['customer.created', 'quote.created', 'customer.updated']);
    });

    it('an endpoint made before keys were recorded keeps every event (`*`)', async () => {
      const [old] = await t.sql<{ id: number; scopes: string[]; api_key_id: number | null }>(
        `INSERT INTO webhooks (url, events, secret) VALUES ($1, '{*}', 'whsec_old') RETURNING id, scopes, api_key_id`,
        [`${receiver.base}/old`],
      );
      expect(old).toMatchObject({ scopes: ['*'], api_key_id: null });
      const customer = await create('/customer', { email: 'old@example.test' });
      await create('/quote', { name: 'Old', customer_id: customer.id });
      expect(await fanout(old.id)).toEqual(['customer.created', 'quote.created']);
      await t.sql('DELETE FROM webhooks WHERE id = $1', [old.id]);
    });
  });

  describe('reviews and product types', () => {
    it('a product’s embed=reviews needs reviews:read; review and product type events follow their groups', async () => {
      const pen = await create('/product', { name: 'Reviewed pen', sku: 'PEN-R', base_price: '3.00' });
      const review = await create(`/product/${pen.id}/review`, { author_name: 'Bea', author_email: 'bea@example.test', rating: 5 });
      const catalog = await key('catalog:read');
      for (const path of [`/product/${pen.id}?embed=reviews`, `/products?embed=variants,reviews`]) {
        expect({ path, body: (await get(path, catalog)).body }).toEqual({ path, body: lacks('reviews:read') });
      }
      expect((await get(`/product/${pen.id}?embed=product_type`, catalog)).status).toBe(200);
      const both = await get(`/product/${pen.id}?embed=reviews`, await key('catalog:read', 'reviews:read'));
      expect(both.status).toBe(200);
      expect((both.body.data.reviews.data as Json[]).map((r) => r.id)).toEqual([review.id]);

      const hooksOnly = await key('webhooks:read');
      expect((await get('/events?resource=review', hooksOnly)).body).toEqual(lacks('reviews:read'));
      expect((await get('/events?resource=product_type', hooksOnly)).body).toEqual(lacks('catalog:read'));
      const reviews = (await get('/events?resource=review', await key('webhooks:read', 'reviews:read'))).body.data as Json[];
      expect(reviews.map((e) => [e.type, e.resource_id])).toEqual([['review.created', review.id]]);
    });
  });
});
