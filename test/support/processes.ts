import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
export const DIST = join(ROOT, 'dist', 'src');

/** The environment of a clean machine: none of the app's variables set unless given. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'DATA_DIR', 'MIGRATIONS_RUN', 'NODE_OPTIONS']) delete env[k];
  return { ...env, ...extra };
}

/** Runs a built entrypoint to completion (`node dist/src/<file>.js …`). */
export function runNode(file: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [join(DIST, file), ...args], { env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
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
  const child = spawn(process.execPath, [join(DIST, file)], { env: cleanEnv(env) });
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
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
