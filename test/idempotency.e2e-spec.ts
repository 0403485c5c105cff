import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobEngine } from '../src/common/jobs/job.engine.js';
import { QUOTE_DELIVERY } from '../src/modules/quotes/quote-outbox.service.js';
import { freePort, startNode, stop } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail } from './support/envelope.js';

const MISMATCH = fail(422, { 'Idempotency-Key': ['was used with a different request'] });
const IN_PROGRESS = fail(409, 'A request with this Idempotency-Key is still in progress; retry it later.');

describeE2E('Idempotency-Key', () => {
  let t: TestApp;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-idempotency-'));
    // The 500 of the 5xx test is on purpose: its two log lines (the cause, the access line) are kept from the console.
    t = await bootTestApp(
      'idempotency',
      { DATA_DIR: dataDir },
      { expectedLogs: [/relation \\"countries\\" does not exist/, /"msg":"POST \/country 500"/] },
    );
    token = await t.token();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: object | undefined, key: string | null, bearer = token) => {
    const req = t.http.post(path).set({ Authorization: `Bearer ${bearer}` });
    if (key !== null) req.set('Idempotency-Key', key);
    return body === undefined ? req : req.send(body);
  };
  const countries = async (code: string) =>
    (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM countries WHERE code = $1', [code]))[0].n;
  const stored = (key: string) =>
    t.sql<{ status: number | null }>('SELECT status FROM idempotency_keys WHERE idempotency_key = $1 ORDER BY id', [key]);

  describe('replay', () => {
    it('answers a repeated create with the first response, Idempotent-Replayed: true, and creates one row', async () => {
      const first = await post('/country', { name: 'Atlantis', code: 'AQ' }, 'create-1');
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        meta: { status: 201, success: true },
        data: { id: expect.any(Number), name: 'Atlantis', code: 'AQ', code_3: null, enabled: 1, created_at: TS, updated_at: TS },
      });
      expect(first.headers['idempotent-replayed']).toBeUndefined();

      const again = await post('/country', { name: 'Atlantis', code: 'AQ' }, 'create-1');
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      for (const h of ['content-type', 'etag', 'last-modified', 'cache-control', 'content-length']) {
        expect([h, again.headers[h]]).toEqual([h, first.headers[h]]);
      }
      // The rate limit's headers are the replaying request's own, not remembered ones.
      expect(Number(again.headers['ratelimit-remaining'])).toBe(Number(first.headers['ratelimit-remaining']) - 1);
      expect(await countries('AQ')).toBe(1);
      expect(await stored('create-1')).toEqual([{ status: 201 }]);
    });

    it('compares bodies as JSON: the same fields in another order are the same request', async () => {
      const first = await post('/country', { name: 'Mu', code: 'MU', enabled: 0 }, 'order-1');
      const reordered = await post('/country', { enabled: 0, code: 'MU', name: 'Mu' }, 'order-1');
      expect(reordered.status).toBe(201);
      expect(reordered.headers['idempotent-replayed']).toBe('true');
      expect(reordered.body).toEqual(first.body);
    });

    it('replays a 422 too, without running the request again', async () => {
      const first = await post('/country', { name: '', code: 'ZZ' }, 'invalid-1');
      expect(first.status).toBe(422);
      expect(first.body).toEqual(fail(422, { name: ['must not be blank'] }));
      const again = await post('/country', { name: '', code: 'ZZ' }, 'invalid-1');
      expect(again.status).toBe(422);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.body).toEqual(first.body);
      expect(await stored('invalid-1')).toEqual([{ status: 422 }]);
    });
  });

  describe('refusals', () => {
    it('refuses the same key with another body or path with 422 on Idempotency-Key, running nothing', async () => {
      await post('/country', { name: 'Lemuria', code: 'LE' }, 'mismatch-1');
      const otherBody = await post('/country', { name: 'Lemuria', code: 'LF' }, 'mismatch-1');
      expect(otherBody.status).toBe(422);
      expect(otherBody.body).toEqual(MISMATCH);
      expect(otherBody.headers['idempotent-replayed']).toBeUndefined();
      const otherPath = await post('/countries', { name: 'Lemuria', code: 'LE' }, 'mismatch-1');
      expect(otherPath.body).toEqual(MISMATCH);
      expect(await countries('LF')).toBe(0);
    });

    it.each([
      ['empty', ''],
      ['256 characters', 'k'.repeat(256)],
      ['a space', 'two words'],
    ])('refuses a key that is %s with 422 on Idempotency-Key', async (_label, key) => {
      const res = await post('/country', { name: 'Nowhere', code: 'NW' }, key);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(fail(422, { 'Idempotency-Key': ['must be 1 to 255 visible ASCII characters'] }));
      expect(await countries('NW')).toBe(0);
    });

    it('accepts a key of 255 visible characters', async () => {
      const key = `${'~!'.repeat(127)}Z`;
      expect((await post('/country', { name: 'Longkey', code: 'LK' }, key)).status).toBe(201);
      expect((await post('/country', { name: 'Longkey', code: 'LK' }, key)).headers['idempotent-replayed']).toBe('true');
    });

    it('answers 409 while the first request with the key is in flight, and takes over one abandoned for a minute', async () => {
      const [{ id: apiKeyId }] = await t.sql<{ id: number }>('SELECT id FROM api_keys ORDER BY id LIMIT 1');
      const body = { name: 'Inflight', code: 'IF' };
      // The fingerprint the middleware computes for this request, made here the same way.
      const { requestFingerprint } = await import('../src/common/idempotency/idempotency.middleware.js');
      const fp = requestFingerprint('POST', '/country', body);
      await t.sql(`INSERT INTO idempotency_keys (api_key_id, idempotency_key, fingerprint) VALUES ($1, 'flight-1', $2)`, [apiKeyId, fp]);
      const busy = await post('/country', body, 'flight-1');
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual(IN_PROGRESS);
      expect(await countries('IF')).toBe(0);

      await t.sql(`UPDATE idempotency_keys SET created_at = now() - interval '61 seconds' WHERE idempotency_key = 'flight-1'`);
      const taken = await post('/country', body, 'flight-1');
      expect(taken.status).toBe(201);
      expect(taken.headers['idempotent-replayed']).toBeUndefined();
      expect(await countries('IF')).toBe(1);
    });
  });

  it('keeps keys per API key: another key with the same Idempotency-Key runs on its own', async () => {
    const other = await t.token();
    await post('/country', { name: 'Hyperborea', code: 'HB' }, 'shared-1');
    const mine = await post('/country', { name: 'Thule', code: 'TH' }, 'shared-1', other);
    expect(mine.status).toBe(201);
    expect(mine.headers['idempotent-replayed']).toBeUndefined();
    expect(mine.body.data).toMatchObject({ name: 'Thule', code: 'TH' });
    const replayed = await post('/country', { name: 'Thule', code: 'TH' }, 'shared-1', other);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(mine.body);
    expect(await stored('shared-1')).toEqual([{ status: 201 }, { status: 201 }]);
  });

  it('ignores the header on requests other than POST', async () => {
    const res = await t.http.get('/country/AQ').set({ Authorization: `Bearer ${token}`, 'Idempotency-Key': 'not a valid key' });
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a 5xx, so the retry with the same key runs for real', async () => {
    await t.sql('ALTER TABLE countries RENAME TO countries_away');
    let failed;
    try {
      failed = await post('/country', { name: 'Avalon', code: 'AV' }, 'retry-1');
    } finally {
      await t.sql('ALTER TABLE countries_away RENAME TO countries');
    }
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(fail(500, 'An unexpected error occurred.'));
    expect(t.logs()).toContainEqual(expect.objectContaining({ level: 'error', msg: 'POST /country 500' }));
    expect(await stored('retry-1')).toEqual([]);

    const retried = await post('/country', { name: 'Avalon', code: 'AV' }, 'retry-1');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countries('AV')).toBe(1);
  });

  it('runs concurrent requests with one key once: the others get 409 or the replay', async () => {
    const body = { name: 'Shangri-La', code: 'SL' };
    const all = await Promise.all(Array.from({ length: 5 }, () => post('/country', body, 'race-1')));
    const fresh = all.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const r of all.filter((x) => x !== fresh[0])) {
      if (r.status === 409) expect(r.body).toEqual(IN_PROGRESS);
      else expect([r.status, r.headers['idempotent-replayed'], r.body]).toEqual([201, 'true', fresh[0].body]);
    }
    expect(await countries('SL')).toBe(1);
  });

  it('matches a streamed NDJSON upload (POST /imports) by method and URL only: its body is never held to compare', async () => {
    const upload = (line: string) =>
      t.http
        .post('/imports?resource=customergroups')
        .set({ Authorization: `Bearer ${token}`, 'Idempotency-Key': 'import-1', 'Content-Type': 'application/x-ndjson' })
        .send(`${line}\n`);
    const first = await upload('{"name":"Retail","api_code":"retail"}');
    expect(first.status).toBe(202);
    // Another body under the same key and URL: the first answer again, and no second import.
    const again = await upload('{"name":"Trade","api_code":"trade"}');
    expect({ status: again.status, replayed: again.headers['idempotent-replayed'], body: again.body }).toEqual({
      status: 202,
      replayed: 'true',
      body: first.body,
    });
    expect(await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM imports')).toEqual([{ n: 1 }]);
  });

  it('treats a key older than 24 hours as new', async () => {
    await post('/country', { name: 'Old', code: 'OL' }, 'old-1');
    await t.sql(`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 second' WHERE idempotency_key = 'old-1'`);
    const reused = await post('/country', { name: 'Older', code: 'OM' }, 'old-1');
    expect(reused.status).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored('old-1')).toEqual([{ status: 201 }]);
    expect((await post('/country', { name: 'Old', code: 'OL' }, 'old-1')).body).toEqual(MISMATCH);
  });

  describe('actions', () => {
    it('sends a quote once when send-quote is retried with the same key', async () => {
      const product = await post('/product', { name: 'Widget', sku: 'W-1', base_price: '12.50' }, null);
      const quote = await post(
        '/quote',
        { name: 'Retry me', customer_emails: ['buyer@example.com'], items: [{ product_id: product.body.data.id, quantity: 2 }] },
        null,
      );
      expect(quote.status).toBe(201);
      const send = () => post(`/quote/${quote.body.data.id}/send-quote`, { message: 'Hello' }, 'send-1');
      const first = await send();
      expect(first.status).toBe(202);
      expect(first.body.data).toEqual({
        quote_id: quote.body.data.id,
        deliveries: [{ id: expect.any(Number), recipient: 'buyer@example.com', status: 'queued' }],
      });
      const again = await send();
      expect(again.status).toBe(202);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);

      const outbox = t.app.get<string, JobEngine>(QUOTE_DELIVERY);
      await outbox.idle();
      const rows = () => t.sql<{ status: string }>('SELECT status FROM quote_deliveries WHERE quote_id = $1', [quote.body.data.id]);
      expect(await rows()).toEqual([{ status: 'sent' }]);
      const mails = () => readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
      expect(mails()).toHaveLength(1);

      // A new key is a new send: the count above could have been two.
      expect((await post(`/quote/${quote.body.data.id}/send-quote`, { message: 'Hello' }, 'send-2')).status).toBe(202);
      await outbox.idle();
      expect(await rows()).toHaveLength(2);
      expect(mails()).toHaveLength(2);
    });

    it('renews a subscription once when renew is retried with the same key', async () => {
      await t.sql(`INSERT INTO customers (first_name, email) VALUES ('Ada', 'ada@example.com')`);
      await t.sql(`INSERT INTO billing_plans (name, interval_unit, interval_count, trial_days) VALUES ('Monthly', 'month', 1, 0)`);
      const [{ customer }] = await t.sql<{ customer: number }>(`SELECT id AS customer FROM customers WHERE email = 'ada@example.com'`);
      const [{ plan }] = await t.sql<{ plan: number }>(`SELECT id AS plan FROM billing_plans WHERE name = 'Monthly'`);
      const created = await post(
        '/subscription',
        { customer_id: customer, billing_plan_id: plan, started_at: '2024-01-31 10:00:00' },
        null,
      );
      expect(created.status).toBe(201);
      const id = created.body.data.id as number;

      const first = await post(`/subscription/${id}/renew`, undefined, 'renew-1');
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ renewal_count: 1, current_period_end: '2024-03-31 10:00:00' });
      const again = await post(`/subscription/${id}/renew`, undefined, 'renew-1');
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await t.sql(`SELECT renewal_count FROM subscriptions WHERE id = $1`, [id])).toEqual([{ renewal_count: 1 }]);

      expect((await post(`/subscription/${id}/renew`, undefined, 'renew-2')).body.data).toMatchObject({ renewal_count: 2 });
    });

    it('does not remember a 409: once the conflict is gone, the retry with the same key runs', async () => {
      const [{ customer }] = await t.sql<{ customer: number }>(`SELECT id AS customer FROM customers WHERE email = 'ada@example.com'`);
      const [{ plan }] = await t.sql<{ plan: number }>(`SELECT id AS plan FROM billing_plans WHERE name = 'Monthly'`);
      const created = await post('/subscription', { customer_id: customer, billing_plan_id: plan }, null);
      const id = created.body.data.id as number;
      const patch = (status: string) =>
        t.http
          .patch(`/subscription/${id}`)
          .set({ Authorization: `Bearer ${token}` })
          .send({ status });
      expect((await patch('paused')).status).toBe(200);
      const refused = await post(`/subscription/${id}/renew`, undefined, 'renew-paused');
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(fail(409, 'The subscription is paused; only an active subscription can be renewed.'));
      expect(await stored('renew-paused')).toEqual([]);

      expect((await patch('active')).status).toBe(200);
      const retried = await post(`/subscription/${id}/renew`, undefined, 'renew-paused');
      expect(retried.status).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(retried.body.data).toMatchObject({ renewal_count: 1 });
    });
  });

  it('works on the embedded database, as the built api runs with no DATABASE_URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-idempotency-embedded-'));
    const port = await freePort();
    const api = await startNode('main.js', { DATA_DIR: dir, PORT: String(port) }, /Listening on/);
    try {
      const bearer = /Access token: (sk_[\w-]+)/.exec(api.output())![1];
      const call = (key: string, body: object) =>
        fetch(`http://127.0.0.1:${port}/country`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(body),
        });
      const first = await call('embedded-1', { name: 'Atlantis', code: 'AQ' });
      expect(first.status).toBe(201);
      const firstBody = await first.json();
      const again = await call('embedded-1', { name: 'Atlantis', code: 'AQ' });
      expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
      expect(await again.json()).toEqual(firstBody);
      expect(await (await call('embedded-1', { name: 'Atlantis', code: 'AR' })).json()).toEqual(MISMATCH);

      const race = await Promise.all(Array.from({ length: 4 }, () => call('embedded-2', { name: 'Lemuria', code: 'LE' })));
      const statuses = race.map((r) => `${r.status}${r.headers.get('idempotent-replayed') ? ' replayed' : ''}`);
      expect(statuses.filter((s) => s === '201')).toHaveLength(1);
      expect(statuses.every((s) => ['201', '201 replayed', '409'].includes(s))).toBe(true);

      const list = await fetch(`http://127.0.0.1:${port}/countries?limit=250`, { headers: { Authorization: `Bearer ${bearer}` } });
      const codes = ((await list.json()) as { data: { code: string }[] }).data.map((c) => c.code);
      expect(codes.filter((c) => c === 'AQ' || c === 'LE')).toEqual(['AQ', 'LE']);
    } finally {
      await stop(api.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
