import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './support/eventually.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A real receiver: records the path and the event type of every request, answers 200. */
async function startReceiver(): Promise<{ server: Server; base: string; received: { path: string; type: string }[] }> {
  const received: { path: string; type: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', type: (JSON.parse(body) as Json).type as string });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/**
 * Webhooks are judged at every delivery (docs/api.md, Events and webhooks): a delivery or a
 * redelivery sends its event only if the key that last created or changed the endpoint may read it
 * when it is sent; otherwise it is `skipped` with the reason and nothing reaches the receiver.
 */
describeE2E('webhooks judged at every delivery', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const key = async (...scopes: string[]) => ({ Authorization: `Bearer ${await t.token(scopes)}` });
  const at = (path: string) => receiver.received.filter((r) => r.path === path);

  /** An endpoint made by `headers`' key. */
  const endpoint = async (headers: Record<string, string>, path: string, events: string[]) => {
    const res = await t.http
      .post('/webhook')
      .set(headers)
      .send({ url: `${receiver.base}${path}`, events });
    expect(res.status).toBe(201);
    const [row] = await t.sql<{ api_key_id: number }>('SELECT api_key_id FROM webhooks WHERE id = $1', [res.body.data.id]);
    return { id: res.body.data.id as number, keyId: row.api_key_id };
  };
  /** The deliveries `write` queues wait (due in an hour) until `release`, so what happens in between is judged when they are sent. */
  const held = async (write: () => Promise<unknown>) => {
    await t.sql(`ALTER TABLE webhook_deliveries ALTER COLUMN next_attempt_at SET DEFAULT now() + interval '1 hour'`);
    try {
      await write();
    } finally {
      await t.sql('ALTER TABLE webhook_deliveries ALTER COLUMN next_attempt_at SET DEFAULT now()');
    }
  };
  const release = (...ids: number[]) =>
    t.sql(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE webhook_id = ANY($1) AND status = 'queued'`, [ids]);
  /** The endpoint's deliveries once none is queued any more. */
  const settled = (id: number) =>
    eventually(async () => {
      const res = await t.http.get(`/webhook/${id}/deliveries`).set(auth);
      expect(res.status).toBe(200);
      const rows = res.body.data as Json[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((d) => d.status === 'queued')).toEqual([]);
      return rows;
    });
  const newCustomer = async (email: string) => {
    const res = await t.http.post('/customer').set(auth).send({ email });
    expect(res.status).toBe(201);
    return res.body.data as Json;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await bootTestApp('webhooks_judged', { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50', WEBHOOK_BACKOFF_MS: '100' });
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(async () => {
    await t?.close();
    receiver?.server.close();
  });

  it('a key narrowed, revoked or expired after events were queued: the deliveries are skipped with the reason, nothing is sent', async () => {
    const narrowed = await endpoint(await key('webhooks:write', 'customers:read'), '/narrowed', ['customer.*']);
    const revoked = await endpoint(await key('webhooks:write', 'customers:read'), '/revoked', ['customer.*']);
    const expired = await endpoint(await key('webhooks:write', 'customers:*'), '/expired', ['customer.*']);
    const kept = await endpoint(await key('webhooks:write', 'customers:read'), '/kept', ['customer.*']);
    await held(() => newCustomer('queued@example.test'));

    await t.sql(`UPDATE api_keys SET scopes = '{webhooks:write}' WHERE id = $1`, [narrowed.keyId]);
    await t.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [revoked.keyId]);
    await t.sql(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.keyId]);
    await release(narrowed.id, revoked.id, expired.id, kept.id);

    const reasons = {
      [narrowed.id]: 'The key that last changed the endpoint lacks the scope "customers:read".',
      [revoked.id]: 'The key that last changed the endpoint is revoked.',
      [expired.id]: 'The key that last changed the endpoint has expired.',
    };
    for (const [id, reason] of Object.entries(reasons)) {
      const [d] = await settled(Number(id));
      expect(d).toMatchObject({ event_type: 'customer.created', status: 'skipped', error: reason, attempts: [], next_attempt_at: null });
    }
    const [sent] = await settled(kept.id);
    expect(sent).toMatchObject({ event_type: 'customer.created', status: 'succeeded', error: null });
    expect(at('/kept')).toHaveLength(1);
    for (const path of ['/narrowed', '/revoked', '/expired']) expect({ path, got: at(path) }).toEqual({ path, got: [] });
  });

  it('PATCH of the url by another key: what is queued is judged by that key', async () => {
    const owner = await key('webhooks:write', 'customers:read');
    const victim = await endpoint(owner, '/victim', ['customer.*']);
    const other = await endpoint(owner, '/other', ['customer.*']);
    await held(() => newCustomer('victim@example.test'));

    // A key that does not read customers points the endpoint at itself: the queued event is not sent.
    const thief = await key('webhooks:write', 'quotes:read');
    const stolen = await t.http
      .patch(`/webhook/${victim.id}`)
      .set(thief)
      .send({ url: `${receiver.base}/thief` });
    expect(stolen.status).toBe(200);
    await release(victim.id);
    const [d] = await settled(victim.id);
    expect(d).toMatchObject({ status: 'skipped', error: 'The key that last changed the endpoint lacks the scope "customers:read".' });

    // A key that reads customers may move it: the queued event follows to the new url.
    const crm = await key('webhooks:write', 'customers:read');
    expect(
      (
        await t.http
          .patch(`/webhook/${other.id}`)
          .set(crm)
          .send({ url: `${receiver.base}/moved` })
      ).status,
    ).toBe(200);
    await release(other.id);
    const [moved] = await settled(other.id);
    expect(moved).toMatchObject({ status: 'succeeded' });
    expect(at('/moved')).toHaveLength(1);
    expect(at('/thief')).toEqual([]);
    expect(at('/victim')).toEqual([]);
    expect(at('/other')).toEqual([]);
  });

  it('a redelivery is judged the same way, whoever asks for it', async () => {
    const res = await t.http
      .post('/webhook')
      .set(await key('webhooks:write', 'customers:read'))
      .send({ url: `${receiver.base}/redelivered`, events: ['customer.*'] });
    expect(res.status).toBe(201);
    const hook = res.body.data as Json;
    await newCustomer('redeliver@example.test');
    const [first] = await settled(hook.id);
    expect(first.status).toBe('succeeded');
    expect(at('/redelivered')).toHaveLength(1);

    const [{ api_key_id }] = await t.sql<{ api_key_id: number }>('SELECT api_key_id FROM webhooks WHERE id = $1', [hook.id]);
    await t.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [api_key_id]);
    const again = await t.http.post(`/webhook/${hook.id}/delivery/${first.id}/redeliver`).set(auth);
    expect(again.status).toBe(202);
    const rows = await settled(hook.id);
    expect(rows.find((d) => d.id === again.body.data.id)).toMatchObject({
      status: 'skipped',
      error: 'The key that last changed the endpoint is revoked.',
    });
    expect(at('/redelivered')).toHaveLength(1);
  });

  it('a ping needs a live key but no read scope', async () => {
    const hook = await endpoint(await key('webhooks:write'), '/ping', ['*']);
    const first = await t.http.post(`/webhook/${hook.id}/ping`).set(auth);
    expect(first.status).toBe(202);
    expect((await settled(hook.id)).map((d) => d.status)).toEqual(['succeeded']);
    await t.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [hook.keyId]);
    expect((await t.http.post(`/webhook/${hook.id}/ping`).set(auth)).status).toBe(202);
    const rows = await settled(hook.id);
    expect(rows.map((d) => [d.status, d.error])).toEqual([
      ['succeeded', null],
      ['skipped', 'The key that last changed the endpoint is revoked.'],
    ]);
    expect(at('/ping').map((r) => r.type)).toEqual(['webhook.ping']);
  });

  it('an endpoint without a recorded key is judged by the scopes it was given', async () => {
    const [old] = await t.sql<{ id: number }>(
      `INSERT INTO webhooks (url, events, secret, scopes) VALUES ($1, '{customer.*}', 'whsec_old', '{*}') RETURNING id`,
      [`${receiver.base}/old`],
    );
    await newCustomer('old@example.test');
    const [d] = await settled(old.id);
    expect(d.status).toBe('succeeded');
    expect(at('/old').map((r) => r.type)).toEqual(['customer.created']);
  });
});
