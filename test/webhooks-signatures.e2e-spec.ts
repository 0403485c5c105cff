import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { TS } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as a verifier must see it. */
  body: Buffer;
  status: number;
}

/**
 * A real receiver: records every request with the raw body; a path answers in turn the statuses
 * set for it with `answers` (200 once they run out).
 */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const status = answers.get(path)?.shift() ?? 200;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, answers };
}

const stripe = new Stripe('sk_test_not_used_to_call_stripe');

/** What each verifier says of a delivery for `secret`: the event id it read, or the error's name. */
function verifyBoth(r: Received, secret: string): { standard: string; stripe: string } {
  const read = (f: () => { id?: unknown }) => {
    try {
      return String(f().id);
    } catch (err) {
      return (err as Error).constructor.name;
    }
  };
  return {
    standard: read(() => new Webhook(secret).verify(r.body.toString(), r.headers as Record<string, string>) as { id: string }),
    stripe: read(() => stripe.webhooks.constructEvent(r.body, r.headers['store-signature'] as string, secret)),
  };
}

describeE2E('webhooks: signatures that standardwebhooks and Stripe verify, rotation, every attempt', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const at = (path: string) => receiver.received.filter((r) => r.path === path);
  const create = async (path: string, events: string[]) => {
    const res = await t.http
      .post('/webhook')
      .set(auth)
      .send({ url: `${receiver.base}${path}`, events });
    expect(res.status).toBe(201);
    return res.body.data as Json;
  };
  let countries = 0;
  /** A write whose event the endpoints subscribed to `country.created` receive; answers the event's id. */
  const countryCreated = async (): Promise<string> => {
    const code = `Q${String.fromCharCode(65 + countries++)}`;
    const res = await t.http
      .post('/country')
      .set(auth)
      .send({ name: `Country ${code}`, code });
    expect(res.status).toBe(201);
    const [event] = (await t.http.get(`/events?type=country.created&sort=id&order=DESC&limit=1`).set(auth)).body.data as Json[];
    expect(event.data.code).toBe(code);
    return event.id as string;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await bootTestApp('webhook_signatures', {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_BACKOFF_MS: '100',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_POLL_MS: '50',
    });
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(async () => {
    await t?.close();
    receiver?.server.close();
  });

  it('carries webhook-id, webhook-timestamp and webhook-signature beside Store-Signature; both libraries verify it as it is', async () => {
    const hook = await create('/plain', ['country.created']);
    const id = await countryCreated();
    const [r] = await eventually(() => {
      expect(at('/plain')).toHaveLength(1);
      return at('/plain');
    });
    expect(r.headers['webhook-id']).toBe(id);
    expect(r.headers['store-event-id']).toBe(id);
    expect(r.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(r.headers['store-signature']).toBe(
      `t=${r.headers['webhook-timestamp']},v1=${(r.headers['store-signature'] as string).slice(-64)}`,
    );
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyBoth(r, hook.secret as string)).toEqual({ standard: id, stripe: id });
    // Another secret, or a body changed by one byte, verifies under neither.
    const other = 'whsec_' + '0'.repeat(64);
    expect(verifyBoth(r, other)).toEqual({ standard: 'WebhookVerificationError', stripe: 'StripeSignatureVerificationError' });
    const changed = { ...r, body: Buffer.from(r.body.toString().replace('"country.created"', '"country.updated"')) };
    expect(verifyBoth(changed, hook.secret as string)).toEqual({
      standard: 'WebhookVerificationError',
      stripe: 'StripeSignatureVerificationError',
    });
    await t.http.delete(`/webhook/${hook.id}`).set(auth).expect(200);
  });

  it('keeps webhook-id on every retry; each attempt is signed anew and verifies', async () => {
    const hook = await create('/retried', ['country.created']);
    receiver.answers.set('/retried', [500, 503]);
    const id = await countryCreated();
    const got = await eventually(() => {
      expect(at('/retried').map((r) => r.status)).toEqual([500, 503, 200]);
      return at('/retried');
    });
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([id, id, id]);
    for (const r of got) expect(verifyBoth(r, hook.secret as string)).toEqual({ standard: id, stripe: id });
    await t.http.delete(`/webhook/${hook.id}`).set(auth).expect(200);
  });

  it('after rotate-secret signs with the new and the previous secret (two v1 entries in each header), for 24 h only', async () => {
    const hook = await create('/rotated', ['country.created']);
    const old = hook.secret as string;
    const rotated = await t.http.post(`/webhook/${hook.id}/rotate-secret`).set(auth);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(fresh).not.toBe(old);
    // The previous secret is never shown.
    expect(JSON.stringify((await t.http.get(`/webhook/${hook.id}`).set(auth)).body)).not.toContain(old.slice(6));

    const id = await countryCreated();
    const [r] = await eventually(() => {
      expect(at('/rotated')).toHaveLength(1);
      return at('/rotated');
    });
    expect(r.headers['store-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyBoth(r, fresh)).toEqual({ standard: id, stripe: id });
    expect(verifyBoth(r, old)).toEqual({ standard: id, stripe: id });

    // A day after the rotation only the new secret signs.
    await t.sql(`UPDATE webhooks SET secret_rotated_at = now() - interval '24 hours 1 second' WHERE id = $1`, [hook.id]);
    const later = await countryCreated();
    const [s] = await eventually(() => {
      expect(at('/rotated')).toHaveLength(2);
      return at('/rotated').slice(1);
    });
    expect(s.headers['store-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(s.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifyBoth(s, fresh)).toEqual({ standard: later, stripe: later });
    expect(verifyBoth(s, old)).toEqual({ standard: 'WebhookVerificationError', stripe: 'StripeSignatureVerificationError' });
    await t.http.delete(`/webhook/${hook.id}`).set(auth).expect(200);
  });

  it('a second rotation within the day signs with the last two secrets only', async () => {
    const hook = await create('/twice', ['country.created']);
    const first = hook.secret as string;
    const second = (await t.http.post(`/webhook/${hook.id}/rotate-secret`).set(auth)).body.data.secret as string;
    const third = (await t.http.post(`/webhook/${hook.id}/rotate-secret`).set(auth)).body.data.secret as string;
    const id = await countryCreated();
    const [r] = await eventually(() => {
      expect(at('/twice')).toHaveLength(1);
      return at('/twice');
    });
    expect(verifyBoth(r, third)).toEqual({ standard: id, stripe: id });
    expect(verifyBoth(r, second)).toEqual({ standard: id, stripe: id });
    expect(verifyBoth(r, first)).toEqual({ standard: 'WebhookVerificationError', stripe: 'StripeSignatureVerificationError' });
    await t.http.delete(`/webhook/${hook.id}`).set(auth).expect(200);
  });

  it('keeps every attempt on record: 500, 500, then 200 shows three attempts with their answers', async () => {
    const hook = await create('/attempts', ['country.created']);
    receiver.answers.set('/attempts', [500, 500]);
    const started = Date.now();
    const id = await countryCreated();
    const delivery = await eventually(async () => {
      const [d] = (await t.http.get(`/webhook/${hook.id}/deliveries`).set(auth)).body.data as Json[];
      expect(d.status).toBe('succeeded');
      return d;
    });
    expect(at('/attempts').map((r) => r.status)).toEqual([500, 500, 200]);
    const attempt = (n: number, status: number, error: string | null) => ({
      attempt: n,
      at: TS,
      status_code: status,
      duration_ms: expect.any(Number),
      error,
    });
    expect(delivery).toEqual({
      id: expect.any(Number),
      webhook_id: hook.id,
      event_id: id,
      event_type: 'country.created',
      status: 'succeeded',
      attempts: [attempt(1, 500, 'HTTP 500'), attempt(2, 500, 'HTTP 500'), attempt(3, 200, null)],
      last_status_code: 200,
      duration_ms: expect.any(Number),
      error: null,
      next_attempt_at: null,
      created_at: TS,
      updated_at: TS,
    });
    // In order, and no earlier than the write (whole seconds).
    const times = (delivery.attempts as Json[]).map((a) => Date.parse(`${a.at as string}Z`.replace(' ', 'T')));
    expect([...times].sort()).toEqual(times);
    expect(times[0]).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
    await t.http.delete(`/webhook/${hook.id}`).set(auth).expect(200);
  });

  it('keeps at most the last 20 attempts of a delivery', async () => {
    const hook = await create('/bounded', ['country.created']);
    // Switched off, its ping waits: the attempts before it are written in meanwhile.
    await t.http.patch(`/webhook/${hook.id}`).set(auth).send({ is_active: 0 }).expect(200);
    const id = (await t.http.post(`/webhook/${hook.id}/ping`).set(auth).expect(202)).body.data.event_id as string;
    // 20 attempts on record already (more than any retry policy makes today), then one more by the deliverer.
    const log = Array.from({ length: 20 }, (_, i) => ({
      attempt: i + 1,
      at: '2025-01-31T14:05:00Z',
      status_code: 500,
      duration_ms: 1,
      error: 'HTTP 500',
    }));
    await t.sql(`UPDATE webhook_deliveries SET attempt_log = $1::jsonb, attempts = 20 WHERE webhook_id = $2`, [
      JSON.stringify(log),
      hook.id,
    ]);
    await t.http.patch(`/webhook/${hook.id}`).set(auth).send({ is_active: 1 }).expect(200);
    const delivery = await eventually(async () => {
      const [d] = (await t.http.get(`/webhook/${hook.id}/deliveries`).set(auth)).body.data as Json[];
      expect(d.status).toBe('succeeded');
      return d;
    });
    expect(delivery.event_id).toBe(id);
    expect((delivery.attempts as Json[]).map((a) => a.attempt)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect((delivery.attempts as Json[]).at(-1)).toEqual({
      attempt: 21,
      at: TS,
      status_code: 200,
      duration_ms: expect.any(Number),
      error: null,
    });
    await t.http.delete(`/webhook/${hook.id}`).set(auth).expect(200);
  });
});
