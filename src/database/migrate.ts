import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { DataSource, Migration } from 'typeorm';

/**
 * The advisory lock every process of this app takes around its migrations (a fixed, arbitrary
 * number: "store-api migrations"). Any number of api, worker and cli processes may start together
 * on an empty database; one applies the migrations, the others wait, then find nothing to do.
 */
const MIGRATIONS_LOCK_KEY = 4_242_771_501;

/** How often a process that found the lock taken asks again. */
const LOCK_POLL_MS = 200;

/**
 * Applies the pending migrations, one transaction each. On PostgreSQL the run is guarded by an
 * advisory lock on a connection of its own, outside the pool, to `lockUrl` (DATABASE_DIRECT_URL;
 * default: the data source's own URL). Without the lock, two processes creating the `migrations`
 * table at once fail with `duplicate key value violates unique constraint "pg_type_typname_nsp_index"`.
 * The embedded database (PGlite) belongs to one process, so it needs no lock.
 *
 * The lock is a transaction's (`pg_try_advisory_xact_lock` in a transaction held open while the
 * migrations run on the pool), not a session's, so it holds even when `lockUrl` goes through a
 * transaction-mode pooler: an open transaction keeps its server session, and its end, or the death
 * of this process, releases the lock. A session lock through such a pooler stays on the pooled
 * server session after the process left (the next process then waits for ever) and is granted
 * again to whichever process next gets that session (two processes migrate at once). A waiting
 * process asks again every LOCK_POLL_MS in a short transaction of its own rather than blocking
 * in one: blocked waiters would each pin a pooled server session, and a pool that small could
 * leave the holder none to migrate with.
 */
export async function runPendingMigrations(ds: DataSource, lockUrl: string | null, onWait?: () => void): Promise<Migration[]> {
  const url = (ds.options as { url?: string }).url;
  if (!url) return ds.runMigrations({ transaction: 'each' });
  const lock = new pg.Client({ connectionString: lockUrl ?? url, connectionTimeoutMillis: 5000 });
  // An error on the idle lock connection ends the session (and the lock with it); it must not crash the process.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    for (let waited = false; ; waited = true) {
      await lock.query('BEGIN');
      const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [MIGRATIONS_LOCK_KEY]);
      if (rows[0].locked) break;
      await lock.query('ROLLBACK');
      if (!waited) onWait?.();
      await sleep(LOCK_POLL_MS);
    }
    return await ds.runMigrations({ transaction: 'each' });
  } finally {
    // Ending the transaction releases the lock, even when the migrations failed; ending the
    // session does too, should the ROLLBACK not get through.
    await lock.query('ROLLBACK').catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
