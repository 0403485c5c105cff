import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS } from '../migrations/index.js';
import { isDirectSession, proveDirectSession } from '../src/database/direct-session.js';
import { STORE_URL, type Worker, countByTo, uniquePrefix } from './send-quote.fixtures.js';
import { type Balancer, startBalancer } from './support/balancer.js';
import { eventually } from './support/eventually.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type PgBouncer, startPgBouncer } from './support/pgbouncer.js';
import { dropRedisKeys, freePort, jsonLines, runNode, runNodeAsync, startNode, stop, waitFor } from './support/processes.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
interface Host {
  url: string;
  stop(): Promise<number | null>;
  output(): string;
}
interface Answer {
  status: number;
  body: { data?: Record<string, unknown> } & Record<string, unknown>;
  replayed: string | null;
}

/** The warning an api process logs when its LISTEN hears nothing (ApiKeysService). */
const UNHEARD =
  'Key changes are not heard: LISTEN api_key_changed got no test notification within 2 s ' +
  '(does DATABASE_DIRECT_URL, default DATABASE_URL, go through a pooler? set DATABASE_DIRECT_URL to a direct PostgreSQL connection); ' +
  'cached keys are checked again every second.';

/** Runs `fn` over `items`, `width` at a time, answers in the order of `items`. */
async function inParallel<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]);
  };
  await Promise.all(Array.from({ length: width }, lane));
  return out;
}

/** How many answers had each status: `{ 200: 198, 500: 2 }`. */
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

/**
 * docs/api.md#poolers: DATABASE_URL pointing at a real PgBouncer 1.18 in `pool_mode = transaction`
 * (no prepared-statement support, 4 server sessions per database, so every client shares them),
 * DATABASE_DIRECT_URL at PostgreSQL itself. Two api hosts behind a round-robin balancer, a worker
 * and the cli all go through the pooler; nothing answers 5xx, nothing is done twice, and a LISTEN
 * that goes through the pooler is detected.
 */
describeE2E('through PgBouncer in transaction mode', () => {
  const prefix = uniquePrefix('pooler');
  const dataDirs: string[] = [];
  const hosts: Host[] = [];
  let bouncer: PgBouncer;
  let db: Db;
  let direct: pg.Pool;
  let sink: SmtpSink;
  let balancer: Balancer;
  let worker: Worker;
  let token: string;
  let firstBoot: PromiseSettledResult<unknown>[];
  const hooks: { event: string; type: string }[] = [];
  const receiver: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hooks.push({ event: String(req.headers['store-event-id']), type: String(req.headers['store-event-type']) });
      res.writeHead(200).end();
    });
  });
  let receiverUrl = '';

  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-pooler-'));
    dataDirs.push(dir);
    return dir;
  };
  /** Through the pooler for the pool, PostgreSQL itself for the sessions (lock, LISTEN). */
  const env = (withDirect = true): Record<string, string> => ({
    DATABASE_URL: bouncer.url(db.url),
    ...(withDirect ? { DATABASE_DIRECT_URL: db.url } : {}),
    MIGRATIONS_RUN: 'true',
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    SMTP_URL: sink.url,
    STORE_URL,
    RATE_LIMIT_PER_MINUTE: '0',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_POLL_MS: '100',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir(),
  });
  const startHost = async (hostEnv: Record<string, string>): Promise<Host> => {
    const port = await freePort();
    const { child, output } = await startNode('main.js', { ...hostEnv, PORT: String(port) }, /Listening on http/);
    const host = { url: `http://127.0.0.1:${port}`, stop: () => stop(child, 'SIGKILL'), output };
    hosts.push(host);
    return host;
  };
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await direct.query(text, params)).rows as T[];

  /** A request as a client sends it; a keep-alive socket the api closed meanwhile is retried once, as clients do. */
  const call = async (
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const send = async () => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'], replayed: res.headers.get('idempotent-replayed') };
    };
    try {
      return await send();
    } catch (err) {
      if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
      return send();
    }
  };
  const created = async (path: string, body: unknown) => {
    const res = await call(balancer.url, 'POST', path, body);
    if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number } & Record<string, unknown>;
  };
  const cli = (args: string[], withDirect = true) => {
    const r = runNode('cli.js', [...args, '--json'], env(withDirect));
    if (r.status !== 0) throw new Error(`cli ${args.join(' ')} exited ${r.status}: ${r.stdout}${r.stderr}`);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };

  beforeAll(async () => {
    [bouncer, sink, db] = await Promise.all([startPgBouncer({ poolSize: 4 }), startSmtpSink(), createTestDatabase('pooler')]);
    direct = new pg.Pool({ connectionString: db.url, max: 2 });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // First boot of a deployment on an empty database: two api hosts, a worker and `db:migrate`
    // at the same moment, every one with MIGRATIONS_RUN=true and through the pooler.
    firstBoot = await Promise.allSettled([
      startHost(env()),
      startHost(env()),
      startNode('worker.js', env(), /Consuming the send-quote queue/),
      runNodeAsync('cli.js', ['db:migrate', '--json'], env(), 60_000),
    ]);
    const started = firstBoot[2];
    if (started.status === 'fulfilled') {
      const { child, output } = started.value as Awaited<ReturnType<typeof startNode>>;
      worker = { pid: child.pid!, output, stop: () => stop(child, 'SIGKILL') };
    }
    if (hosts.length === 2) balancer = await startBalancer(hosts.map((h) => h.url));
    if (firstBoot.every((r) => r.status === 'fulfilled')) token = cli(['api-key:create', '--name', 'pooler']).access_token as string;
  }, 90_000);

  afterAll(async () => {
    await worker?.stop();
    for (const h of hosts) await h.stop();
    await balancer?.close();
    await direct?.end();
    await db?.drop();
    await bouncer?.close();
    await sink?.close();
    await new Promise((r) => receiver.close(r));
    await dropRedisKeys(TEST_REDIS_URL, prefix);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('first boot: two api hosts, a worker and db:migrate start at once; all come up and every migration is applied once', async () => {
    const outputs = firstBoot.map((r) => {
      if (r.status === 'rejected') return String(r.reason);
      const value = r.value as { output?: () => string; out?: string };
      return value.output ? value.output() : value.out;
    });
    expect(outputs.join('\n')).not.toMatch(/duplicate key|already exists|prepared statement|Could not start|Error:/);
    expect(firstBoot.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(firstBoot[3]).toEqual({ status: 'fulfilled', value: { code: 0, out: expect.stringMatching(/^\{"applied":\[.*\]\}\n$/) } });
    expect((await sql<{ name: string }>('SELECT name FROM migrations ORDER BY id')).map((r) => r.name)).toEqual(
      MIGRATIONS.map((m) => m.name),
    );
    // The lock went with its transaction: nothing holds it now.
    expect(
      await sql("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = $1)", [
        db.name,
      ]),
    ).toEqual([]);
  });

  it('a connection straight to PostgreSQL is proven a direct session (named statements allowed), one through PgBouncer is not', async () => {
    const proven: boolean[] = [];
    for (const url of [db.url, bouncer.url(db.url)]) {
      const pool = new pg.Pool({ connectionString: url, max: 1, onConnect: proveDirectSession });
      const client = await pool.connect();
      proven.push(isDirectSession(client));
      client.release();
      await pool.end();
    }
    expect(proven).toEqual([true, false]);
  });

  it('200 GETs and 100 customer creates across both hosts: no 5xx', async () => {
    balancer.setTargets(hosts.map((h) => h.url));
    const product = await created('/product', { name: 'Widget', sku: 'W-1', base_price: '12.50' });
    const customer = await created('/customer', { email: 'first@example.test' });
    const quote = await created('/quote', { name: 'Read me', customer_id: customer.id, items: [{ product_id: product.id, quantity: 2 }] });
    const paths = [
      `/quote/${quote.id}?embed=customer`,
      '/quotes?limit=10',
      `/customer/${customer.id}`,
      '/customers',
      `/product/${product.id}`,
    ];
    const reads = await inParallel(
      Array.from({ length: 200 }, (_, i) => paths[i % paths.length]),
      20,
      async (path) => (await call(balancer.url, 'GET', path)).status,
    );
    expect(tally(reads)).toEqual({ 200: 200 });
    const writes = await inParallel(
      Array.from({ length: 100 }, (_, i) => i),
      20,
      async (i) => (await call(balancer.url, 'POST', '/customer', { email: `c${i}@example.test` })).status,
    );
    expect(tally(writes)).toEqual({ 201: 100 });
    expect(balancer.served).toEqual([152, 151]);
    expect(await sql("SELECT count(*)::int AS n FROM customers WHERE email LIKE 'c%@example.test'")).toEqual([{ n: 100 }]);
  });

  it('100 idempotent quote creates, each retried on the other host: one quote per key, the retry replayed', async () => {
    const product = await created('/product', { name: 'Gadget', sku: 'G-1', base_price: '3.25' });
    const [a, b] = hosts;
    const pairs = await inParallel(
      Array.from({ length: 100 }, (_, i) => i),
      10,
      async (i) => {
        const body = { name: `Idempotent ${i}`, items: [{ product_id: product.id, quantity: 1 + (i % 3) }] };
        const key = { 'Idempotency-Key': `pooler-${i}` };
        const first = await call(i % 2 ? a.url : b.url, 'POST', '/quote', body, key);
        const retry = await call(i % 2 ? b.url : a.url, 'POST', '/quote', body, key);
        return { first, retry };
      },
    );
    expect(tally(pairs.map((p) => p.first.status))).toEqual({ 201: 100 });
    for (const { first, retry } of pairs) {
      expect(first.replayed).toBeNull();
      expect(retry).toEqual({ status: 201, body: first.body, replayed: 'true' });
    }
    const quotes = await sql<{ name: string; n: number }>(
      "SELECT name, count(*)::int AS n FROM quotes WHERE name LIKE 'Idempotent %' GROUP BY name ORDER BY name",
    );
    expect(quotes.length).toBe(100);
    expect(quotes.every((q) => q.n === 1)).toBe(true);
    expect(new Set(pairs.map((p) => p.first.body.data!.id)).size).toBe(100);
  });

  it('send-quote to 100 recipients, delivered by the worker through the pooler: each recipient gets exactly one message', async () => {
    const product = await created('/product', { name: 'Bolt', sku: 'B-1', base_price: '1.00' });
    const recipients = Array.from({ length: 100 }, (_, i) => `r${String(i).padStart(3, '0')}@example.test`);
    const quote = await created('/quote', {
      name: 'Mailing',
      customer_emails: recipients,
      items: [{ product_id: product.id, quantity: 5 }],
    });
    expect((await call(balancer.url, 'POST', `/quote/${quote.id}/send-quote`, {})).status).toBe(202);
    await waitFor(
      async () =>
        (await sql<{ n: number }>("SELECT count(*)::int AS n FROM quote_deliveries WHERE quote_id = $1 AND status = 'sent'", [quote.id]))[0]
          .n === 100,
      'the 100 deliveries to be sent',
      30_000,
    );
    expect(await sql('SELECT status, count(*)::int AS n FROM quote_deliveries WHERE quote_id = $1 GROUP BY status', [quote.id])).toEqual([
      { status: 'sent', n: 100 },
    ]);
    // Every row says sent: nothing is left that a lease could hand out again.
    expect(sink.accepted().length).toBe(100);
    expect(countByTo(sink.accepted())).toEqual(Object.fromEntries(recipients.map((r) => [r, 1])));
  });

  it('webhooks: the worker delivers 50 events to a real receiver exactly once each, with no prepared-statement error', async () => {
    await created('/webhook', { url: `${receiverUrl}/hooks`, events: ['customergroup.*'] });
    for (let i = 0; i < 50; i++) await created('/customergroup', { name: `Group ${i}`, api_code: `g${i}` });
    const events = await sql<{ id: number }>("SELECT id FROM events WHERE type = 'customergroup.created' ORDER BY id");
    expect(events.length).toBe(50);
    await waitFor(
      async () => (await sql<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'"))[0].n === 50,
      'the 50 deliveries to succeed',
      30_000,
    );
    expect(await sql('SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status')).toEqual([
      { status: 'succeeded', n: 50 },
    ]);
    // Exactly once each: 50 requests, 50 different events.
    expect(hooks.length).toBe(50);
    expect(new Set(hooks.map((h) => h.event)).size).toBe(50);
    expect(new Set(hooks.map((h) => h.type))).toEqual(new Set(['customergroup.created']));
    expect(
      worker
        .output()
        .split('\n')
        .filter((l) => l.includes('prepared statement')),
    ).toEqual([]);
  });

  it('with DATABASE_DIRECT_URL, a key revoked with the cli is refused on both hosts within a second', async () => {
    const key = cli(['api-key:create', '--name', 'revoked-direct']) as { id: number; access_token: string };
    const get = async (h: Host) => (await fetch(`${h.url}/countries`, { headers: { Authorization: `Bearer ${key.access_token}` } })).status;
    const [a, b] = hosts;
    // Twice: the second answer comes from each host's cache.
    for (let i = 0; i < 2; i++) expect([await get(a), await get(b)]).toEqual([200, 200]);
    expect(cli(['api-key:revoke', String(key.id)])).toEqual({ id: key.id, revoked: true });
    await eventually(async () => expect([await get(a), await get(b)]).toEqual([401, 401]), { timeoutMs: 1_000 });
    for (const h of [a, b]) expect(h.output()).not.toContain('Key changes are not heard');
  });

  it('without DATABASE_DIRECT_URL (LISTEN through the pooler): one warning per host, and a revoked key is refused on both within 5 s', async () => {
    const [c, d] = await Promise.all([startHost(env(false)), startHost(env(false))]);
    const key = cli(['api-key:create', '--name', 'revoked-pooled'], false) as { id: number; access_token: string };
    const get = async (h: Host) => (await fetch(`${h.url}/countries`, { headers: { Authorization: `Bearer ${key.access_token}` } })).status;
    // The first authenticated request starts each host's listener and its test notification.
    expect([await get(c), await get(d)]).toEqual([200, 200]);
    const warnings = (h: Host) => jsonLines(h.output()).filter((l) => typeof l.msg === 'string' && l.msg.startsWith('Key changes are'));
    await waitFor(() => warnings(c).length > 0 && warnings(d).length > 0, 'both hosts to warn that key changes are not heard', 5_000);
    for (const h of [c, d]) expect(warnings(h).map((l) => [l.level, l.msg])).toEqual([['warn', UNHEARD]]);
    expect([await get(c), await get(d)]).toEqual([200, 200]);
    expect(cli(['api-key:revoke', String(key.id)], false)).toEqual({ id: key.id, revoked: true });
    await eventually(async () => expect([await get(c), await get(d)]).toEqual([401, 401]), { timeoutMs: 5_000 });
  });

  it('db:migrate through the pooler alone (no DATABASE_DIRECT_URL), twice in a row: neither hangs nor leaves the lock behind', async () => {
    const fresh = await createTestDatabase('pooler_migrate');
    const held = new pg.Client({ connectionString: bouncer.url(fresh.url) });
    const advisoryLocks = () =>
      sql("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = $1)", [
        fresh.name,
      ]);
    try {
      // MIGRATIONS_RUN=false: the command applies them, not the cli's start, so its answer lists them.
      const pooled = { DATABASE_URL: bouncer.url(fresh.url), MIGRATIONS_RUN: 'false', DATA_DIR: dataDir() };
      const first = await runNodeAsync('cli.js', ['db:migrate', '--json'], pooled, 30_000);
      expect(first).toEqual({ code: 0, out: `${JSON.stringify({ applied: MIGRATIONS.map((m) => m.name) })}\n` });
      // A lock tied to a server session would still be there, in the session the pooler keeps.
      expect(await advisoryLocks()).toEqual([]);
      // A transaction held meanwhile takes the server session used last (PgBouncer reuses them
      // last in, first out), so the second run's lock connection lands on another one.
      await held.connect();
      await held.query('BEGIN');
      await held.query('SELECT 1');
      const second = await runNodeAsync('cli.js', ['db:migrate', '--json'], pooled, 30_000);
      expect(second).toEqual({ code: 0, out: '{"applied":[]}\n' });
      expect(await advisoryLocks()).toEqual([]);
    } finally {
      await held.end().catch(() => undefined);
      await fresh.drop();
    }
  });

  it('no process logged a prepared-statement error or answered 5xx', () => {
    const preparedErrors = (output: string) => output.split('\n').filter((l) => l.includes('prepared statement'));
    for (const h of hosts) {
      expect(preparedErrors(h.output())).toEqual([]);
      expect(jsonLines(h.output()).filter((l) => typeof l.status === 'number' && l.status >= 500)).toEqual([]);
    }
    expect(preparedErrors(worker.output())).toEqual([]);
  });
});
