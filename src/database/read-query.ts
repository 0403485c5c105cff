import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { countStatement } from './query-counter.js';

interface PgPool {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A read statement of the hot paths. Outside a transaction it goes straight to the pg pool: the
 * same statement, counted the same way, with errors the exception filter maps as TypeORM's, minus
 * TypeORM's query-runner set-up per call. Inside a transaction (or on the embedded database, whose
 * pool runs through TypeORM) it is an ordinary `manager.query`.
 */
export async function readQuery<T>(m: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const pool = (m.connection.driver as { master?: Partial<PgPool> }).master;
  if (m.queryRunner || typeof pool?.query !== 'function') return (await m.query(sql, params)) as T[];
  countStatement(sql, params);
  try {
    return (await (pool as PgPool).query(sql, params)).rows as T[];
  } catch (err) {
    // A statement PostgreSQL refused, as TypeORM reports it; connection failures go as they are.
    if (err instanceof Error && 'severity' in err) throw new QueryFailedError(sql, params, err);
    throw err;
  }
}
