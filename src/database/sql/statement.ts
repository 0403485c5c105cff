import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { isDirectSession } from '../direct-session.js';
import { fallbackAfter } from '../replicas/failover-pool.js';
import { countStatement } from '../query-counter.js';

interface PgClient {
  query(query: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface PgPoolClient extends PgClient {
  release(err?: Error): void;
  on(event: 'error', listener: (err: Error) => void): unknown;
  removeListener(event: 'error', listener: (err: Error) => void): unknown;
}

interface PgPool {
  query: unknown;
  connect(): Promise<PgPoolClient>;
}

const names = new Map<string, string>();
const MAX_PREPARED = 500;

/**
 * The name a statement is prepared under on each pooled connection that is a direct session (see
 * isDirectSession): after its first run there, a request sends only the statement's name and
 * parameters, and PostgreSQL skips parsing and planning the (long, JSON-building) text again. The
 * name follows from the text, so equal text shares it.
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
   * Send it as a named prepared statement (the default) where the connection is a direct session.
   * Off for statements whose text varies with the input (multi-row writes, pages with filters), so
   * no connection collects their plans.
   */
  prepare?: boolean;
}

/**
 * One hand-written statement, read or write, on `m` (the data source's manager, or a
 * transaction's). On PostgreSQL it goes straight to pg: outside a transaction to a connection of
 * the pool, inside one to the client the transaction's query runner holds. The same statement,
 * counted the same way, with errors the exception filter maps as TypeORM's, minus TypeORM's
 * query-runner work per call. On the embedded database, whose pool runs through TypeORM, it is an
 * ordinary `manager.query`.
 *
 * On a connection proven to be a direct session (isDirectSession) it is sent as a named prepared
 * statement (see statementName), so PostgreSQL parses and plans it once per connection; through a
 * pooler (DATABASE_URL at PgBouncer in transaction mode), always unnamed (docs/api.md#poolers).
 * bench/README.md has what the names save.
 */
/**
 * The pg client a transaction of `m` holds on PostgreSQL (what a COPY is sent on); undefined on the
 * embedded database or outside a transaction.
 */
export function heldPgClient(m: EntityManager): object | undefined {
  const pool = (m.connection.driver as { master?: Partial<PgPool> }).master;
  if (typeof pool?.query !== 'function' || typeof pool.connect !== 'function' || !m.queryRunner) return undefined;
  const held = (m.queryRunner as { databaseConnection?: PgClient }).databaseConnection;
  return typeof held?.query === 'function' ? held : undefined;
}

export async function runStatement<T>(m: EntityManager, sql: string, params: unknown[], options: StatementOptions = {}): Promise<T[]> {
  const pool = (m.connection.driver as { master?: Partial<PgPool> }).master;
  if (typeof pool?.query !== 'function' || typeof pool.connect !== 'function') return rowsOf<T>(await m.query(sql, params));
  // In a transaction: the pg client the transaction's query runner holds (BEGIN was sent on it).
  const held = m.queryRunner ? (m.queryRunner as { databaseConnection?: PgClient }).databaseConnection : undefined;
  if (m.queryRunner && typeof held?.query !== 'function') return rowsOf<T>(await m.query(sql, params));
  countStatement(sql, params);
  try {
    if (held) return await send(held, sql, params, options);
    try {
      return await sendOnPool<T>(pool as PgPool, sql, params, options);
    } catch (err) {
      // A read replica that went away (or cancelled the statement for replay): the primary answers.
      const other = fallbackAfter(pool, err);
      if (!other) throw err;
      return await sendOnPool<T>(other as unknown as PgPool, sql, params, options);
    }
  } catch (err) {
    // A statement PostgreSQL refused, as TypeORM reports it; connection failures go as they are.
    if (err instanceof Error && 'severity' in err) throw new QueryFailedError(sql, params, err);
    throw err;
  }
}

/**
 * The rows of what TypeORM's `query` answered: an UPDATE or DELETE … RETURNING comes as `[rows,
 * affected count]` (the embedded database's driver), every other statement as its rows. A row is an
 * object, never an array, so the pair cannot be mistaken for rows.
 */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** On a connection of the pool, given back afterwards (as broken when the statement broke it). */
async function sendOnPool<T>(pool: PgPool, sql: string, params: unknown[], options: StatementOptions): Promise<T[]> {
  const client = await pool.connect();
  // As pg's own pool.query does. A connection that dies under the statement fails it, and pg also
  // emits the error on the client, which nobody else listens to while it is out of the pool.
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    const rows = await send<T>(client, sql, params, options);
    client.removeListener('error', ignore);
    client.release();
    return rows;
  } catch (err) {
    // And a connection whose statement failed is not handed out again.
    client.removeListener('error', ignore);
    client.release(err as Error);
    throw err;
  }
}

async function send<T>(client: PgClient, sql: string, params: unknown[], options: StatementOptions): Promise<T[]> {
  const name = options.prepare === false || !isDirectSession(client) ? undefined : statementName(sql);
  return (await client.query({ name, text: sql, values: params })).rows as T[];
}
