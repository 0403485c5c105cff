import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { freePort, startNode, stop } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

type Headers = Record<string, string | undefined>;
const limits = (h: Headers) => [h['ratelimit-limit'], h['ratelimit-remaining']];
const reset = (h: Headers) => Number(h['ratelimit-reset']);

describeE2E('rate limits', () => {
  describe('in memory (no REDIS_URL), RATE_LIMIT_PER_MINUTE=5', () => {
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      t = await bootTestApp('rate_limit', { RATE_LIMIT_PER_MINUTE: '5' });
      token = await t.token();
    });
    afterAll(() => t?.close());

    const get = (path: string, bearer = token) => t.http.get(path).set({ Authorization: `Bearer ${bearer}` });

    it('counts every request of a key, errors and OPTIONS included, then answers 429 with Retry-After', async () => {
      const seen: (string | number | undefined)[][] = [];
      const ok = await get('/countries');
      seen.push([ok.status, ...limits(ok.headers)]);
      const missing = await get('/no-such-thing');
      seen.push([missing.status, ...limits(missing.headers)]);
      const options = await t.http.options('/countries').set({ Authorization: `Bearer ${token}` });
      seen.push([options.status, ...limits(options.headers)]);
      const invalid = await t.http
        .post('/country')
        .set({ Authorization: `Bearer ${token}` })
        .send({});
      seen.push([invalid.status, ...limits(invalid.headers)]);
      const last = await get('/countries');
      seen.push([last.status, ...limits(last.headers)]);
      expect(seen).toEqual([
        [200, '5', '4'],
        [404, '5', '3'],
        [200, '5', '2'],
        [422, '5', '1'],
        [200, '5', '0'],
      ]);
      // One window of 60 s, started by the first request.
      expect(reset(ok.headers)).toBeGreaterThanOrEqual(59);
      expect(reset(ok.headers)).toBeLessThanOrEqual(60);
      expect(reset(last.headers)).toBeLessThanOrEqual(reset(ok.headers));

      const refused = await get('/countries');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(
        fail(429, `Rate limit exceeded: this API key may make 5 requests per minute; retry in ${refused.headers['retry-after']} s.`),
      );
      expect(limits(refused.headers)).toEqual(['5', '0']);
      expect(refused.headers['retry-after']).toBe(refused.headers['ratelimit-reset']);
      expect(reset(refused.headers)).toBeGreaterThanOrEqual(1);
      expect(reset(refused.headers)).toBeLessThanOrEqual(60);
      // A refused request changes nothing: nothing ran.
      const write = await t.http
        .post('/country')
        .set({ Authorization: `Bearer ${token}` })
        .send({ name: 'Late', code: 'LA' });
      expect(write.status).toBe(429);
      expect(await t.sql(`SELECT id FROM countries WHERE code = 'LA'`)).toEqual([]);
    });

    it('gives every API key its own budget', async () => {
      const other = await t.token(['geography:read']);
      const res = await get('/countries', other);
      expect(res.status).toBe(200);
      expect(limits(res.headers)).toEqual(['5', '4']);
      expect((await get('/countries')).status).toBe(429);
    });

    it('puts no headers on requests without a valid token or outside the API', async () => {
      const unauthenticated = await t.http.get('/countries').set({ Authorization: 'Bearer sk_unknown' });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers['ratelimit-limit']).toBeUndefined();
      const openapi = await t.http.get('/openapi.json');
      expect(openapi.headers['ratelimit-limit']).toBeUndefined();
    });
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0: no headers, no refusals', async () => {
    const t = await bootTestApp('rate_limit_off', { RATE_LIMIT_PER_MINUTE: '0' });
    try {
      const auth = { Authorization: `Bearer ${await t.token()}` };
      const statuses = [];
      for (let i = 0; i < 12; i++) {
        const res = await t.http.get('/countries').set(auth);
        statuses.push(res.status);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
        expect(res.headers['ratelimit-remaining']).toBeUndefined();
      }
      expect(statuses).toEqual(Array(12).fill(200));
    } finally {
      await t.close();
    }
  });

  it('shares one budget in Redis between two api processes', async () => {
    const t = await bootTestApp('rate_limit_shared');
    const prefix = `test-rate-${randomBytes(4).toString('hex')}`;
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    const apis: Awaited<ReturnType<typeof startNode>>[] = [];
    try {
      const token = await t.token();
      const [{ id: keyId }] = await t.sql<{ id: number }>('SELECT max(id) AS id FROM api_keys');
      const ports = [await freePort(), await freePort()];
      for (const port of ports) {
        apis.push(
          await startNode(
            'main.js',
            { DATABASE_URL: t.dbUrl, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '10', PORT: String(port) },
            /Listening on/,
          ),
        );
      }
      const statuses: Record<number, number[]> = { [ports[0]]: [], [ports[1]]: [] };
      const remaining: string[] = [];
      for (let i = 0; i < 6; i++) {
        for (const port of ports) {
          const res = await fetch(`http://127.0.0.1:${port}/countries`, { headers: { Authorization: `Bearer ${token}` } });
          statuses[port].push(res.status);
          remaining.push(res.headers.get('ratelimit-remaining')!);
        }
      }
      expect(
        Object.values(statuses)
          .flat()
          .filter((s) => s === 200),
      ).toHaveLength(10);
      expect(
        Object.values(statuses)
          .flat()
          .filter((s) => s === 429),
      ).toHaveLength(2);
      // One count across both processes: 9, 8, … whichever process answered.
      expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0', '0', '0']);
      expect(statuses[ports[0]]).toEqual([200, 200, 200, 200, 200, 429]);
      expect(statuses[ports[1]]).toEqual([200, 200, 200, 200, 200, 429]);

      const key = `${prefix}:rate-limit:${keyId}`;
      expect(await redis.get(key)).toBe('12');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      for (const api of apis) await stop(api.child);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await t.close();
    }
  }, 90_000);
});
