import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { batchProduct } from './batch.js';
import { ROOT, freePort, startApi, stopProcess } from './harness.js';

/**
 * `move` (docs/api.md#clusters): `store:move` of a store of MOVE_PRODUCTS products (2 options, 4
 * variants and 3 price tiers each, as the batch scenario's) and MOVE_QUOTES quotes, from the home
 * cluster to a second one, while a client keeps writing to it and two other stores (one on each
 * cluster) are read. Both clusters are PostgreSQL servers of its own (initdb in a temporary
 * directory, `wal_level = logical`); the machine's own is never touched. Reports the move's own
 * figures (the copy, the catch-up after the freeze, how long the source held the store's writes),
 * what the writing client saw (the longest run of refused writes, from the first refused request's
 * start to the first accepted one's), and the p99 of the other stores' GETs before and during it.
 */
export interface MoveFigure {
  products: number;
  quotes: number;
  copy_ms: number;
  catch_up_ms: number;
  verify_ms: number;
  frozen_ms: number;
  move_ms: number;
  writes: number;
  refused_writes: number;
  longest_refusal_ms: number;
  /**
   * Each other store's GETs (READERS at a time, timed one by one): the p99 before the move, over the
   * whole move, and in its worst second.
   */
  others: {
    store: string;
    cluster: string;
    requests_before: number;
    requests_during: number;
    non_2xx: number;
    p99_before_ms: number;
    p99_during_ms: number;
    p99_worst_second_ms: number;
    p99_ratio: number;
    p99_worst_second_ratio: number;
  }[];
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PRODUCTS = Number(process.env.BENCH_MOVE_PRODUCTS ?? 10_000);
const QUOTES = Number(process.env.BENCH_MOVE_QUOTES ?? 10_000);
const READERS = Number(process.env.BENCH_MOVE_READERS ?? 4);

/** A PostgreSQL server of the bench's own, in a temporary directory, with logical replication. */
interface Server {
  url: (database: string) => string;
  stop: () => void;
}

function startServer(port: number): Server {
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-move-'));
  // initdb refuses root: then the server runs as `postgres`.
  const as =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
      : {};
  if (as.uid !== undefined) chownSync(dir, as.uid, as.gid!);
  const run = (program: string, args: string[]) => {
    const r = spawnSync(join(PG_BIN, program), args, { encoding: 'utf8', ...as, timeout: 120_000 });
    if (r.status !== 0) throw new Error(`${program} failed: ${r.stdout}${r.stderr}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  appendFileSync(
    join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = logical',
      'max_wal_senders = 10',
      'max_replication_slots = 10',
      'fsync = off',
      'synchronous_commit = off',
      'shared_buffers = 128MB',
      'max_connections = 200',
    ].join('\n') + '\n',
  );
  run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', 'start']);
  run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', 'CREATE DATABASE bench']);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      spawnSync(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...as, timeout: 60_000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The built CLI with `args`, its JSON answer. */
function cli(env: Record<string, string>, args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli.js'), ...args, '--json'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** One request by node:http (fetch sends its own Host): its status and when it was sent. */
function send(
  port: number,
  host: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; at: number }> {
  const at = Date.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { host, authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, at }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A request's answer, when it was sent and how long it took. */
interface Timed {
  status: number;
  at: number;
  ms: number;
}

/** Sends `request` `width` at a time while `going()`: every answer with its time. */
async function timed(request: () => Promise<{ status: number; at: number }>, width: number, going: () => boolean): Promise<Timed[]> {
  const out: Timed[] = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (going()) {
        const r = await request();
        out.push({ ...r, ms: Date.now() - r.at });
      }
    }),
  );
  return out;
}

/** The 99th percentile of the answers' times (ms). */
function p99(answers: Timed[]): number {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return ms.length ? ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)] : 0;
}

/** The highest p99 of any second's answers (seconds with at least 20 answers). */
function worstSecondP99(answers: Timed[]): number {
  const seconds = new Map<number, Timed[]>();
  for (const a of answers) seconds.set(Math.floor(a.at / 1000), [...(seconds.get(Math.floor(a.at / 1000)) ?? []), a]);
  return Math.max(0, ...[...seconds.values()].filter((s) => s.length >= 20).map(p99));
}

/** Runs `work(i)` for i < n, `width` at a time. */
async function inParallel(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

export async function measureMove(seconds: number): Promise<MoveFigure> {
  const [home, eu] = [startServer(await freePort()), startServer(await freePort())];
  const port = await freePort();
  const env = {
    DATABASE_URL: home.url('bench'),
    DATABASE_CLUSTERS: `eu=${eu.url('bench')}`,
    MIGRATIONS_RUN: 'false',
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    cli(env, ['db:migrate']);
    const stores = [
      { handle: 'mover', host: 'mover.bench.example', cluster: 'home' },
      { handle: 'stay', host: 'stay.bench.example', cluster: 'home' },
      { handle: 'far', host: 'far.bench.example', cluster: 'eu' },
    ];
    const tokens: Record<string, string> = {};
    for (const s of stores) {
      cli(env, ['store:create', '--handle', s.handle, '--name', s.handle, '--host', s.host, '--cluster', s.cluster]);
      tokens[s.handle] = cli(env, ['api-key:create', '--store', s.handle, '--name', 'bench']).access_token as string;
    }
    api = await startApi({ ...env, PORT: String(port) });
    const put = async (store: (typeof stores)[number], from: number, count: number) => {
      const body = Array.from({ length: count }, (_, i) => ({ ...batchProduct(store.handle, 0, from + i), category_ids: [] }));
      const r = await send(port, store.host, tokens[store.handle], 'PUT', '/products', body);
      if (r.status !== 200) throw new Error(`PUT /products for ${store.handle} → ${r.status}`);
    };
    console.error(`move: filling the store: ${PRODUCTS} products, ${QUOTES} quotes…`);
    for (let from = 0; from < PRODUCTS; from += 1000) await put(stores[0], from, Math.min(1000, PRODUCTS - from));
    await put(stores[1], 0, 200);
    await put(stores[2], 0, 200);
    const pool = new pg.Pool({ connectionString: home.url('bench'), max: 1 });
    const ids = (
      await pool.query<{ id: number }>(
        "SELECT p.id FROM products p JOIN stores s ON s.id = p.store_id WHERE s.handle = 'mover' ORDER BY p.id",
      )
    ).rows.map((r) => r.id);
    await pool.end();
    await inParallel(QUOTES, 16, async (i) => {
      const r = await send(port, stores[0].host, tokens.mover, 'POST', '/quote', {
        name: `Quote ${i}`,
        customer_emails: [`buyer${i % 100}@example.test`],
        // A product with options is quoted with one of its variants' option values.
        items: [{ product_id: ids[i % ids.length], quantity: 1 + (i % 5), options: { Color: i % 2 ? 'Red' : 'Blue', Size: 'M' } }],
      });
      if (r.status !== 201) throw new Error(`POST /quote → ${r.status}`);
    });

    const reads = stores.slice(1).map((s) => ({
      store: s.handle,
      cluster: s.cluster,
      scenario: { name: `GET /product/{sku} (${s.handle})`, path: `/product/${s.handle}-77`, headers: { host: s.host } },
    }));
    // The other stores are read at a steady load (READERS requests at a time each), not the machine's
    // limit: at saturation any work beside them (this move, or a cron job) multiplies their p99.
    const readOf = (r: (typeof reads)[number]) => () => send(port, r.scenario.headers.host, tokens[r.store], 'GET', r.scenario.path);
    const beforeEnd = Date.now() + seconds * 1000;
    const before = await Promise.all(reads.map((r) => timed(readOf(r), READERS, () => Date.now() < beforeEnd)));

    // The move, with a client writing to the store all along and the other stores read meanwhile.
    let moving = true;
    const writes: { status: number; at: number }[] = [];
    const writer = (async () => {
      for (let i = 0; moving; i++)
        writes.push(
          await send(port, stores[0].host, tokens.mover, 'POST', '/product', { sku: `W-${i}`, name: `Written ${i}`, base_price: '1.00' }),
        );
    })();
    const readers = Promise.all(reads.map((r) => timed(readOf(r), READERS, () => moving)));
    const started = Date.now();
    const moved = await new Promise<Record<string, number>>((resolve, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist/src/cli.js'), 'store:move', 'mover', '--to', 'eu', '--json'], {
        env: { ...process.env, ...env },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.once('exit', (code) =>
        code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`store:move failed: ${out}`)),
      );
    });
    const moveMs = Date.now() - started;
    moving = false;
    const [, during] = await Promise.all([writer, readers]);

    // The longest run of refused writes: from the first refused request's start to the next accepted one's.
    let longest = 0;
    let since: number | null = null;
    for (const w of writes) {
      if (w.status >= 200 && w.status < 300) {
        if (since !== null) longest = Math.max(longest, w.at - since);
        since = null;
      } else since ??= w.at;
    }
    return {
      products: PRODUCTS,
      quotes: QUOTES,
      copy_ms: moved.copy_ms,
      catch_up_ms: moved.catch_up_ms,
      verify_ms: moved.verify_ms,
      frozen_ms: moved.frozen_ms,
      move_ms: moveMs,
      writes: writes.length,
      refused_writes: writes.filter((w) => w.status < 200 || w.status >= 300).length,
      longest_refusal_ms: longest,
      others: reads.map((r, i) => {
        const ratio = (a: number, b: number) => Math.round((a / Math.max(b, 1)) * 100) / 100;
        const [was, whole, worst] = [p99(before[i]), p99(during[i]), worstSecondP99(during[i])];
        return {
          store: r.store,
          cluster: r.cluster,
          requests_before: before[i].length,
          requests_during: during[i].length,
          non_2xx: [...before[i], ...during[i]].filter((x) => x.status < 200 || x.status >= 300).length,
          p99_before_ms: was,
          p99_during_ms: whole,
          p99_worst_second_ms: worst,
          p99_ratio: ratio(whole, was),
          p99_worst_second_ratio: ratio(worst, was),
        };
      }),
    };
  } finally {
    if (api) await stopProcess(api);
    home.stop();
    eu.stop();
  }
}
