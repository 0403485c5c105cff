import type pg from 'pg';

const direct = new WeakSet<object>();

/**
 * Proves whether a new pool connection is a session of its own on one PostgreSQL backend, which
 * then runs every statement it sends (pg-pool's `onConnect`, awaited before the connection is first
 * used). PostgreSQL tells a client its backend's pid at login (BackendKeyData); a pooler answers the
 * login itself with a made-up pid, since it hands the client a server session of its choice per
 * transaction (PgBouncer in transaction mode). So the connection is direct when the pid announced
 * is the pid of the backend that answers. Only then may it hold named prepared statements
 * (runStatement): behind a transaction-mode pooler the next statement may run in another session,
 * where the name does not exist, or already exists (docs/api.md#poolers).
 */
export async function proveDirectSession(client: pg.ClientBase): Promise<void> {
  // Set by pg from BackendKeyData (not in its type declarations).
  const announced = (client as { processID?: number | null }).processID;
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  if (typeof announced === 'number' && rows[0]?.pid === announced) direct.add(client);
}

/** True for a connection proveDirectSession found to be a session on the backend itself. */
export function isDirectSession(client: object): boolean {
  return direct.has(client);
}
