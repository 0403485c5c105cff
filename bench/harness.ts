import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = join(import.meta.dirname, '..', '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  /** A fresh body per request (unique keys for creates). */
  body?: () => unknown;
  /** More headers of each request (a store's Host). */
  headers?: Record<string, string>;
}

export interface Figure {
  name: string;
  /** Requests answered in the run. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx, and how many of each status (`503×9`). */
  non2xx: number;
  statuses: string;
  /** Requests that got no answer: the client's 10 s timeout, a connection reset. */
  unanswered: number;
}

/** A fresh database for the run, reachable as `url`. */
export async function benchDatabase(prefix = 'store_bench'): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  // One database per run, so two runs on one machine (two checkouts) never drop each other's.
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function mintKey(databaseUrl: string, store = 'default'): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli.js'), 'api-key:create', '--name', 'bench', '--store', store, '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`could not mint a key: ${r.stdout}${r.stderr}`);
  return (JSON.parse(r.stdout) as { access_token: string }).access_token;
}

/**
 * An npm script of package.json as the bench runs it, so a process starts as `npm run <script>` starts
 * it: the environment the script sets before `node` (`MALLOC_ARENA_MAX=2 node …`) and node's flags.
 */
export function npmScript(script: string): { env: Record<string, string>; flags: string[] } {
  const text = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[script];
  const words = text.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  return { env, flags: words.slice(node + 1).filter((w) => w.startsWith('--')) };
}

/** Starts the built api and resolves once /health answers (logs may be quiet). */
export async function startApi(env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_CPU_PROFILE=<file>: the api runs with the profiler preload and writes its profile on exit.
  const profile = process.env.BENCH_CPU_PROFILE;
  const preload = profile ? ['--import', join(ROOT, 'dist/bench/cpu-profile.js')] : [];
  const start = npmScript('start');
  const child = spawn(process.execPath, [...start.flags, ...preload, join(ROOT, 'dist/src/main.js')], {
    env: { ...process.env, ...start.env, ...env, ...(profile ? { CPU_PROFILE: profile } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The api's last 16 kB of output (its log, at LOG_LEVEL=warn, and stderr): shown if it fails to
  // start, or exits while the bench still uses it.
  let errors = '';
  const keep = (d: Buffer) => (errors = (errors + d.toString()).slice(-16_384));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  let started = false;
  child.once('exit', (code, signal) => {
    exited = true;
    if (started && !child.killed) console.error(`the api exited (${signal ?? code}) while the bench ran; its last output:\n${errors}`);
  });
  for (let i = 0; i < 600 && !exited; i++) {
    const up = await fetch(`http://127.0.0.1:${env.PORT}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      started = true;
      return child;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`api did not start:\n${errors}`);
}

/**
 * Stops a process the bench started (SIGTERM) and resolves once it has exited; at once if it already
 * has (waiting for the 'exit' of a process already gone would wait for ever).
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux, 100 ticks a second). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (ms) each server process of database `name` has used so far, by pid: PostgreSQL's side of
 * the requests, which wall-clock figures on a shared machine blur. Only when PostgreSQL runs on this
 * machine (its processes in /proc); empty otherwise.
 */
export async function databaseCpuMs(pool: pg.Pool, name: string): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
  const spent = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      spent.set(pid, cpuMs(pid));
    } catch {
      // Ended meanwhile, or not on this machine.
    }
  }
  return spent;
}

/** The CPU (ms) the processes of `after` used since `before` (a process new since then: all of its). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/**
 * Rows `client` writes from now on are the store `default`'s (the `store_id` their tables default
 * to): to its transaction's end (`scope: 'transaction'`, after BEGIN) or its session's. The bench's
 * own writes go round the api, as the operator's; this names the store the api's would have.
 */
export async function writeAsDefaultStore(client: pg.ClientBase, scope: 'transaction' | 'session' = 'transaction'): Promise<void> {
  await client.query(`SELECT set_config('app.store_id', id::text, $1) FROM stores WHERE handle = 'default'`, [scope === 'transaction']);
}

/** Peak resident set size of a process in MiB (Linux). */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function measure(base: string, token: string | null, s: Scenario, seconds: number, connections: number): Promise<Figure> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...s.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: s.method ?? 'GET',
        path: s.path,
        headers,
        setupRequest: (req) => (s.body ? { ...req, body: JSON.stringify(s.body()) } : req),
      },
    ],
  });
  return {
    name: s.name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count ?? 0}`)
      .join(' '),
    unanswered: result.errors,
  };
}

export function table(figures: Figure[], baseline: Figure): string {
  const rows = figures.map((f) => [
    f.name,
    String(f.rps),
    `${f.p50} ms`,
    `${f.p99} ms`,
    (f.rps / baseline.rps).toFixed(2),
    f.non2xx ? `${f.non2xx} (${f.statuses})` : '0',
    String(f.unanswered),
  ]);
  const head = ['scenario', 'req/s', 'p50', 'p99', 'vs baseline', 'non-2xx', 'unanswered'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * SQL statements per request, counted by the app's own statement counter: an app booted in this
 * process on the bench database answers each scenario's request once, one at a time.
 */
export async function countStatements(databaseUrl: string, token: string, scenarios: (Scenario & { key: string })[]) {
  const saved = { ...process.env };
  Object.assign(process.env, { DATABASE_URL: databaseUrl, REDIS_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' });
  const { createApp } = await import('../src/app.factory.js');
  const { queryCounter, installStatementCounter } = await import('../src/database/query-counter.js');
  installStatementCounter();
  const app = await createApp({ logger: ['error'] });
  process.env = saved;
  await app.listen(0, '127.0.0.1');
  const base = await app.getUrl();
  const counts: Record<string, number> = {};
  const recorded: Record<string, { sql: string; params: unknown[] }> = {};
  // The list floor decodes the rows of the recorded list statement as the api's repository does (timestamps to Dates).
  const { QuoteReadsRepository } = await import('../src/modules/quotes/repositories/quote-reads.repository.js');
  const decodeQuoteSet = app.get(QuoteReadsRepository).decodeSet;
  const warmUp = scenarios[0];
  try {
    // Requests before the counted ones: the first writes the key's last_used_at (after its response);
    // the key listener comes up meanwhile and empties the key cache, so a second request caches the
    // key for good. The counts are of requests after both.
    const warmUpRequest = () =>
      fetch(`${base.replace('[::1]', '127.0.0.1')}${warmUp.path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
        r.arrayBuffer(),
      );
    await warmUpRequest();
    await new Promise((r) => setTimeout(r, 1000));
    await warmUpRequest();
    for (const s of scenarios) {
      queryCounter.reset(true);
      const res = await fetch(`${base.replace('[::1]', '127.0.0.1')}${s.path}`, {
        method: s.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: s.body ? JSON.stringify(s.body()) : undefined,
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${s.method ?? 'GET'} ${s.path} → ${res.status}`);
      counts[s.key] = queryCounter.count;
      if (process.env.BENCH_SHOW_STATEMENTS)
        console.error(
          s.key,
          queryCounter.statements.map((q) => q.slice(0, 90)),
        );
      const last = queryCounter.statements.length - 1;
      if (last >= 0) recorded[s.key] = { sql: queryCounter.statements[last], params: queryCounter.parameters[last] };
    }
  } finally {
    await app.close();
  }
  return { counts, recorded, decodeQuoteSet };
}

/**
 * A worker process (send-quote consumer and webhook deliverer), resolved once it consumes the queue,
 * so start-up is not counted in a figure.
 */
export async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_WORKER_PROFILE=<file>: a CPU profile of the (first) worker over the measured run.
  const profile = process.env.BENCH_WORKER_PROFILE;
  const script = npmScript('worker');
  const args = [...script.flags, ...(profile ? ['--import', join(ROOT, 'dist/bench/cpu-profile.js')] : [])];
  const worker = spawn(process.execPath, [...args, join(ROOT, 'dist/src/worker.js')], {
    env: { ...process.env, ...script.env, ...env, LOG_LEVEL: 'info', ...(profile ? { CPU_PROFILE: profile } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the worker did not start consuming within 60 s')), 60_000);
    const exited = (code: number | null) => reject(new Error(`the worker exited (${code}) before consuming`));
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (!seen.includes('Consuming the send-quote queue')) return;
      clearTimeout(timer);
      worker.off('exit', exited);
      worker.stdout!.off('data', onData);
      resolve();
    };
    worker.once('exit', exited);
    worker.stdout!.on('data', onData);
  });
  // Keep reading, so a full pipe never stalls the worker.
  worker.stdout!.resume();
  return worker;
}
