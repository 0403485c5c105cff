import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PG_URL } from './global-setup.js';
import { freePort, waitFor } from './processes.js';

/** Debian's package puts it here (`apt-get install pgbouncer`; `.ci/run` does); PGBOUNCER_BIN overrides. */
const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** Its port on 127.0.0.1. */
  port: number;
  /** A database URL of the test server (`createTestDatabase().url`) with PgBouncer's host and port put in. */
  url(directUrl: string): string;
  /** What PgBouncer logged so far. */
  output(): string;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

/**
 * A real PgBouncer (the distribution's binary) on 127.0.0.1 and a free port, in front of the test
 * PostgreSQL server (TEST_DATABASE_URL), the way docs/api.md#poolers expects deployments to run it:
 * `pool_mode = transaction`, no prepared-statement support (`max_prepared_statements` is not set,
 * and PgBouncer 1.18 has none), and a small pool per database (`poolSize`, default 4), so the
 * clients of a spec really share server sessions: what one client leaves in a session (a prepared
 * statement, a session lock, a LISTEN) is met by the next. Any database name is forwarded as it is.
 * Trust authentication, as the test server's own; the machine's PostgreSQL is never reconfigured.
 */
export async function startPgBouncer(opts: { poolSize?: number; server?: string } = {}): Promise<PgBouncer> {
  try {
    accessSync(PGBOUNCER_BIN, constants.X_OK);
  } catch {
    throw new Error(`PgBouncer is not installed at ${PGBOUNCER_BIN}: apt-get install pgbouncer (.ci/run does), or set PGBOUNCER_BIN.`);
  }
  // In front of the test server, or of another one (a spec's own primary: `server`).
  const server = new URL(opts.server ?? TEST_PG_URL);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'store-pgbouncer-'));
  // Run as root, PgBouncer switches to an unprivileged user (`-u`), which must read these files.
  chmodSync(dir, 0o755);
  const target = [`host=${server.hostname}`, `port=${server.port || '5432'}`, `user=${user}`];
  if (server.password) target.push(`password=${decodeURIComponent(server.password)}`);
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = ${target.join(' ')}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 4}`,
      'max_client_conn = 1000',
      // A client waiting this long for a server session gets an error rather than a hang.
      'query_wait_timeout = 30',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const args = [join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) args.unshift('-u', 'nobody');
  const child: ChildProcess = spawn(PGBOUNCER_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}:\n${out}`);
      return out.includes(`listening on 127.0.0.1:${port}`);
    }, `pgbouncer to listen on ${port}`);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    port,
    url: (directUrl) => {
      const u = new URL(directUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    output: () => out,
    close,
  };
}
