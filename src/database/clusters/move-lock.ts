import pg from 'pg';

/** The class of the advisory locks a store's move takes on the home (a fixed, arbitrary number: "store moves"); the store's id is the other key. */
const MOVE_LOCK_CLASS = 4_242_771;

/**
 * Takes the lock of a move of the store `storeId` on a session of its own to `url` (the home's
 * direct URL, never through a transaction-mode pooler, as the migration lock: migrate.ts): one move
 * of a store at a time. Answers how to give it back, or null when another move holds it. The
 * session's end gives it back too, so a move that dies never leaves it taken.
 */
export async function lockStoreMove(url: string, storeId: number): Promise<(() => Promise<void>) | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // An error on the idle session ends it (and the lock with it); it must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [MOVE_LOCK_CLASS, storeId]);
  if (!rows[0].locked) {
    await client.end();
    return null;
  }
  return () => client.end().catch(() => undefined);
}
