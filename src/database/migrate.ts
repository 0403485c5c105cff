import pg from 'pg';
import type { DataSource, Migration } from 'typeorm';

/**
 * The advisory lock every process of this app takes around its migrations (a fixed, arbitrary
 * number: "store-api migrations"). Any number of api, worker and cli processes may start together
 * on an empty database; one applies the migrations, the others wait, then find nothing to do.
 */
export const MIGRATIONS_LOCK_KEY = 4_242_771_501;

/**
 * Applies the pending migrations, one transaction each. On PostgreSQL the run is wrapped in
 * `pg_advisory_lock` taken on a connection of its own, outside the pool: if this process dies or
 * its connection drops, PostgreSQL releases the lock with the session, so no other process can wait
 * on it forever. Without the lock, two processes creating the `migrations` table at once fail with
 * `duplicate key value violates unique constraint "pg_type_typname_nsp_index"`. The embedded
 * database (PGlite) belongs to one process, so it needs no lock.
 */
export async function runPendingMigrations(ds: DataSource, onWait?: () => void): Promise<Migration[]> {
  const url = (ds.options as { url?: string }).url;
  if (!url) return ds.runMigrations({ transaction: 'each' });
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // An error on the idle lock connection ends the session (and the lock with it); it must not crash the process.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATIONS_LOCK_KEY]);
    if (!rows[0].locked) {
      onWait?.();
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    }
    return await ds.runMigrations({ transaction: 'each' });
  } finally {
    // Ending the session releases the lock, even when the migrations failed.
    await lock.end().catch(() => undefined);
  }
}
