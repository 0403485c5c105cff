import { jest } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Balancer, startBalancer } from './support/balancer.js';
import { describeE2E } from './support/describe-e2e.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type PgCluster, startPgCluster } from './support/pg-cluster.js';
import { type TcpProxy, startTcpProxy } from './support/tcp-proxy.js';
import { dropRedisKeys, runNode, startApiWith, stop, waitFor } from './support/processes.js';

jest.setTimeout(120_000);

/** An api process on the cluster's primary, reading from its replica; ready once /health answers. */
type Host = Awaited<ReturnType<typeof startApiWith>>;
const startHost = startApiWith;

describeE2E('read replicas (DATABASE_REPLICA_URLS): a streaming replica behind two api hosts', () => {
  const prefix = `store-test-replicas-${process.pid}`;
  let cluster: PgCluster;
  let hosts: Host[] = [];
  let lb: Balancer;
  let dataDir: string;
  /** Host 1's way to Redis, to cut it around a write; host 2 reaches Redis directly. */
  let redisProxy: TcpProxy;
  /** A key that writes, and one that only reads (it never wrote, so any usable replica serves it). */
  let writer: string;
  let reader: string;

  const call = async (token: string, method: string, path: string, body?: unknown, base = lb.url) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };
  const key = (name: string) => {
    const r = runNode('cli.js', ['api-key:create', '--name', name, '--json'], { DATABASE_URL: cluster.on('primary', 'shop') });
    if (r.status !== 0) throw new Error(r.stdout + r.stderr);
    return (JSON.parse(r.stdout) as { access_token: string }).access_token;
  };
  /** Keys minted in one statement, as `api-key:create` makes them (a token and its SHA-256, every scope, the store `default`). */
  const keys = async (names: string[]) => {
    const tokens = names.map(() => `sk_${randomBytes(24).toString('base64url')}`);
    await shopSql(
      `INSERT INTO api_keys (store_id, name, token_hash, scopes)
       SELECT (SELECT id FROM stores WHERE handle = 'default'), unnest($1::text[]), unnest($2::text[]), '{*}'`,
      [names, tokens.map((t) => createHash('sha256').update(t).digest('hex'))],
    );
    return tokens;
  };
  /** Makes a key look an hour old: a new key with no write position reads from the primary. */
  const ageKey = (name: string) => shopSql(`UPDATE api_keys SET created_at = created_at - interval '1 hour' WHERE name = $1`, [name]);
  /** SQL on the primary's shop database. */
  const shopSql = async (text: string, params: unknown[]) => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: cluster.on('primary', 'shop') });
    await client.connect();
    try {
      await client.query(text, params);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.primarySql('CREATE DATABASE shop');
    writer = key('writer');
    reader = key('reader');
    // The reader is older than a new key, so that it reads from the replica from the start.
    await ageKey('reader');
    await cluster.caughtUp();
    dataDir = mkdtempSync(join(tmpdir(), 'store-replicas-'));
    const redis = new URL(TEST_REDIS_URL);
    redisProxy = await startTcpProxy({ target: { host: redis.hostname, port: Number(redis.port || 6379) } });
    const env = (n: number) => ({
      DATABASE_URL: cluster.on('primary', 'shop'),
      DATABASE_REPLICA_URLS: cluster.on('replica', 'shop'),
      DATABASE_REPLICA_MAX_LAG_SECONDS: '3',
      REDIS_URL: n === 1 ? redisProxy.url(TEST_REDIS_URL) : TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      DATA_DIR: join(dataDir, `host-${n}`),
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
    });
    hosts = await Promise.all([startHost(env(1)), startHost(env(2))]);
    lb = await startBalancer(hosts.map((h) => h.url));
    // Both hosts have seen the replica answer before the first read is routed.
    for (const h of hosts) await waitFor(() => /Reads of API keys go to replica 1/.test(h.output()), 'the router to start');
  });

  afterAll(async () => {
    await lb?.close();
    await Promise.all(hosts.map((h) => stop(h.child, 'SIGKILL')));
    await redisProxy?.close();
    cluster?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await dropRedisKeys(TEST_REDIS_URL, prefix);
  });

  it('a 201 and then a GET of it on the other host is never a 404, while the replica replays as it can', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await call(writer, 'POST', '/customers', { email: `ryw-${i}@example.test` });
      expect(created.status).toBe(201);
      // The balancer alternates: this GET goes to the other host.
      const read = await call(writer, 'GET', `/customer/${String(created.body.data.id)}`);
      statuses.push(read.status);
      if (read.status === 200) expect(read.body.data.email).toBe(`ryw-${i}@example.test`);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('with replay paused: the writer reads its own writes (the primary), a key that never wrote reads the replica', async () => {
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      const created = await call(writer, 'POST', '/customers', { email: 'paused@example.test', first_name: 'Old' });
      expect(created.status).toBe(201);
      const id = String(created.body.data.id);
      for (const base of hosts.map((h) => h.url)) {
        expect((await call(writer, 'GET', `/customer/${id}`, undefined, base)).body.data.first_name).toBe('Old');
        // The reader never wrote: the replica serves it, and the replica has not replayed the create.
        expect((await call(reader, 'GET', `/customer/${id}`, undefined, base)).status).toBe(404);
      }
      const patched = await call(writer, 'PATCH', `/customer/${id}`, { first_name: 'New' });
      expect(patched.status).toBe(200);
      for (const base of hosts.map((h) => h.url)) {
        const read = await call(writer, 'GET', `/customer/${id}`, undefined, base);
        expect([read.status, read.body.data.first_name]).toEqual([200, 'New']);
      }
    } finally {
      await cluster.resumeReplay();
    }
  });

  it("with replay paused: a newly minted key's first write on one host is read at once on the other (20 fresh keys)", async () => {
    const tokens = await keys(Array.from({ length: 20 }, (_, i) => `fresh-${i}`));
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      const statuses: number[] = [];
      for (const [i, token] of tokens.entries()) {
        const created = await call(token, 'POST', '/quote', { name: `Fresh ${i}` }, hosts[0].url);
        expect(created.status).toBe(201);
        statuses.push((await call(token, 'GET', `/quote/${String(created.body.data.id)}`, undefined, hosts[1].url)).status);
      }
      expect(statuses).toEqual(Array(20).fill(200));
    } finally {
      await cluster.resumeReplay();
    }
  });

  it("with replay paused and host 1's Redis cut around a write: the write waits for Redis a moment, and is read on the other host", async () => {
    const [token] = await keys(['short-cut']);
    // An hour old: only the recorded position sends its reads to the primary.
    await ageKey('short-cut');
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      await redisProxy.cut();
      const restore = new Promise((resolve) => setTimeout(resolve, 500)).then(() => redisProxy.restore());
      const created = await call(token, 'POST', '/quote', { name: 'Short cut' }, hosts[0].url);
      await restore;
      expect(created.status).toBe(201);
      const read = await call(token, 'GET', `/quote/${String(created.body.data.id)}`, undefined, hosts[1].url);
      expect(read.status).toBe(200);
      expect(hosts[0].output()).not.toMatch(/did not reach Redis/);
    } finally {
      await redisProxy.restore();
      await cluster.resumeReplay();
    }
  });

  it("with host 1's Redis away past the write: a new key's first write is read on both hosts (the primary serves them)", async () => {
    const [token] = await keys(['long-cut']);
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      await redisProxy.cut();
      const created = await call(token, 'POST', '/quote', { name: 'Long cut' }, hosts[0].url);
      expect(created.status).toBe(201);
      const id = String(created.body.data.id);
      expect(hosts[0].output()).toMatch(
        /The write position of API key \d+ did not reach Redis within 2000 ms; this host reads from the primary until it does/,
      );
      // Host 2 has no position for the key: it is new, so the primary serves it. Host 1 reads
      // everything from the primary while it holds a position Redis has not taken.
      for (const h of hosts) expect((await call(token, 'GET', `/quote/${id}`, undefined, h.url)).status).toBe(200);
      expect((await call(reader, 'GET', `/quote/${id}`, undefined, hosts[0].url)).status).toBe(200);
      await redisProxy.restore();
      // Once host 1's position reached Redis, its reads of other keys go to the replica again.
      await waitFor(
        async () => (await call(reader, 'GET', `/quote/${id}`, undefined, hosts[0].url)).status === 404,
        'the unrecorded position to reach Redis',
      );
      expect((await call(token, 'GET', `/quote/${id}`, undefined, hosts[1].url)).status).toBe(200);
    } finally {
      await redisProxy.restore();
      await cluster.resumeReplay();
    }
  });

  it('a replica further behind than DATABASE_REPLICA_MAX_LAG_SECONDS serves nobody until it catches up', async () => {
    await cluster.caughtUp();
    await cluster.pauseReplay();
    let id: string;
    try {
      const created = await call(writer, 'POST', '/customers', { email: 'lagging@example.test' });
      id = String(created.body.data.id);
      expect((await call(reader, 'GET', `/customer/${id}`, undefined, hosts[0].url)).status).toBe(404);
      // Past 3 s of lag every host leaves the replica out: the reader's GET goes to the primary.
      for (const h of hosts) {
        await waitFor(
          async () => (await call(reader, 'GET', `/customer/${id}`, undefined, h.url)).status === 200,
          'the lagging replica to be left out',
        );
        expect(h.output()).toMatch(/replica 1 \(127\.0\.0\.1:\d+\) is 3 s or more behind the primary/);
      }
    } finally {
      await cluster.resumeReplay();
    }
    for (const h of hosts)
      await waitFor(() => /replica 1 \(127\.0\.0\.1:\d+\) caught up; it serves reads again/.test(h.output()), 'the replica to serve again');
  });

  it('a replica that stops is skipped: no request fails, and reads come back to it once it is up', async () => {
    await cluster.caughtUp();
    cluster.stopReplica();
    const statuses = new Map<number, number>();
    try {
      for (let i = 0; i < 100; i++) {
        const token = i % 2 ? reader : writer;
        const res = await call(token, 'GET', i % 3 ? '/customers?limit=5' : '/customer/1');
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
      expect([...statuses]).toEqual([[200, 100]]);
      for (const h of hosts) expect(h.output()).toMatch(/replica 1 \(127\.0\.0\.1:\d+\) is left out for 5 s/);
    } finally {
      cluster.startReplica();
    }
    // Back: with replay paused, the reader's GET of a new customer is a 404 again (the replica serves it).
    for (const h of hosts)
      await waitFor(() => /replica 1 \(127\.0\.0\.1:\d+\) answers again/.test(h.output()), 'the replica to answer again');
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      const created = await call(writer, 'POST', '/customers', { email: 'after-restart@example.test' });
      for (const h of hosts) {
        await waitFor(
          async () => (await call(reader, 'GET', `/customer/${String(created.body.data.id)}`, undefined, h.url)).status === 404,
          'reads on the replica again',
        );
      }
    } finally {
      await cluster.resumeReplay();
    }
    for (const h of hosts) expect(h.output()).not.toMatch(/"statusCode":5\d\d|"status":5\d\d/);
  });
});
