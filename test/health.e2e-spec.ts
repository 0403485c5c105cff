import { randomBytes } from 'node:crypto';
import { TEST_PG_URL, TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, dropRedisKeys, jsonLines, startApi, tcpProxy, waitFor } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

const up = { status: 'up', responseTime: expect.any(Number) };
const UNAVAILABLE = {
  meta: { status: 503, success: false },
  error: { message: 'A service this API depends on is unavailable; try again shortly.' },
};

describeE2E('health', () => {
  describe('without Redis', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootTestApp('health');
    });
    afterAll(() => t?.close());

    it('GET /health answers 200 without a token and asks no dependency', async () => {
      const res = await t.http.get('/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ meta: { status: 200, success: true }, data: { status: 'ok', details: {} } });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('GET /ready pings the database (no Redis configured, so none is asked)', async () => {
      const res = await t.http.get('/ready');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ meta: { status: 200, success: true }, data: { status: 'ok', details: { database: up } } });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('ignores a token, even a bad one', async () => {
      expect((await t.http.get('/ready').set('Authorization', 'Bearer nope')).status).toBe(200);
    });

    it('answers HEAD and OPTIONS, and 405 with Allow for other methods', async () => {
      const head = await t.http.head('/health');
      expect(head.status).toBe(200);
      expect(head.text).toBeUndefined();
      const options = await t.http.options('/ready');
      expect(options.status).toBe(200);
      expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
      const post = await t.http.post('/ready').send({});
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(post.body).toEqual({
        meta: { status: 405, success: false },
        error: { message: 'Method POST is not allowed on /ready; allowed: GET, HEAD, OPTIONS.' },
      });
    });
  });

  describe('with Redis', () => {
    let t: TestApp;
    let redis: Awaited<ReturnType<typeof tcpProxy>>;
    const prefix = `test-health-${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      const { hostname, port } = new URL(TEST_REDIS_URL);
      redis = await tcpProxy({ host: hostname, port: Number(port) });
      // TEST_REDIS_URL with the proxy's address: its credentials and /db number kept.
      const via = new URL(TEST_REDIS_URL);
      via.hostname = '127.0.0.1';
      via.port = String(redis.port);
      t = await bootTestApp('health_redis', { REDIS_URL: via.toString(), QUEUE_PREFIX: prefix });
    });
    afterAll(async () => {
      await t?.close();
      await redis?.close();
      await dropRedisKeys(TEST_REDIS_URL, prefix);
    });

    it('GET /ready pings Redis too, answers 503 naming it while it is away, and 200 again once it is back', async () => {
      const ready = await t.http.get('/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.data).toEqual({ status: 'ok', details: { database: up, redis: up } });

      await redis.cut();
      const down = await waitFor(async () => {
        const res = await t.http.get('/ready');
        return res.status === 503 ? res : null;
      }, '/ready to notice Redis is gone');
      expect(down.body).toEqual({
        meta: { status: 503, success: false },
        error: {
          message: 'Not ready: redis is unavailable.',
          details: { database: up, redis: { status: 'down', message: 'unreachable' } },
        },
      });
      expect(down.headers['retry-after']).toBe('5');
      expect(down.headers['cache-control']).toBe('no-store');
      // /health is liveness only: the process is fine.
      expect((await t.http.get('/health')).status).toBe(200);

      await redis.restore();
      await waitFor(async () => (await t.http.get('/ready')).status === 200, '/ready to recover with Redis');
    });
  });

  describe('a built api whose PostgreSQL goes away and comes back', () => {
    let api: ApiProcess;
    let pg: Awaited<ReturnType<typeof tcpProxy>>;
    beforeAll(async () => {
      const target = new URL(TEST_PG_URL);
      pg = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      // The api reaches its database through the proxy, which the test cuts instead of stopping the shared server.
      api = await startApi('health_outage', (dbUrl) => {
        const proxied = new URL(dbUrl);
        proxied.host = `127.0.0.1:${pg.port}`;
        return { DATABASE_URL: proxied.toString() };
      });
    }, 60_000);
    afterAll(async () => {
      await api?.close();
      await pg?.close();
    });

    it('answers 503 (never a stack) while the database is unreachable and recovers by itself', async () => {
      const auth = { Authorization: `Bearer ${api.token}` };
      const post = (name: string, code: string) =>
        fetch(`${api.url}/country`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, code }),
        });
      expect((await fetch(`${api.url}/ready`)).status).toBe(200);
      expect((await fetch(`${api.url}/countries`, { headers: auth })).status).toBe(200);

      await pg.cut();
      const ready = await fetch(`${api.url}/ready`, { headers: { 'X-Request-Id': 'probe-db-down' } });
      expect(ready.status).toBe(503);
      expect(ready.headers.get('x-request-id')).toBe('probe-db-down');
      expect(await ready.json()).toEqual({
        meta: { status: 503, success: false },
        error: { message: 'Not ready: database is unavailable.', details: { database: { status: 'down', message: 'unreachable' } } },
      });
      const countries = await fetch(`${api.url}/countries`, { headers: auth });
      expect(countries.status).toBe(503);
      expect(countries.headers.get('retry-after')).toBe('5');
      expect(await countries.json()).toEqual(UNAVAILABLE);
      const created = await post('Nowhere', 'NW');
      expect(created.status).toBe(503);
      expect(await created.json()).toEqual(UNAVAILABLE);
      expect((await fetch(`${api.url}/health`)).status).toBe(200);

      await pg.restore();
      await waitFor(async () => (await fetch(`${api.url}/ready`)).status === 200, '/ready to recover');
      expect((await fetch(`${api.url}/countries`, { headers: auth })).status).toBe(200);
      expect((await post('Somewhere', 'SW')).status).toBe(201);
      expect(api.child.exitCode).toBeNull();

      await waitFor(() => /"POST \/country 201"/.test(api.output()), 'the last access line');
      const lines = jsonLines(api.output());
      // The outage and the recovery are logged once each, the first under the probe's request id.
      expect(lines.filter((l) => l.context === 'Health')).toEqual([
        expect.objectContaining({ level: 'warn', request_id: 'probe-db-down', msg: expect.stringMatching(/^database is unavailable: /) }),
        expect.objectContaining({ level: 'info', msg: 'database is available again' }),
      ]);
      // Every request was answered on purpose: no 500 anywhere.
      const statuses = lines.filter((l) => typeof l.status === 'number').map((l) => l.status);
      expect(statuses).toEqual(expect.arrayContaining([200, 201, 503]));
      expect(statuses.filter((s) => s === 500)).toEqual([]);
    }, 60_000);
  });
});
