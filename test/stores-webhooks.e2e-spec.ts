import { Webhook } from 'standardwebhooks';
import { verifySignature } from '../src/modules/webhooks/domain/signature.js';
import { TS, fail, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { type TestApp, describeE2E } from './support/test-app.js';
import { type Json, bootTwoStores, storeCalls } from './support/two-stores.js';
import { type Received, startReceiver } from './support/webhook-receiver.js';

/** Whether a delivery verifies with `secret`: its Store-Signature, and its webhook-signature (Standard Webhooks). */
function verifies(secret: string, r: Received): { store: boolean; standard: boolean } {
  let standard = true;
  try {
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  } catch {
    standard = false;
  }
  return { store: verifySignature(secret, r.body, r.headers['store-signature'] as string, Math.floor(Date.now() / 1000)), standard };
}

const MISMATCH = fail(422, { 'Idempotency-Key': ['was used with a different request'] });

/**
 * Two stores on one deployment (docs/api.md#stores), as in stores-isolation.e2e-spec.ts: `default`
 * at home.example and `north` at north.example, each with its own key. Product reviews, webhook
 * endpoints with their deliveries, and Idempotency-Keys are each store's own: another store's id in a
 * path is 404 and in a body 422, a webhook hears its own store's events only, signed with its own
 * secret, and the same Idempotency-Key in two stores guards two requests.
 */
describeE2E('stores: reviews, webhooks and their deliveries, idempotency keys, each store its own', () => {
  let t: TestApp;
  let north: { id: number; handle: string };
  /** The headers of a request of each store: its host and a key of its own. */
  let home: Record<string, string>;
  let away: Record<string, string>;
  let homeReceiver: Awaited<ReturnType<typeof startReceiver>>;
  let awayReceiver: Awaited<ReturnType<typeof startReceiver>>;
  /** The same SKU in both stores; LAMP in home only. */
  let homeMug: Json;
  let awayMug: Json;
  let homeLamp: Json;
  /** ann@example.test in both stores; home's bought home's MUG, north's bought nothing. */
  let homeAnn: Json;
  let awayAnn: Json;
  let homeReview: Json;
  let awayReview: Json;
  let homeHook: Json;
  let awayHook: Json;

  const { call, made, read: data } = storeCalls(() => t);
  const review = (over: Record<string, unknown>) => ({
    id: expect.any(Number),
    customer_id: null,
    author_email: null,
    title: null,
    text: null,
    status: 'pending',
    reply: null,
    verified_purchase: 0,
    approved_at: null,
    created_at: TS,
    updated_at: TS,
    ...over,
  });
  const rating = async (headers: Record<string, string>, sku: string) => {
    const product = await data(headers, `/product/${sku}`);
    return [product.rating_average, product.rating_count];
  };
  /** An endpoint as GET shows it: without the secret, which only create and rotate-secret show. */
  const shown = (hook: Json): Json => Object.fromEntries(Object.entries(hook).filter(([k]) => k !== 'secret'));
  /** A webhook's deliveries once none is queued any more. */
  const settled = (headers: Record<string, string>, hook: Json, count: number) =>
    eventually(async () => {
      const res = await call(headers, 'get', `/webhook/${hook.id as number}/deliveries`);
      expect(res.status).toBe(200);
      const rows = res.body.data as Json[];
      expect(rows.map((d) => d.status)).toEqual(Array(count).fill('succeeded'));
      return rows;
    });

  beforeAll(async () => {
    homeReceiver = await startReceiver();
    awayReceiver = await startReceiver();
    ({ t, north, home, away } = await bootTwoStores('stores_webhooks', {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_BACKOFF_MS: '100',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_POLL_MS: '50',
    }));

    homeMug = await made(home, '/product', { name: 'Mug', sku: 'MUG', base_price: '10.00' });
    awayMug = await made(away, '/product', { name: 'Becher', sku: 'MUG', base_price: '9.00' });
    homeLamp = await made(home, '/product', { name: 'Lamp', sku: 'LAMP', base_price: '30.00' });
    homeAnn = await made(home, '/customer', { email: 'ann@example.test', first_name: 'Ann' });
    awayAnn = await made(away, '/customer', { email: 'ann@example.test', first_name: 'Anna' });
    const quote = await made(home, '/quote', { name: 'Ann', customer_id: homeAnn.id, items: [{ product_id: homeMug.id, quantity: 1 }] });
    await made(home, `/quote/${quote.id as number}/order`, {});
  });
  afterAll(async () => {
    await t?.close();
    homeReceiver?.server.close();
    awayReceiver?.server.close();
  });

  describe('reviews', () => {
    it("a review of a store's product is its own: the same SKU in both stores, each its review, list, rating and events", async () => {
      const homeRes = await call(home, 'post', '/product/MUG/review', {
        author_name: 'Ann',
        rating: 5,
        status: 'approved',
        customer_id: homeAnn.id,
      });
      expect(homeRes.body).toEqual(
        ok(
          201,
          review({
            product_id: homeMug.id,
            author_name: 'Ann',
            rating: 5,
            status: 'approved',
            customer_id: homeAnn.id,
            verified_purchase: 1,
            approved_at: TS,
          }),
        ),
      );
      homeReview = homeRes.body.data as Json;
      const awayRes = await call(away, 'post', '/product/MUG/review', { author_name: 'Bo', rating: 2, status: 'approved' });
      expect(awayRes.body).toEqual(
        ok(201, review({ product_id: awayMug.id, author_name: 'Bo', rating: 2, status: 'approved', approved_at: TS })),
      );
      awayReview = awayRes.body.data as Json;
      expect(awayReview.id).not.toBe(homeReview.id);

      for (const [headers, mine, product] of [
        [home, homeReview, homeMug],
        [away, awayReview, awayMug],
      ] as const) {
        const list = await call(headers, 'get', '/reviews');
        expect([list.status, list.body.data, list.body.meta.pagination.total]).toEqual([200, [mine], 1]);
        expect(await data(headers, '/product/MUG/reviews')).toEqual([mine]);
        expect(await data(headers, `/product/${product.id as number}/review/${mine.id as number}`)).toEqual(mine);
        expect(await data(headers, `/review/${mine.id as number}`)).toEqual(mine);
        expect((await data(headers, '/product/MUG?embed=reviews')).reviews.data).toEqual([mine]);
        expect(((await data(headers, '/events?type=review.created')) as unknown as Json[]).map((e) => e.data)).toEqual([mine]);
        expect(((await data(headers, '/events?type=review.approved')) as unknown as Json[]).map((e) => e.resource_id)).toEqual([mine.id]);
      }
      expect(await rating(home, 'MUG')).toEqual(['5.00', 1]);
      expect(await rating(away, 'MUG')).toEqual(['2.00', 1]);
      // The other store's product or customer as a filter lists nothing.
      expect(await data(away, `/reviews?product_id=${homeMug.id as number}`)).toEqual([]);
      expect(await data(away, `/reviews?customer_id=${homeAnn.id as number}`)).toEqual([]);
      expect(await data(home, `/reviews?product_id=${homeMug.id as number}`)).toEqual([homeReview]);
    });

    it("answers another store's review id in a path with 404 on every route, and changes nothing", async () => {
      const id = homeReview.id as number;
      const notFound = fail(404, `Review ${id} was not found.`);
      for (const path of [
        `/review/${id}`,
        `/reviews/${id}`,
        `/product/MUG/review/${id}`,
        `/products/${awayMug.id as number}/reviews/${id}`,
      ]) {
        const res = await call(away, 'get', path);
        expect([path, res.status, res.body]).toEqual([path, 404, notFound]);
      }
      const patched = await call(away, 'patch', `/product/MUG/review/${id}`, { status: 'rejected', reply: 'Mine now' });
      expect([patched.status, patched.body]).toEqual([404, notFound]);
      const replaced = await call(away, 'put', `/product/MUG/review/${id}`, { author_name: 'Mallory', rating: 1 });
      expect([replaced.status, replaced.body]).toEqual([404, notFound]);
      const removed = await call(away, 'delete', `/product/MUG/review/${id}`);
      expect([removed.status, removed.body]).toEqual([404, notFound]);

      expect(await data(home, `/review/${id}`)).toEqual(homeReview);
      expect(await rating(home, 'MUG')).toEqual(['5.00', 1]);
      expect(await rating(away, 'MUG')).toEqual(['2.00', 1]);
      expect(await data(away, '/reviews')).toEqual([awayReview]);
      expect(((await data(away, '/events?resource=review')) as unknown as Json[]).map((e) => [e.type, e.resource_id])).toEqual([
        ['review.created', awayReview.id],
        ['review.approved', awayReview.id],
      ]);
    });

    it("answers another store's product in the path with 404 and its customer in the body with 422, as unknown ones", async () => {
      const mugId = homeMug.id as number;
      const lampId = homeLamp.id as number;
      const write = { author_name: 'Mallory', rating: 1 };
      for (const [method, path, body] of [
        ['post', `/product/${mugId}/review`, write],
        ['post', `/products/${mugId}/reviews`, write],
        ['get', `/product/${mugId}/reviews`, undefined],
        ['get', `/product/${mugId}/review/${homeReview.id as number}`, undefined],
        ['patch', `/product/${mugId}/review/${homeReview.id as number}`, { rating: 1 }],
        ['put', `/product/${mugId}/review/${homeReview.id as number}`, write],
        ['delete', `/product/${mugId}/review/${homeReview.id as number}`, undefined],
      ] as const) {
        const res = await call(away, method, path, body);
        expect([method, path, res.status, res.body]).toEqual([method, path, 404, fail(404, `Product ${mugId} was not found.`)]);
      }
      for (const key of ['LAMP', String(lampId)]) {
        const res = await call(away, 'post', `/product/${key}/review`, write);
        expect([key, res.status, res.body]).toEqual([key, 404, fail(404, `Product ${key} was not found.`)]);
        expect([key, (await call(away, 'get', `/product/${key}/reviews`)).body]).toEqual([key, fail(404, `Product ${key} was not found.`)]);
      }
      // The same refusal as for an id that exists nowhere.
      const unknown = await call(away, 'post', '/product/MUG/review', { ...write, customer_id: 999_999 });
      expect(unknown.body).toEqual(fail(422, { customer_id: ['does not exist'] }));
      const created = await call(away, 'post', '/product/MUG/review', { ...write, customer_id: homeAnn.id });
      expect([created.status, created.body]).toEqual([422, fail(422, { customer_id: ['does not exist'] })]);
      const patched = await call(away, 'patch', `/product/MUG/review/${awayReview.id as number}`, { customer_id: homeAnn.id });
      expect([patched.status, patched.body]).toEqual([422, fail(422, { customer_id: ['does not exist'] })]);
      expect(await data(away, '/reviews')).toEqual([awayReview]);
      expect(await data(home, '/reviews')).toEqual([homeReview]);
      expect(await data(home, '/product/LAMP/reviews')).toEqual([]);
    });

    it("verified_purchase looks at the store's own customers and orders only", async () => {
      // home's ann@example.test bought home's MUG; north's ann@example.test bought nothing.
      const awayByEmail = await made(away, '/product/MUG/review', { author_name: 'Anna', rating: 4, author_email: 'ann@example.test' });
      expect(awayByEmail).toEqual(review({ product_id: awayMug.id, author_name: 'Anna', rating: 4, author_email: 'ann@example.test' }));
      const awayById = await made(away, '/product/MUG/review', { author_name: 'Anna', rating: 4, customer_id: awayAnn.id });
      expect(awayById).toEqual(review({ product_id: awayMug.id, author_name: 'Anna', rating: 4, customer_id: awayAnn.id }));
      const homeByEmail = await made(home, '/product/MUG/review', { author_name: 'Ann', rating: 4, author_email: 'ANN@example.test' });
      expect(homeByEmail).toEqual(
        review({ product_id: homeMug.id, author_name: 'Ann', rating: 4, author_email: 'ANN@example.test', verified_purchase: 1 }),
      );
      for (const r of [awayByEmail, awayById])
        expect((await call(away, 'delete', `/product/MUG/review/${r.id as number}`)).status).toBe(200);
      expect((await call(home, 'delete', `/product/MUG/review/${homeByEmail.id as number}`)).status).toBe(200);
      expect(await data(away, '/reviews')).toEqual([awayReview]);
      expect(await data(home, '/reviews')).toEqual([homeReview]);
    });
  });

  describe('webhooks and their deliveries', () => {
    it("delivers a store's event to its own endpoint only, signed with its secret; the other store's receiver gets its own event only", async () => {
      homeHook = await made(home, '/webhook', { url: `${homeReceiver.base}/home`, events: ['*'] });
      awayHook = await made(away, '/webhook', { url: `${awayReceiver.base}/north`, events: ['*'] });
      expect(homeHook.secret).not.toBe(awayHook.secret);
      expect(await data(home, '/webhooks')).toEqual([shown(homeHook)]);
      expect(await data(away, '/webhooks')).toEqual([shown(awayHook)]);

      // One event in each store: the same e-mail, so only the store tells them apart.
      const homeCustomer = await made(home, '/customer', { email: 'hook@example.test', first_name: 'Home' });
      const awayCustomer = await made(away, '/customer', { email: 'hook@example.test', first_name: 'North' });
      await eventually(() => {
        expect(homeReceiver.received.length).toBeGreaterThanOrEqual(1);
        expect(awayReceiver.received.length).toBeGreaterThanOrEqual(1);
      });
      const [homeDelivery] = await settled(home, homeHook, 1);
      const [awayDelivery] = await settled(away, awayHook, 1);

      for (const [receiver, path, customer, hook, other, headers, delivery] of [
        [homeReceiver, '/home', homeCustomer, homeHook, awayHook, home, homeDelivery],
        [awayReceiver, '/north', awayCustomer, awayHook, homeHook, away, awayDelivery],
      ] as const) {
        expect(receiver.received.map((r) => [r.path, r.headers['store-event-type']])).toEqual([[path, 'customer.created']]);
        const [got] = receiver.received;
        const event = JSON.parse(got.body) as Json;
        expect(event).toEqual({
          id: expect.stringMatching(/^evt_\d+$/),
          type: 'customer.created',
          created_at: TS,
          resource: 'customer',
          resource_id: customer.id,
          sequence: 1,
          data: customer,
        });
        expect(got.headers['store-event-id']).toBe(event.id);
        expect(got.headers['store-delivery-id']).toBe(String(delivery.id));
        expect(verifies(hook.secret as string, got)).toEqual({ store: true, standard: true });
        expect(verifies(other.secret as string, got)).toEqual({ store: false, standard: false });
        const events = (await data(headers, '/events?type=customer.created')) as unknown as Json[];
        expect(events.map((e) => (e.data as Json).email)).toEqual(['ann@example.test', 'hook@example.test']);
        expect(events[1]).toEqual(event);
        expect(delivery).toEqual({
          id: expect.any(Number),
          webhook_id: hook.id,
          event_id: event.id,
          event_type: 'customer.created',
          status: 'succeeded',
          attempts: [{ attempt: 1, at: TS, status_code: 200, duration_ms: expect.any(Number), error: null }],
          last_status_code: 200,
          duration_ms: expect.any(Number),
          error: null,
          next_attempt_at: null,
          created_at: TS,
          updated_at: TS,
        });
      }
    });

    it("answers another store's webhook with 404 for its deliveries, redelivery, ping and secret; a store's own redelivery and ping reach its receiver only", async () => {
      const [homeDelivery] = await settled(home, homeHook, 1);
      const [awayDelivery] = await settled(away, awayHook, 1);
      const hookId = homeHook.id as number;
      const notFound = fail(404, `Webhook ${hookId} was not found.`);
      for (const [method, path] of [
        ['get', `/webhook/${hookId}`],
        ['get', `/webhook/${hookId}/deliveries`],
        ['get', `/webhooks/${hookId}/deliveries`],
        ['post', `/webhook/${hookId}/delivery/${homeDelivery.id as number}/redeliver`],
        ['post', `/webhooks/${hookId}/deliveries/${homeDelivery.id as number}/redeliver`],
        ['post', `/webhook/${hookId}/ping`],
        ['post', `/webhook/${hookId}/rotate-secret`],
        ['patch', `/webhook/${hookId}`],
        ['delete', `/webhook/${hookId}`],
      ] as const) {
        const res = await call(away, method, path, method === 'patch' ? { url: `${awayReceiver.base}/stolen` } : undefined);
        expect([method, path, res.status, res.body]).toEqual([method, path, 404, notFound]);
      }
      // The other store's delivery under one's own endpoint: unknown too.
      const crossed = await call(away, 'post', `/webhook/${awayHook.id as number}/delivery/${homeDelivery.id as number}/redeliver`);
      expect([crossed.status, crossed.body]).toEqual([404, fail(404, `Delivery ${homeDelivery.id as number} was not found.`)]);

      // Each store's own redelivery and ping: delivered to its own receiver, and nothing of the refused requests anywhere.
      const again = await call(home, 'post', `/webhook/${hookId}/delivery/${homeDelivery.id as number}/redeliver`);
      expect([again.status, again.body.data.event_id, again.body.data.webhook_id]).toEqual([202, homeDelivery.event_id, hookId]);
      const ping = await call(away, 'post', `/webhook/${awayHook.id as number}/ping`);
      expect([ping.status, ping.body.data.event_type, ping.body.data.webhook_id]).toEqual([202, 'webhook.ping', awayHook.id]);
      const homeRows = await settled(home, homeHook, 2);
      const awayRows = await settled(away, awayHook, 2);
      expect(homeRows.map((d) => [d.event_id, d.event_type])).toEqual([
        [homeDelivery.event_id, 'customer.created'],
        [homeDelivery.event_id, 'customer.created'],
      ]);
      expect(awayRows.map((d) => [d.event_id, d.event_type])).toEqual([
        [awayDelivery.event_id, 'customer.created'],
        [ping.body.data.event_id, 'webhook.ping'],
      ]);
      await eventually(() => {
        expect(homeReceiver.received).toHaveLength(2);
        expect(awayReceiver.received).toHaveLength(2);
      });
      expect(homeReceiver.received.map((r) => [r.path, r.headers['store-event-id'], r.headers['store-event-type']])).toEqual([
        ['/home', homeDelivery.event_id, 'customer.created'],
        ['/home', homeDelivery.event_id, 'customer.created'],
      ]);
      expect(awayReceiver.received.map((r) => [r.path, r.headers['store-event-id'], r.headers['store-event-type']])).toEqual([
        ['/north', awayDelivery.event_id, 'customer.created'],
        ['/north', ping.body.data.event_id, 'webhook.ping'],
      ]);
      expect(JSON.parse(awayReceiver.received[1].body)).toMatchObject({
        type: 'webhook.ping',
        resource: 'webhook',
        resource_id: awayHook.id,
      });
      for (const r of homeReceiver.received) expect(verifies(homeHook.secret as string, r)).toEqual({ store: true, standard: true });
      for (const r of awayReceiver.received) expect(verifies(awayHook.secret as string, r)).toEqual({ store: true, standard: true });
      // The home endpoint is as it was: neither moved, re-keyed nor deleted by the other store.
      expect(await data(home, `/webhook/${hookId}`)).toEqual(shown(homeHook));
    });
  });

  describe('Idempotency-Key', () => {
    const withKey = (headers: Record<string, string>, key: string) => ({ ...headers, 'Idempotency-Key': key });
    const country = {
      id: expect.any(Number),
      name: 'Atlantis',
      code: 'AQ',
      code_3: null,
      enabled: 1,
      created_at: TS,
      updated_at: TS,
    };

    it("the same key and request in both stores makes two resources; each store's replay answers its own first response", async () => {
      const body = { name: 'Atlantis', code: 'AQ' };
      const homeFirst = await call(withKey(home, 'shared-1'), 'post', '/country', body);
      expect([homeFirst.status, homeFirst.body, homeFirst.headers['idempotent-replayed']]).toEqual([201, ok(201, country), undefined]);
      const awayFirst = await call(withKey(away, 'shared-1'), 'post', '/country', body);
      expect([awayFirst.status, awayFirst.body, awayFirst.headers['idempotent-replayed']]).toEqual([201, ok(201, country), undefined]);
      expect(awayFirst.body.data.id).not.toBe(homeFirst.body.data.id);

      const homeAgain = await call(withKey(home, 'shared-1'), 'post', '/country', body);
      expect([homeAgain.status, homeAgain.body, homeAgain.headers['idempotent-replayed']]).toEqual([201, homeFirst.body, 'true']);
      const awayAgain = await call(withKey(away, 'shared-1'), 'post', '/country', body);
      expect([awayAgain.status, awayAgain.body, awayAgain.headers['idempotent-replayed']]).toEqual([201, awayFirst.body, 'true']);

      expect(await data(home, '/countries')).toEqual([homeFirst.body.data]);
      expect(await data(away, '/countries')).toEqual([awayFirst.body.data]);
      expect(
        await t.sql('SELECT store_id, status FROM idempotency_keys WHERE idempotency_key = $1 ORDER BY store_id', ['shared-1']),
      ).toEqual([
        { store_id: 1, status: 201 },
        { store_id: north.id, status: 201 },
      ]);
    });

    it('a key used in one store is new in the other, whatever the request; a different request with it is refused in its own store only', async () => {
      const homeFirst = await call(withKey(home, 'review-1'), 'post', '/product/MUG/review', { author_name: 'Kim', rating: 3 });
      expect([homeFirst.status, homeFirst.body]).toEqual([201, ok(201, review({ product_id: homeMug.id, author_name: 'Kim', rating: 3 }))]);
      // Another path and body with the same key in north: not a mismatch there, a request of its own.
      const awayFirst = await call(withKey(away, 'review-1'), 'post', '/product/MUG/reviews', { author_name: 'Lou', rating: 1 });
      expect([awayFirst.status, awayFirst.body, awayFirst.headers['idempotent-replayed']]).toEqual([
        201,
        ok(201, review({ product_id: awayMug.id, author_name: 'Lou', rating: 1 })),
        undefined,
      ]);
      const homeReplay = await call(withKey(home, 'review-1'), 'post', '/product/MUG/review', { author_name: 'Kim', rating: 3 });
      expect([homeReplay.status, homeReplay.body, homeReplay.headers['idempotent-replayed']]).toEqual([201, homeFirst.body, 'true']);
      const homeOther = await call(withKey(home, 'review-1'), 'post', '/product/MUG/reviews', { author_name: 'Lou', rating: 1 });
      expect([homeOther.status, homeOther.body]).toEqual([422, MISMATCH]);
      const awayOther = await call(withKey(away, 'review-1'), 'post', '/product/MUG/review', { author_name: 'Kim', rating: 3 });
      expect([awayOther.status, awayOther.body]).toEqual([422, MISMATCH]);

      expect(await data(home, '/reviews')).toEqual([homeReview, homeFirst.body.data]);
      expect(await data(away, '/reviews')).toEqual([awayReview, awayFirst.body.data]);
    });
  });
});
