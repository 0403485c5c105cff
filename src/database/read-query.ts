import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { countStatement } from './query-counter.js';

interface PgPool {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const names = new Map<string, string>();

/**
 * The name a statement is prepared under on each pooled connection: after its first run there,
 * a request sends only the statement's name and parameters, and PostgreSQL skips parsing the
 * (long, JSON-building) text again. The name follows from the text, so equal text shares it.
 */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `q${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    // The hot paths' statements are a bounded set (their texts come from entity metadata and
    // whitelisted sorts); the cap only guards against a caller that builds unbounded variety.
    if (names.size < 10_000) names.set(sql, name);
  }
  return name;
}

/**
 * A read statement of the hot paths. Outside a transaction it goes straight to the pg pool: the
 * same statement, counted the same way, with errors the exception filter maps as TypeORM's, minus
 * TypeORM's query-runner set-up per call. Inside a transaction (or on the embedded database, whose
 * pool runs through TypeORM) it is an ordinary `manager.query`. On the pool the statement is a
 * named prepared statement (see statementName).
 */
export async function readQuery<T>(m: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const pool = (m.connection.driver as { master?: Partial<PgPool> }).master;
  if (m.queryRunner || typeof pool?.query !== 'function') return (await m.query(sql, params)) as T[];
  countStatement(sql, params);
  try {
    return (await (pool as PgPool).query({ name: statementName(sql), text: sql, values: params })).rows as T[];
  } catch (err) {
    // A statement PostgreSQL refused, as TypeORM reports it; connection failures go as they are.
    if (err instanceof Error && 'severity' in err) throw new QueryFailedError(sql, params, err);
    throw err;
  }
}
