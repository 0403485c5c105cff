import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { countStatement } from '../query-counter.js';

interface PgPool {
  query(query: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const names = new Map<string, string>();
const MAX_PREPARED = 500;

/**
 * The name a statement is prepared under on each pooled connection: after its first run there,
 * a request sends only the statement's name and parameters, and PostgreSQL skips parsing the
 * (long, JSON-building) text again. The name follows from the text, so equal text shares it.
 */
function statementName(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined) {
    // The hot paths' statements are a bounded set (their texts come from entity metadata and
    // whitelisted sorts); past the cap a new text runs unnamed, so no connection holds an
    // unbounded number of prepared statements. Statements whose shape varies with the input
    // (multi-row writes) opt out with `{ prepare: false }`.
    if (names.size >= MAX_PREPARED) return undefined;
    name = `q${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

export interface StatementOptions {
  /**
   * Send it as a named prepared statement (the default). Off for statements whose text varies with
   * the input (multi-row writes, pages with filters), so no connection collects their plans.
   */
  prepare?: boolean;
}

/**
 * One hand-written statement, read or write, on `m` (the data source's manager, or a
 * transaction's). On PostgreSQL it goes straight to pg, as a named prepared statement (see
 * statementName): outside a transaction to the pool, inside one to the client the transaction's
 * query runner holds. The same statement, counted the same way, with errors the exception filter
 * maps as TypeORM's, minus TypeORM's query-runner work per call. On the embedded database, whose
 * pool runs through TypeORM, it is an ordinary `manager.query`.
 */
export async function runStatement<T>(m: EntityManager, sql: string, params: unknown[], options: StatementOptions = {}): Promise<T[]> {
  const pool = (m.connection.driver as { master?: Partial<PgPool> }).master;
  // In a transaction: the pg client the transaction's query runner holds (BEGIN was sent on it).
  const target = m.queryRunner ? (m.queryRunner as { databaseConnection?: Partial<PgPool> }).databaseConnection : pool;
  if (typeof pool?.query !== 'function' || typeof target?.query !== 'function') return (await m.query(sql, params)) as T[];
  countStatement(sql, params);
  try {
    const name = options.prepare === false ? undefined : statementName(sql);
    return (await (target as PgPool).query({ name, text: sql, values: params })).rows as T[];
  } catch (err) {
    // A statement PostgreSQL refused, as TypeORM reports it; connection failures go as they are.
    if (err instanceof Error && 'severity' in err) throw new QueryFailedError(sql, params, err);
    throw err;
  }
}
