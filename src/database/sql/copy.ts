import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { currentStoreId } from '../store-scope.js';
import type { EntityManager } from 'typeorm';
import { countStatement } from '../query-counter.js';
import { heldPgClient, runStatement } from './statement.js';

/** One row of a COPY: integers and text (null for SQL NULL). */
export type CopyRow = (number | string | null)[];

/** A column of a COPY and the PostgreSQL type its values are read as on the embedded database. */
export interface CopyColumn {
  name: string;
  type: 'int' | 'text';
}

/**
 * A value in COPY's text format: `\N` for NULL; backslash, newline, carriage return and tab escaped
 * (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format").
 */
function copyText(value: number | string | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\n\r\t]/.test(value) ? value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A pg client as a transaction's query runner holds it. */
interface PgCopyClient {
  query(stream: Writable): Writable;
}

/**
 * Writes rows into `table` as they come, in the transaction of `m`: on PostgreSQL one `COPY … FROM
 * STDIN` for all of them, fed with backpressure (a file larger than memory streams through); on the
 * embedded database, which has no COPY from a client, one multi-row INSERT per group. `table` and the
 * column names come from code (entity metadata), never from input. Answers the number of rows.
 */
export async function copyRows(m: EntityManager, table: string, columns: CopyColumn[], groups: AsyncIterable<CopyRow[]>): Promise<number> {
  const client = heldPgClient(m) as PgCopyClient | undefined;
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  let count = 0;
  if (client) {
    // PostgreSQL takes no COPY FROM into a table under row-level security from a role it holds: a
    // store's COPY runs as the session's own user for that statement only, its rows still the
    // store's (their store_id is the column's default, the transaction's store; no row is read).
    const role = currentStoreId() === undefined ? null : await leaveAppRole(m);
    const sql = `COPY ${table} (${names}) FROM STDIN`;
    countStatement(sql, []);
    const stream = client.query(copyFrom(sql)) as Writable;
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    try {
      for await (const rows of groups) {
        if (rows.length === 0) continue;
        count += rows.length;
        const text = rows.map((r) => r.map(copyText).join('\t')).join('\n') + '\n';
        if (!stream.write(text)) await Promise.race([once(stream, 'drain'), done]);
      }
      stream.end();
      await done;
      if (role !== null) await runStatement(m, "SELECT set_config('role', $1, true)", [role]);
    } catch (err) {
      // CopyFail: the server drops what it took, and the transaction is left to roll back.
      stream.destroy(err as Error);
      await done.catch(() => undefined);
      throw err;
    }
    return count;
  }
  const sql = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(` + columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ') + ')';
  for await (const rows of groups) {
    if (rows.length === 0) continue;
    count += rows.length;
    await runStatement(
      m,
      sql,
      columns.map((_, i) => rows.map((r) => r[i])),
      { prepare: false },
    );
  }
  return count;
}

/** Switches the transaction from the app role back to the session's user; answers the role it left. */
async function leaveAppRole(m: EntityManager): Promise<string> {
  const [{ role }] = await runStatement<{ role: string }>(
    m,
    // The role is read in a subquery first (OFFSET 0 keeps it apart), then left.
    "SELECT r.role, set_config('role', 'none', true) FROM (SELECT current_setting('role') AS role OFFSET 0) r",
    [],
  );
  return role;
}
