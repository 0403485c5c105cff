import http from 'node:http';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';

const NDJSON = 'application/x-ndjson';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * An upload sent a line at a time (chunked), kept alive by a blank line every 50 ms until `finish()`
 * sends its last line and ends it, or `abort()` breaks the connection off. `answer` settles when the
 * api answers, whenever that is (a refusal comes while the upload is still being sent).
 */
interface Trickle {
  answer: Promise<Answer>;
  /** Resolves once the connection is gone. */
  closed: Promise<void>;
  finish(): Promise<Answer>;
  /** Stops sending without ending the upload: it goes idle. */
  pause(): void;
  abort(): void;
}

async function listening(t: TestApp): Promise<number> {
  const server = t.app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function trickle(port: number, token: string, sku: string, headers: Record<string, string> = {}): Trickle {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/imports?resource=products',
    agent: false,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': NDJSON, 'Transfer-Encoding': 'chunked', ...headers },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) as unknown }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  const closed = new Promise<void>((resolve) => req.on('close', resolve));
  req.write(JSON.stringify({ sku, name: sku, base_price: '1.00' }) + '\n');
  const beat = setInterval(() => req.write('\n'), 50);
  const stop = () => clearInterval(beat);
  answer.then(stop, stop);
  void closed.then(stop);
  return {
    answer,
    closed,
    finish: () => {
      clearInterval(beat);
      req.end(JSON.stringify({ sku: `${sku}-last`, name: sku, base_price: '2.00' }) + '\n');
      return answer;
    },
    pause: () => clearInterval(beat),
    abort: () => {
      clearInterval(beat);
      req.destroy();
    },
  };
}

/**
 * Uploads that cost no database while they arrive (docs/api.md#bulk-import-and-export): spooled, at most 4 at once
 * per store (429 with Retry-After beyond), cut when idle.
 */
describeE2E('uploads while they arrive', () => {
  describe('with Redis (the count every api process shares)', () => {
    let t: TestApp;
    let token: string;
    let port: number;
    let spoolDir: string;
    let redis: Redis;
    const prefix = `test-uploads-${randomBytes(4).toString('hex')}`;
    const slotsKey = `${prefix}:upload-slots:default`;
    const open: Trickle[] = [];
    const start = (sku: string, headers: Record<string, string> = {}) => {
      const upload = trickle(port, token, sku, headers);
      open.push(upload);
      return upload;
    };

    beforeAll(async () => {
      spoolDir = mkdtempSync(join(tmpdir(), 'uploads-spec-'));
      t = await bootTestApp('imports_uploads', {
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        IMPORT_IDLE_SECONDS: '2',
        IMPORT_SPOOL_DIR: spoolDir,
      });
      token = await t.token();
      port = await listening(t);
      redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    });
    afterEach(async () => {
      for (const upload of open.splice(0)) upload.abort();
      // Every slot given back, every spooled file gone.
      await eventually(async () => expect(await redis.zcard(slotsKey)).toBe(0));
      await eventually(() => expect(readdirSync(spoolDir)).toEqual([]));
      // No runner applies these imports here: cancel those queued, so the store stays below its bound
      // of 5 bulk jobs queued or running (a 429 of its own) for the next case.
      const queued = await t.sql<{ id: number }>(`SELECT id FROM imports WHERE status IN ('queued', 'running')`);
      for (const { id } of queued) {
        const cancelled = await t.http.post(`/import/${id}/cancel`).set('Authorization', `Bearer ${token}`);
        expect(cancelled.status).toBe(200);
      }
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await t?.close();
      rmSync(spoolDir, { recursive: true, force: true });
    });

    const imports = async () => (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM imports'))[0].n;
    /** What the api's pool has lent out, and the sessions of the database left inside a transaction. */
    const held = async () => {
      const pool = (t.app.get(DataSource).driver as unknown as { master: pg.Pool }).master;
      const [{ n }] = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      return { lent: pool.totalCount - pool.idleCount, inTransaction: n };
    };

    it('refuses a fifth upload at once with 429 and Retry-After; one that ends makes room', async () => {
      const first = [1, 2, 3, 4].map((i) => start(`FIVE-${i}`));
      await eventually(async () => expect(await redis.zcard(slotsKey)).toBe(4));
      const fifth = start('FIVE-5');
      const refused = await fifth.answer;
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.body).toEqual(fail(429, 'At most 4 uploads may arrive at once; retry in 10 s, or once one of them has ended.'));
      const done = await first[0].finish();
      expect(done.status).toBe(202);
      expect(done.body).toEqual(ok(202, expect.objectContaining({ resource: 'products', status: 'queued', lines: 2 })));
      const next = start('FIVE-6');
      for (const upload of [next, ...first.slice(1)]) expect((await upload.finish()).status).toBe(202);
      expect(await imports()).toBe(5);
    });

    it('holds no connection of the pool while uploads trickle in, and other requests are answered', async () => {
      const uploads = Array.from({ length: 22 }, (_, i) => start(`MANY-${i}`));
      const answered = new Set<Trickle>();
      for (const u of uploads) void u.answer.then(() => answered.add(u));
      // 4 take the slots and keep arriving; the 18 others are refused.
      await eventually(() => expect(answered.size).toBe(18), { timeoutMs: 10_000 });
      expect(await redis.zcard(slotsKey)).toBe(4);
      const refused = await Promise.all([...answered].map((u) => u.answer));
      expect(refused.map((r) => r.status)).toEqual(Array(18).fill(429));
      const list = await t.http.get('/products').set('Authorization', `Bearer ${token}`);
      expect(list.status).toBe(200);
      expect(await held()).toEqual({ lent: 0, inTransaction: 0 });
      expect(readdirSync(spoolDir)).toHaveLength(4);
      for (const upload of uploads.filter((u) => !answered.has(u))) expect((await upload.finish()).status).toBe(202);
    });

    it('cuts an upload that sends nothing for IMPORT_IDLE_SECONDS with 408: its slot freed, nothing kept', async () => {
      const before = await imports();
      const idle = start('IDLE-1', { 'Idempotency-Key': 'idle-upload' });
      await eventually(async () => expect(await redis.zcard(slotsKey)).toBe(1));
      idle.pause();
      const answer = await idle.answer;
      expect(answer.status).toBe(408);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body).toEqual(fail(408, 'The upload sent nothing for 2 s and was cut off; nothing of it was kept.'));
      await idle.closed;
      await eventually(async () => expect(await redis.zcard(slotsKey)).toBe(0));
      expect(readdirSync(spoolDir)).toEqual([]);
      expect(await imports()).toBe(before);
      // Its retry with the same Idempotency-Key runs for real: a 408 is not remembered.
      const retry = await start('IDLE-1', { 'Idempotency-Key': 'idle-upload' }).finish();
      expect(retry.status).toBe(202);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
    });

    it('frees the slot of an upload whose client breaks off: no import, no file left', async () => {
      const before = await imports();
      const uploads = [1, 2, 3, 4].map((i) => start(`ABORT-${i}`, { 'Idempotency-Key': `abort-${i}` }));
      await eventually(async () => expect(await redis.zcard(slotsKey)).toBe(4));
      await eventually(() => expect(readdirSync(spoolDir)).toHaveLength(4));
      uploads[0].abort();
      await eventually(async () => expect(await redis.zcard(slotsKey)).toBe(3));
      await eventually(() => expect(readdirSync(spoolDir)).toHaveLength(3));
      expect(await imports()).toBe(before);
      // The broken-off one again, with its Idempotency-Key: nobody heard its answer, so it runs for real.
      const next = start('ABORT-1', { 'Idempotency-Key': 'abort-1' });
      for (const upload of [next, ...uploads.slice(1)]) {
        const answer = await upload.finish();
        expect(answer.status).toBe(202);
        expect(answer.headers['idempotent-replayed']).toBeUndefined();
      }
      expect(await imports()).toBe(before + 4);
    });

    it('lets the slots of a process that died lapse with their lease', async () => {
      // Four slots held by a process that crashed: their leases end in 1 s, and nobody renews them.
      const [seconds] = await redis.time();
      const end = Number(seconds) * 1000 + 1000;
      await redis.zadd(slotsKey, end, 'dead-1', end, 'dead-2', end, 'dead-3', end, 'dead-4');
      await redis.pexpire(slotsKey, 30_000);
      const refused = await start('DEAD-1').answer;
      expect(refused.status).toBe(429);
      // Once Redis' clock passes their end, they no longer count.
      await eventually(async () => expect(Number((await redis.time())[0]) * 1000).toBeGreaterThan(end), { timeoutMs: 5_000 });
      expect((await start('DEAD-2').finish()).status).toBe(202);
      expect(await redis.zrange(slotsKey, 0, -1)).toEqual([]);
    });
  });

  describe('without Redis (counted in the process)', () => {
    let t: TestApp;
    let token: string;
    let port: number;
    let spoolDir: string;
    const open: Trickle[] = [];

    beforeAll(async () => {
      spoolDir = mkdtempSync(join(tmpdir(), 'uploads-spec-'));
      t = await bootTestApp('imports_uploads_memory', { IMPORT_SPOOL_DIR: spoolDir });
      token = await t.token();
      port = await listening(t);
    });
    afterAll(async () => {
      for (const upload of open) upload.abort();
      await t?.close();
      rmSync(spoolDir, { recursive: true, force: true });
    });

    it('refuses a fifth upload with 429 and takes the next one once one ended', async () => {
      const first = [1, 2, 3, 4].map((i) => trickle(port, token, `MEM-${i}`));
      open.push(...first);
      // An upload spools once it holds its slot.
      await eventually(() => expect(readdirSync(spoolDir)).toHaveLength(4));
      const fifth = trickle(port, token, 'MEM-5');
      open.push(fifth);
      const refused = await fifth.answer;
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.body).toEqual(fail(429, 'At most 4 uploads may arrive at once; retry in 10 s, or once one of them has ended.'));
      first[1].abort();
      await eventually(() => expect(readdirSync(spoolDir)).toHaveLength(3));
      const next = trickle(port, token, 'MEM-6');
      open.push(next);
      for (const upload of [next, first[0], first[2], first[3]]) expect((await upload.finish()).status).toBe(202);
      expect(readdirSync(spoolDir)).toEqual([]);
    });
  });

  describe('at start', () => {
    let t: TestApp | undefined;
    let spoolDir: string;
    afterAll(async () => {
      await t?.close();
      rmSync(spoolDir, { recursive: true, force: true });
    });

    it("removes the spooled uploads of this host's processes that died, and no other file", async () => {
      spoolDir = mkdtempSync(join(tmpdir(), 'uploads-spec-'));
      const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
      const id = '0f9c2b1e-8d4a-4c3b-9e2f-1a2b3c4d5e6f';
      // 4194305 is above the highest pid Linux hands out (2^22): no process runs with it.
      const died = `store-import-${host}-4194305-${id}.ndjson`;
      const live = `store-import-${host}-${process.pid}-${id}.ndjson`;
      const otherHost = `store-import-${host}x-4194305-${id}.ndjson`;
      const notOurs = 'notes.ndjson';
      for (const name of [died, live, otherHost, notOurs]) writeFileSync(join(spoolDir, name), '{"sku":"A"}\n');
      t = await bootTestApp('imports_uploads_sweep', { IMPORT_SPOOL_DIR: spoolDir });
      expect(readdirSync(spoolDir).sort()).toEqual([live, notOurs, otherHost].sort());
    });
  });
});
