import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, waitFor } from './processes.js';

/** PostgreSQL's own programs (Debian's postgresql-15 package; PG_BIN overrides). */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` of the primary. */
  primaryUrl: string;
  /** The same for the streaming replica. */
  replicaUrl: string;
  /** A database's URL on the primary (`on('primary', 'shop')`) or the replica. */
  on(server: 'primary' | 'replica', database: string): string;
  /** SQL on the primary's `postgres` database. */
  primarySql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** SQL on the replica's `postgres` database. */
  replicaSql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Stops applying WAL on the replica (`pg_wal_replay_pause()`): it keeps answering, with old data. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops the replica's server (fast shutdown) / starts it again on the same port. */
  stopReplica(): void;
  startReplica(): void;
  /** Stops both servers and removes their directories. */
  close(): void;
}

/**
 * A primary and a streaming replica of PostgreSQL, made for one spec in a temporary directory with
 * PostgreSQL's own `initdb` and `pg_basebackup`, on free ports of 127.0.0.1, trust authentication,
 * `fsync` off (nothing here outlives the spec). The machine's own server is never touched. The
 * programs refuse to run as root, so when the spec runs as root they run as the `postgres` user.
 * `walLevel: 'logical'` lets it publish (a store's move); `replica: false` makes the primary alone.
 */
export async function startPgCluster(options: { walLevel?: 'replica' | 'logical'; replica?: boolean } = {}): Promise<PgCluster> {
  const { walLevel = 'replica', replica = true } = options;
  const dir = mkdtempSync(join(tmpdir(), 'store-pg-cluster-'));
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const as = runAs();
  if (as.uid !== undefined) chownSync(dir, as.uid, as.gid!);
  const run = (program: string, args: string[]) => {
    const r = spawnSync(join(PG_BIN, program), args, { encoding: 'utf8', uid: as.uid, gid: as.gid, cwd: dir, timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  };
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      `wal_level = ${walLevel}`,
      'max_wal_senders = 10',
      'max_replication_slots = 10',
      'hot_standby = on',
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 32MB',
      'max_connections = 200',
      // A replica's reads are never cancelled by replay in these specs' short tests.
      'max_standby_streaming_delay = -1',
      'wal_receiver_status_interval = 1s',
      'logging_collector = off',
    ].join('\n') + '\n';

  let replicaStarted = false;
  let primaryStarted = false;
  const stopServer = (d: string) => {
    if (existsSync(join(d, 'postmaster.pid'))) {
      spawnSync(join(PG_BIN, 'pg_ctl'), ['-D', d, '-m', 'immediate', '-w', 'stop'], { uid: as.uid, gid: as.gid, timeout: 30_000 });
    }
  };
  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    appendFileSync(join(primaryDir, 'postgresql.conf'), settings(primaryPort));
    run('pg_ctl', ['-D', primaryDir, '-l', join(dir, 'primary.log'), '-w', 'start']);
    primaryStarted = true;
    if (replica) {
      run('pg_basebackup', [
        '-D',
        replicaDir,
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-X',
        'stream',
        '-R',
        '--no-sync',
      ]);
      appendFileSync(join(replicaDir, 'postgresql.conf'), settings(replicaPort));
      run('pg_ctl', ['-D', replicaDir, '-l', join(dir, 'replica.log'), '-w', 'start']);
      replicaStarted = true;
    }
  } catch (err) {
    if (replicaStarted) stopServer(replicaDir);
    if (primaryStarted) stopServer(primaryDir);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const sql = async <T>(port: number, text: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url(port, 'postgres') });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const cluster: PgCluster = {
    primaryUrl: url(primaryPort, 'postgres'),
    replicaUrl: url(replicaPort, 'postgres'),
    on: (server, database) => url(server === 'primary' ? primaryPort : replicaPort, database),
    primarySql: (text, params) => sql(primaryPort, text, params),
    replicaSql: (text, params) => sql(replicaPort, text, params),
    pauseReplay: async () => {
      await sql(replicaPort, 'SELECT pg_wal_replay_pause()');
      await waitFor(
        async () => (await sql<{ s: string }>(replicaPort, 'SELECT pg_get_wal_replay_pause_state() AS s'))[0].s === 'paused',
        'replay paused',
      );
    },
    resumeReplay: async () => {
      await sql(replicaPort, 'SELECT pg_wal_replay_resume()');
    },
    caughtUp: async () => {
      const [{ lsn }] = await sql<{ lsn: string }>(primaryPort, 'SELECT pg_current_wal_lsn()::text AS lsn');
      await waitFor(
        async () => (await sql<{ ok: boolean }>(replicaPort, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn]))[0].ok,
        `the replica to replay up to ${lsn}`,
      );
    },
    stopReplica: () => {
      run('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
    },
    startReplica: () => {
      run('pg_ctl', ['-D', replicaDir, '-l', join(dir, 'replica.log'), '-w', 'start']);
    },
    close: () => {
      stopServer(replicaDir);
      stopServer(primaryDir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** `text` on the database at `url`, on a connection of its own: its rows. */
export async function sqlAt<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Whom PostgreSQL's programs run as: this user, or `postgres` when this is root (initdb refuses root). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}
