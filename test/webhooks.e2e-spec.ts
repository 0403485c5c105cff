import { verifySignature } from '../src/modules/webhooks/domain/signature.js';
import { TS, fail, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { startReceiver } from './support/webhook-receiver.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeE2E('webhooks: endpoints, events and delivery', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const WEBHOOK = {
    id: expect.any(Number),
    url: expect.any(String),
    events: expect.any(Array),
    description: null,
    is_active: 1,
    disabled_reason: null,
    failing_since: null,
    created_at: TS,
    updated_at: TS,
  };
  const create = async (body: Json) => {
    const res = await t.http.post('/webhook').set(auth).send(body);
    expect(res.status).toBe(201);
    return res.body.data as Json;
  };
  const at = (path: string) => receiver.received.filter((r) => r.path === path);

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await bootTestApp('webhooks', {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_BACKOFF_MS: '100',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_POLL_MS: '50',
    });
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(async () => {
    await t?.close();
    receiver?.server.close();
  });

  it('creates, lists, reads, patches, rotates and deletes an endpoint; the secret shows only on create and rotate', async () => {
    const res = await t.http
      .post('/webhook')
      .set(auth)
      .send({ url: `${receiver.base}/crud`, events: ['quote.*', 'product.updated'], description: ' ERP ' });
    expect(res.body).toEqual(
      ok(201, {
        ...WEBHOOK,
        url: `${receiver.base}/crud`,
        events: ['quote.*', 'product.updated'],
        description: 'ERP',
        secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
      }),
    );
    const { secret, ...shown } = res.body.data as Json;
    expect((await t.http.get(`/webhook/${shown.id}`).set(auth)).body).toEqual(ok(200, shown));
    const list = await t.http.get('/webhooks').set(auth);
    expect(list.body.data).toEqual([shown]);
    const patched = await t.http
      .patch(`/webhooks/${shown.id}`)
      .set(auth)
      .send({ events: ['*'], is_active: 0 });
    expect(patched.body).toEqual(ok(200, { ...shown, events: ['*'], is_active: 0, updated_at: TS }));
    const rotated = await t.http.post(`/webhook/${shown.id}/rotate-secret`).set(auth);
    expect(rotated.body).toEqual(ok(200, { ...patched.body.data, secret: expect.stringMatching(/^whsec_/), updated_at: TS }));
    expect(rotated.body.data.secret).not.toBe(secret);
    const removed = await t.http.delete(`/webhook/${shown.id}`).set(auth);
    expect(removed.body).toEqual(ok(200, { ...patched.body.data, updated_at: TS }));
    expect((await t.http.get(`/webhook/${shown.id}`).set(auth)).status).toBe(404);
  });

  it('refuses bad URLs and patterns with one 422', async () => {
    const res = await t.http
      .post('/webhook')
      .set(auth)
      .send({ url: 'ftp://example.com/x', events: ['quote.*', 'Bad Pattern'] });
    expect(res.body).toEqual(
      fail(422, { url: ['must be an http or https URL'], 'events.1': ['must be an event type, a prefix ending in .* or *'] }),
    );
    expect((await t.http.post('/webhook').set(auth).send({ url: 'https://example.com' })).body).toEqual(
      fail(422, { events: [expect.any(String)] }),
    );
  });

  it('delivers signed events whose data is the resource as GET shows it; sequence grows per resource', async () => {
    const hook = await create({ url: `${receiver.base}/countries`, events: ['country.*'] });
    const created = (await t.http.post('/country').set(auth).send({ name: 'Canada', code: 'CA' })).body.data as Json;
    const patched = await t.http.patch(`/country/${created.id}`).set(auth).send({ name: 'Kanada' });
    expect(patched.status).toBe(200);
    const got = await eventually(() => {
      expect(at('/countries')).toHaveLength(2);
      return at('/countries').map((r) => ({ ...r, json: JSON.parse(r.body) as Json }));
    });
    const byType = new Map(got.map((g) => [g.json.type, g]));
    const updated = byType.get('country.updated')!;
    expect(updated.json).toEqual({
      id: expect.stringMatching(/^evt_\d+$/),
      type: 'country.updated',
      created_at: TS,
      resource: 'country',
      resource_id: created.id,
      sequence: 2,
      data: patched.body.data,
    });
    expect(byType.get('country.created')!.json).toMatchObject({ sequence: 1, data: created });
    expect(updated.headers['content-type']).toBe('application/json');
    expect(updated.headers['store-event-id']).toBe(updated.json.id);
    expect(updated.headers['store-event-type']).toBe('country.updated');
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(hook.secret as string, updated.body, updated.headers['store-signature'] as string, now)).toBe(true);
    expect(verifySignature('whsec_other', updated.body, updated.headers['store-signature'] as string, now)).toBe(false);

    const events = await t.http.get('/events?resource=country&type=country.updated').set(auth);
    expect(events.body.data).toEqual([updated.json]);
    const deliveries = await eventually(async () => {
      const page = (await t.http.get(`/webhook/${hook.id}/deliveries`).set(auth)).body.data as Json[];
      expect(page.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
      return page;
    });
    expect(deliveries[1]).toEqual({
      id: expect.any(Number),
      webhook_id: hook.id,
      event_id: expect.stringMatching(/^evt_/),
      event_type: expect.stringMatching(/^country\./),
      status: 'succeeded',
      attempts: [{ attempt: 1, at: TS, status_code: 200, duration_ms: expect.any(Number), error: null }],
      last_status_code: 200,
      duration_ms: expect.any(Number),
      error: null,
      next_attempt_at: null,
      created_at: TS,
      updated_at: TS,
    });
    // Redelivered: the same event once more.
    const again = await t.http.post(`/webhook/${hook.id}/delivery/${deliveries[1].id}/redeliver`).set(auth);
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ event_id: deliveries[1].event_id, status: 'queued', attempts: [] });
    await eventually(() => expect(at('/countries')).toHaveLength(3));
    await t.http.delete(`/webhook/${hook.id}`).set(auth);
  });

  it('a write that rolls back records no event', async () => {
    const before = (await t.sql<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'country.created'"))[0].n;
    const dup = await t.http.post('/country').set(auth).send({ name: 'Canada again', code: 'CA' });
    expect(dup.status).toBeGreaterThanOrEqual(409);
    const bad = await t.http.patch('/country/CA').set(auth).send({ code: 'not a code' });
    expect(bad.status).toBe(422);
    const after = await t.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE type LIKE 'country.%' AND type <> 'country.updated'",
    );
    expect(after[0].n).toBe(before);
  });

  it('retries a 500 and delivers once it answers 200', async () => {
    const hook = await create({ url: `${receiver.base}/flaky`, events: ['shipment.created'] });
    await t.http.post('/shipment').set(auth).send({ number: 'SH-1' }).expect(201);
    await eventually(async () => {
      const [d] = (await t.http.get(`/webhook/${hook.id}/deliveries`).set(auth)).body.data as Json[];
      expect(d).toMatchObject({ status: 'succeeded', last_status_code: 200, error: null });
      expect(d.attempts.map((a: Json) => [a.attempt, a.status_code, a.error])).toEqual([
        [1, 500, 'HTTP 500'],
        [2, 200, null],
      ]);
    });
    expect(at('/flaky')).toHaveLength(2);
    expect((await t.http.get(`/webhook/${hook.id}`).set(auth)).body.data).toMatchObject({ is_active: 1, failing_since: null });
    await t.http.delete(`/webhook/${hook.id}`).set(auth);
  });

  it('410 Gone switches the endpoint off; a redirect and a slow answer are failed attempts', async () => {
    const gone = await create({ url: `${receiver.base}/gone`, events: ['shipment.*'] });
    const slow = await create({ url: `${receiver.base}/slow`, events: ['shipment.*'] });
    const moved = await create({ url: `${receiver.base}/redirect`, events: ['shipment.*'] });
    await t.http.post('/shipment').set(auth).send({ number: 'SH-2' }).expect(201);
    await eventually(async () => {
      const g = (await t.http.get(`/webhook/${gone.id}`).set(auth)).body.data as Json;
      expect(g).toMatchObject({ is_active: 0, disabled_reason: 'The endpoint answered 410 Gone.' });
      const [gd] = (await t.http.get(`/webhook/${gone.id}/deliveries`).set(auth)).body.data as Json[];
      expect(gd).toMatchObject({ status: 'failed', last_status_code: 410, next_attempt_at: null });
      const [sd] = (await t.http.get(`/webhook/${slow.id}/deliveries`).set(auth)).body.data as Json[];
      expect(sd).toMatchObject({ last_status_code: null, error: 'timed out after 500 ms' });
      expect(sd.attempts[0]).toEqual({
        attempt: 1,
        at: TS,
        status_code: null,
        duration_ms: expect.any(Number),
        error: 'timed out after 500 ms',
      });
      const [md] = (await t.http.get(`/webhook/${moved.id}/deliveries`).set(auth)).body.data as Json[];
      expect(md).toMatchObject({ last_status_code: 302, error: 'HTTP 302: redirects are not followed' });
    });
    expect(at('/ok')).toHaveLength(0);
    for (const h of [gone, slow, moved]) await t.http.delete(`/webhook/${h.id}`).set(auth);
  });

  it('ping queues a webhook.ping event for that endpoint only', async () => {
    const hook = await create({ url: `${receiver.base}/ping`, events: ['quote.created'] });
    const res = await t.http.post(`/webhook/${hook.id}/ping`).set(auth);
    expect(res.body).toEqual(
      ok(202, {
        id: expect.any(Number),
        webhook_id: hook.id,
        event_id: expect.stringMatching(/^evt_\d+$/),
        event_type: 'webhook.ping',
        status: 'queued',
        attempts: [],
        last_status_code: null,
        duration_ms: null,
        error: null,
        next_attempt_at: TS,
        created_at: TS,
        updated_at: TS,
      }),
    );
    await eventually(() => expect(at('/ping')).toHaveLength(1));
    expect(JSON.parse(at('/ping')[0].body)).toMatchObject({ type: 'webhook.ping', resource: 'webhook', resource_id: hook.id });
  });

  it('quote writes record quote.created, quote.updated and quote.deleted', async () => {
    const created = (await t.http.post('/quote').set(auth).send({ name: 'Q' })).body.data as Json;
    const patched = (await t.http.patch(`/quote/${created.id}`).set(auth).send({ name: 'Q2' })).body.data as Json;
    await t.http.delete(`/quote/${created.id}`).set(auth).expect(200);
    const events = (await t.http.get('/events?resource=quote').set(auth)).body.data as Json[];
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['quote.created', 1],
      ['quote.updated', 2],
      ['quote.deleted', 3],
    ]);
    expect(events[1].data).toEqual(patched);
  });

  it('GET /events needs webhooks:read', async () => {
    const token = await t.token(['quotes:read']);
    expect((await t.http.get('/events').set({ Authorization: `Bearer ${token}` })).status).toBe(403);
  });
});

describeE2E('webhooks: no private addresses without WEBHOOK_ALLOW_PRIVATE', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await bootTestApp('webhooks_ssrf');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1 is a loopback address'],
    ['http://10.1.2.3/hook', '10.1.2.3 is a private address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
    ['http://[::1]/hook', '::1 is a loopback address'],
    ['http://[::ffff:192.168.1.1]/hook', '::ffff:c0a8:101 is a private address'],
    // IPv6 forms that embed an IPv4 address are judged by it: IPv4-compatible, 6to4, NAT64, Teredo.
    ['http://[::127.0.0.1]/', '::7f00:1 is a loopback address'],
    ['http://[2002:7f00:1::]/', '2002:7f00:1:: is a loopback address'],
    ['http://[64:ff9b::a9fe:a9fe]/latest/meta-data', '64:ff9b::a9fe:a9fe is a link-local address'],
    ['http://[2001:0:7f00:1::]/hook', '2001:0:7f00:1:: is a loopback address'],
    ['http://100.64.0.1/hook', '100.64.0.1 is a shared (CGNAT) address'],
    ['http://localhost:3000/hook', 'localhost resolves to'],
  ])('%s is refused', async (url, reason) => {
    const res = await t.http
      .post('/webhook')
      .set(auth)
      .send({ url, events: ['*'] });
    expect(res.status).toBe(422);
    expect(res.body.error.message.url[0]).toContain(reason);
  });
});
