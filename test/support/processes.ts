import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import type pg from 'pg';
import { eventually } from './eventually.js';
import { startTcpProxy } from './tcp-proxy.js';

const ROOT = join(import.meta.dirname, '..', '..');
export const DIST = join(ROOT, 'dist', 'src');

/**
 * Every process started here that has not exited yet. A test that fails half-way leaves its processes
 * running; they are killed after the spec file (below), so that none outlives it, writes into a
 * directory being removed, or holds jest open after the run.
 */
const running = new Set<ChildProcess>();

function tracked<C extends ChildProcess>(child: C): C {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Kills (SIGKILL) every process this module started that still runs, and waits until each has exited. */
export async function killStarted(): Promise<void> {
  await Promise.all([...running].map((child) => stop(child, 'SIGKILL')));
}

// Registered in each spec file that imports this module (jest's globals exist only under jest).
if (typeof afterAll === 'function') afterAll(killStarted);

/** The environment of a clean machine: none of the app's variables set unless given. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of [
    'DATABASE_URL',
    'DATABASE_DIRECT_URL',
    'REDIS_URL',
    'REDIS_SENTINELS',
    'REDIS_SENTINEL_NAME',
    'SMTP_URL',
    'STORE_URL',
    'TRUST_PROXY',
    'PORT',
    'DATA_DIR',
    'MIGRATIONS_RUN',
    'NODE_OPTIONS',
  ])
    delete env[k];
  return { ...env, ...extra };
}

/** Runs a built entrypoint to completion (`node dist/src/<file>.js …`). */
export function runNode(file: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [join(DIST, file), ...args], { env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs a built entrypoint to its end without blocking the test (others may start meanwhile); one
 * still running after `timeoutMs` is killed and answers `code: null`.
 */
export function runNodeAsync(
  file: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; out: string }> {
  const child = tracked(spawn(process.execPath, [join(DIST, file), ...args], { env: cleanEnv(env) }));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    }),
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts a built entrypoint and resolves once its output matches `ready` (or rejects on exit/timeout). */
export function startNode(
  file: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = tracked(spawn(process.execPath, [join(DIST, file)], { env: cleanEnv(env) }));
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${out}`));
    });
  });
}

export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    // A child already gone (by exit or by signal) fires no further 'exit'.
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

/**
 * The built api (`node dist/src/main.js`) with exactly `env` (and a free PORT), on whatever database
 * `env` names; ready once /health answers.
 */
export async function startApiWith(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = tracked(spawn(process.execPath, [join(DIST, 'main.js')], { env: cleanEnv({ ...env, PORT: String(port) }) }));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}:\n${out}`);
      return (await fetch(`${url}/health`).catch(() => null))?.ok;
    },
    'the api to answer /health',
    60_000,
  );
  return { url, child, output: () => out };
}

/** A built api (`node dist/src/main.js`) on a new PostgreSQL database, with a key holding every scope. */
export interface ApiProcess {
  url: string;
  port: number;
  token: string;
  /** The spec's database, reached directly (not through whatever DATABASE_URL the api was given). */
  dbUrl: string;
  child: ChildProcess;
  output(): string;
  /** Kills the api if it still runs and drops the database. */
  close(): Promise<void>;
}

export async function startApi(
  label: string,
  env: Record<string, string> | ((dbUrl: string) => Record<string, string>) = {},
  opts: { detached?: boolean } = {},
): Promise<ApiProcess> {
  // Imported here so the specs that only run processes do not load the app's modules.
  const { createTestDatabase } = await import('./test-app.js');
  const db = await createTestDatabase(label);
  try {
    const created = runNode('cli.js', ['api-key:create', '--name', label, '--json'], { DATABASE_URL: db.url });
    if (created.status !== 0) throw new Error(`api-key:create failed: ${created.stdout}${created.stderr}`);
    const token = (JSON.parse(created.stdout) as { access_token: string }).access_token;
    const port = await freePort();
    const extra = typeof env === 'function' ? env(db.url) : env;
    const url = `http://127.0.0.1:${port}`;
    const child = tracked(
      spawn(process.execPath, [join(DIST, 'main.js')], {
        env: cleanEnv({ DATABASE_URL: db.url, PORT: String(port), ...extra }),
        // Detached: the api leads a process group of its own, which a test can signal as a terminal would.
        detached: opts.detached ?? false,
      }),
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    // Ready when /health answers: the log may be too quiet (LOG_LEVEL) to say so.
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode} before it was ready:\n${out}`);
      const ok = await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the api was not ready in 60 s:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const output = () => out;
    return {
      url,
      port,
      token,
      dbUrl: db.url,
      child,
      output,
      close: async () => {
        await stop(child, 'SIGKILL');
        await db.drop();
      },
    };
  } catch (err) {
    await db.drop();
    throw err;
  }
}

/** The JSON lines a process printed (its pino logs), skipping anything else. */
export function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A TCP relay in front of `target` that a test can cut and restore (see tcp-proxy.ts). */
export const tcpProxy = (target: { host: string; port: number }) => startTcpProxy({ target });

/**
 * Polls `check` until it returns a truthy value (which is returned) or `timeoutMs` passes; an error
 * thrown by `check` counts as "not yet" and is named in the timeout's message. Built on `eventually`
 * (support/eventually.ts), which polls assertions.
 */
export function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  let last: unknown;
  return eventually(
    async () => {
      const value = await Promise.resolve()
        .then(check)
        .catch((err: unknown) => void (last = err));
      // Thrown on every try that is not there yet; the one thrown at the deadline is what the caller sees.
      if (!value) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
      return value as NonNullable<T>;
    },
    { timeoutMs },
  );
}

/**
 * Waits until one session of the locker's database waits on a lock: the request a test holds in
 * flight with a row lock taken on `locker`. The locker is inside its transaction, where
 * pg_stat_activity is a snapshot taken at its first read, so the snapshot is cleared before each
 * read (else a first read that came too early would be seen for ever).
 */
export async function oneWaitingOnLock(locker: pg.Client, what: string): Promise<void> {
  await waitFor(async () => {
    await locker.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await locker.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    return rows[0].n === 1;
  }, what);
}

/** Removes the Redis keys of a spec's QUEUE_PREFIX. */
export async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
