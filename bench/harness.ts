import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = join(import.meta.dirname, '..', '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** A fresh body per request (unique keys for creates). */
  body?: () => unknown;
}

export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A fresh database for the run, reachable as `url`. */
export async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = 'store_bench';
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function mintKey(databaseUrl: string): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli.js'), 'api-key:create', '--name', 'bench', '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`could not mint a key: ${r.stdout}${r.stderr}`);
  return (JSON.parse(r.stdout) as { access_token: string }).access_token;
}

/** Starts the built api and resolves once /health answers (logs may be quiet). */
export async function startApi(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/src/main.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 600 && !exited; i++) {
    const up = await fetch(`http://127.0.0.1:${env.PORT}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`api did not start:\n${errors}`);
}

/** Peak resident set size of a process in MiB (Linux). */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function measure(base: string, token: string | null, s: Scenario, seconds: number, connections: number): Promise<Figure> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
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
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

export function table(figures: Figure[], baseline: Figure): string {
  const rows = figures.map((f) => [
    f.name,
    String(f.rps),
    `${f.p50} ms`,
    `${f.p99} ms`,
    (f.rps / baseline.rps).toFixed(2),
    String(f.errors),
  ]);
  const head = ['scenario', 'req/s', 'p50', 'p99', 'vs baseline', 'non-2xx'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
