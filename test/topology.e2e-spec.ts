import { jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Balancer, startBalancer } from './support/balancer.js';
import { describeE2E } from './support/describe-e2e.js';
import { type PgBouncer, startPgBouncer } from './support/pgbouncer.js';
import { type PgCluster, startPgCluster } from './support/pg-cluster.js';
import { freePort, runNode, startNode, stop, waitFor } from './support/processes.js';
import { type RedisSentinelSet, startRedisSentinelSet } from './support/redis-sentinel.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

jest.setTimeout(180_000);

type Started = Awaited<ReturnType<typeof startNode>>;
interface Answer {
  status: number;
  body: { data: Record<string, unknown> & { id: number } };
}

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];

/**
 * Everything of docs/api.md#more-than-one-machine at once, the way a store deploys past one machine: a PostgreSQL primary
 * and its streaming replica, PgBouncer in transaction mode in front of the primary, Redis behind three
 * Sentinels, two api hosts (separate DATA_DIRs, no CART_SECRET) behind a round-robin balancer and
 * two workers, all four started together on an empty database. Each spec above proves one part on
 * its own; this one proves they hold together.
 */
describeE2E('the whole topology: PgBouncer, a streaming replica, Sentinel, two api hosts and two workers', () => {
  const prefix = `store-test-topology-${process.pid}`;
  let cluster: PgCluster;
  let bouncer: PgBouncer;
  let sentinels: RedisSentinelSet;
  let sink: SmtpSink;
  let lb: Balancer;
  let dir: string;
  const apis: Started[] = [];
  const workers: Started[] = [];
  let token: string;
  const statuses: number[] = [];

  const direct = () => cluster.on('primary', 'shop');
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${lb.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    statuses.push(res.status);
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };

  beforeAll(async () => {
    [cluster, sentinels, sink] = await Promise.all([startPgCluster(), startRedisSentinelSet('store'), startSmtpSink()]);
    await cluster.primarySql('CREATE DATABASE shop');
    bouncer = await startPgBouncer({ server: cluster.primaryUrl, poolSize: 4 });
    dir = mkdtempSync(join(tmpdir(), 'store-topology-'));
    lb = await startBalancer([]);
    const env = (name: string) => ({
      DATABASE_URL: bouncer.url(direct()),
      DATABASE_DIRECT_URL: direct(),
      DATABASE_REPLICA_URLS: cluster.on('replica', 'shop'),
      ...sentinels.env,
      QUEUE_PREFIX: prefix,
      SMTP_URL: sink.url,
      STORE_URL: lb.url,
      TRUST_PROXY: 'loopback',
      DATA_DIR: join(dir, name),
      DELIVERY_SWEEP_SECONDS: '5',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
    });
    // First boot: four processes at once on an empty database, through the pooler.
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all([
      startNode('main.js', { ...env('api-a'), PORT: String(ports[0]) }, /Listening on/, 120_000),
      startNode('main.js', { ...env('api-b'), PORT: String(ports[1]) }, /Listening on/, 120_000),
      startNode('worker.js', env('worker-1'), /Consuming the send-quote queue/, 120_000),
      startNode('worker.js', env('worker-2'), /Consuming the send-quote queue/, 120_000),
    ]);
    apis.push(started[0], started[1]);
    workers.push(started[2], started[3]);
    lb.setTargets(ports.map((p) => `http://127.0.0.1:${p}`));
    const created = runNode('cli.js', ['api-key:create', '--name', 'erp', '--json'], {
      DATABASE_URL: bouncer.url(direct()),
      DATABASE_DIRECT_URL: direct(),
    });
    if (created.status !== 0) throw new Error(created.stdout + created.stderr);
    token = (JSON.parse(created.stdout) as { access_token: string }).access_token;
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => stop(p.child, 'SIGKILL')));
    await lb?.close();
    await bouncer?.close();
    await sink?.close();
    await sentinels?.close();
    cluster?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('booted together once: every migration applied once, every process up', async () => {
    const { MIGRATIONS } = await import('../migrations/index.js');
    const [{ n, distinct }] = await sqlOnShop<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT name)::int AS distinct FROM migrations',
    );
    expect({ n, distinct }).toEqual({ n: MIGRATIONS.length, distinct: MIGRATIONS.length });
    for (const p of [...apis, ...workers]) expect(p.child.exitCode).toBeNull();
  });

  it('idempotent creates retried on the other host: one customer per key', async () => {
    const ids: number[][] = [];
    for (let i = 0; i < 30; i++) {
      const headers = { 'Idempotency-Key': `${prefix}-${i}` };
      const first = await call('POST', '/customers', { email: `idem-${i}@example.test` }, headers);
      // Round robin: the retry reaches the other host.
      const retry = await call('POST', '/customers', { email: `idem-${i}@example.test` }, headers);
      ids.push([first.status, retry.status, first.body.data.id === retry.body.data.id ? 1 : 0]);
    }
    expect(ids).toEqual(Array.from({ length: 30 }, () => [201, 201, 1]));
    const [{ n }] = await sqlOnShop<{ n: number }>("SELECT count(*)::int AS n FROM customers WHERE email LIKE 'idem-%'");
    expect(n).toBe(30);
  });

  it('reads its own writes on the other host while the replica replays nothing', async () => {
    await cluster.caughtUp();
    await cluster.pauseReplay();
    try {
      const created = await call('POST', '/customers', { email: 'paused@example.test', first_name: 'Old' });
      expect(created.status).toBe(201);
      const read = await call('GET', `/customer/${created.body.data.id}`);
      expect([read.status, read.body.data.first_name]).toEqual([200, 'Old']);
      expect((await call('PATCH', `/customer/${created.body.data.id}`, { first_name: 'New' })).status).toBe(200);
      const again = await call('GET', `/customer/${created.body.data.id}`);
      expect([again.status, again.body.data.first_name]).toEqual([200, 'New']);
    } finally {
      await cluster.resumeReplay();
    }
  });

  it('a Sentinel failover mid-send: every recipient gets one message; a cart page from one host is accepted on the other', async () => {
    const product = await call('POST', '/product', { name: 'Mug', sku: 'MUG-1', base_price: '9.50' });
    expect(product.status).toBe(201);
    const emails = Array.from({ length: 40 }, (_, i) => `buyer-${i}@example.test`);
    const quotes: { id: number; cart_link_id: string }[] = [];
    for (let q = 0; q < 4; q++) {
      const created = await call('POST', '/quote', {
        name: `Q ${q}`,
        customer_emails: emails.slice(q * 10, q * 10 + 10),
        items: [{ product_id: product.body.data.id, quantity: 2 }],
      });
      expect(created.status).toBe(201);
      quotes.push(created.body.data as unknown as { id: number; cart_link_id: string });
    }
    await sentinels.synced();
    for (const q of quotes.slice(0, 2)) expect((await call('POST', `/quote/${q.id}/send-quote`, {})).status).toBe(202);
    await sentinels.failover(async () => {
      for (const q of quotes.slice(2)) {
        const sent = await call('POST', `/quote/${q.id}/send-quote`, {});
        expect(sent.status).toBe(202);
      }
    });
    await waitFor(() => emails.every((e) => sink.accepted().some((m) => m.headers.to === e)), 'every recipient to get its message', 60_000);
    const [{ sent }] = await sqlOnShop<{ sent: number }>("SELECT count(*)::int AS sent FROM quote_deliveries WHERE status = 'sent'");
    expect(sent).toBe(40);
    const counts = new Map<string, number>();
    for (const m of sink.accepted()) counts.set(m.headers.to, (counts.get(m.headers.to) ?? 0) + 1);
    expect(emails.filter((e) => counts.get(e) !== 1)).toEqual([]);

    // The buyer of the first quote: the page from one host, the accept on the other.
    const page = await fetch(`${lb.url}/cart/${quotes[0].cart_link_id}`);
    expect(page.status).toBe(200);
    const accepted = await fetch(`${lb.url}/cart/${quotes[0].cart_link_id}/accept`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: tokenOf(await page.text()) ?? 'none' }).toString(),
    });
    expect(accepted.status).toBe(303);
    const read = await call('GET', `/quote/${quotes[0].id}`);
    expect([read.status, read.body.data.status]).toEqual([200, 'accepted']);
  });

  it('a key revoked with the cli is refused on both hosts', async () => {
    const created = runNode('cli.js', ['api-key:create', '--name', 'short-lived', '--json'], { DATABASE_URL: direct() });
    const key = JSON.parse(created.stdout) as { id: number; access_token: string };
    const urls = apis.map((a) => /Listening on http:\/\/localhost:(\d+)/.exec(a.output())![1]).map((p) => `http://127.0.0.1:${p}`);
    for (const url of urls)
      expect((await fetch(`${url}/customers`, { headers: { authorization: `Bearer ${key.access_token}` } })).status).toBe(200);
    expect(runNode('cli.js', ['api-key:revoke', String(key.id)], { DATABASE_URL: direct() }).status).toBe(0);
    // Heard through LISTEN on the direct URL; the contract's bound for any host is 5 s.
    for (const url of urls) {
      await waitFor(
        async () => (await fetch(`${url}/customers`, { headers: { authorization: `Bearer ${key.access_token}` } })).status === 401,
        'the revoked key to be refused',
        5_000,
      );
    }
    for (const a of apis) expect(a.output()).not.toMatch(/Key changes are not heard/);
  });

  it('answered no request with a 5xx', () => {
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const p of [...apis, ...workers]) expect(p.output()).not.toMatch(/prepared statement/);
  });

  async function sqlOnShop<T>(text: string): Promise<T[]> {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: direct() });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }
});
