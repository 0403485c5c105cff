import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageRequest, PageRows } from '../../../common/paging/page-request.js';
import { RELEASE_CLAIM_SQL, heldWithSql } from '../../../database/sql/claims.js';
import { type CopyRow, copyRows } from '../../../database/sql/copy.js';
import { inSavepoint } from '../../../database/sql/savepoint.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { purgeDueSql } from './bulk-jobs.repository.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table, tableOf } from '../../../database/table.js';
import { Import, ImportLine, ImportResult } from '../bulk.entities.js';
import { BULK_RESOURCES, type BulkResource } from '../domain/bulk-resources.js';
import type { ImportStatus, LineStatus } from '../domain/bulk-status.js';

/** A stored line as the runner reads it: `body` null when it is not text, '' when it was too long. */
export interface StoredLine {
  line: number;
  body: string | null;
}

/** One line's result as it is recorded. */
export interface LineResult {
  line: number;
  status: LineStatus;
  id: number | null;
  key: string | null;
  errors: Record<string, string[]> | null;
}

/** `r.resource IN (…)` of bulk resources: the literals are BULK_RESOURCES' own, checked here. */
export function resourceCondition(resources: readonly BulkResource[]): string {
  const names = resources.filter((r) => (BULK_RESOURCES as readonly string[]).includes(r));
  return names.length ? `r.resource IN (${names.map((r) => `'${r}'`).join(', ')})` : 'false';
}

/** One group of lines, as an upload yields them (the snapshot's example). */
async function* oneGroup(lines: StoredLine[]): AsyncGenerator<StoredLine[]> {
  yield lines;
}

const TOKEN = '00000000-0000-4000-8000-000000000001';

/**
 * Every statement on imports, their lines and their results. Lines go in with COPY (copyRows) as
 * the upload streams; the runner reads them a chunk at a time and records a chunk's results and
 * counts in one statement, fenced by its claim token, in the transaction of the chunk's changes.
 */
@Injectable()
export class ImportsRepository {
  readonly imports: Table<Import>;
  private readonly importsTable: string;
  private readonly linesTable: string;
  private readonly resultsTable: string;

  constructor(dataSource: DataSource) {
    this.imports = new Table(dataSource, Import, { alt: null, label: 'Import' });
    this.importsTable = tableOf(dataSource, Import);
    this.linesTable = tableOf(dataSource, ImportLine);
    this.resultsTable = tableOf(dataSource, ImportResult);
  }

  /** A new import of `resource`, not yet visible to the runners (its transaction is open while its lines are copied). */
  @GenerateSql({ args: [SqlArg.manager, 'products'] })
  async create(m: EntityManager, resource: string): Promise<Import> {
    const [row] = await runStatement<Import>(
      m,
      `WITH r AS (INSERT INTO ${this.importsTable} (resource) VALUES ($1) RETURNING *) SELECT * FROM r`,
      [resource],
    );
    return row;
  }

  /** The uploaded lines, as they come (one COPY on PostgreSQL). Answers how many. */
  @GenerateSql({ args: [SqlArg.manager, 1, oneGroup([{ line: 1, body: '{"sku":"A-1"}' }])] })
  copyLines(m: EntityManager, importId: number, groups: AsyncIterable<StoredLine[]>): Promise<number> {
    async function* rows(): AsyncGenerator<CopyRow[]> {
      for await (const group of groups) yield group.map((l) => [importId, l.line, l.body]);
    }
    return copyRows(
      m,
      this.linesTable,
      [
        { name: 'import_id', type: 'int' },
        { name: 'line', type: 'int' },
        { name: 'body', type: 'text' },
      ],
      rows(),
    );
  }

  /** `work` in a savepoint of the chunk's transaction: a refused line's writes roll back alone (see inSavepoint). */
  @GenerateSql({ args: [SqlArg.manager, async () => undefined] })
  applyAlone<T>(m: EntityManager, work: () => Promise<T>): Promise<T> {
    return inSavepoint(m, work);
  }

  /** The number of lines, once they are all in. */
  @GenerateSql({ args: [SqlArg.manager, 1, 10] })
  async setLines(m: EntityManager, id: number, lines: number): Promise<Import> {
    const [row] = await runStatement<Import>(
      m,
      `WITH r AS (UPDATE ${this.importsTable} SET lines = $2 WHERE id = $1 RETURNING *) SELECT * FROM r`,
      [id, lines],
    );
    return row;
  }

  /**
   * A page of imports (GET /imports) of `resources` (names from BULK_RESOURCES, never from input:
   * the resources the key reads), with equality filters.
   */
  @GenerateSql({
    args: [
      SqlArg.manager,
      { sort: 'id', column: 'id', order: 'DESC', limit: 10, page: 1, offset: 0 },
      ['products', 'customers'],
      { status: 'running' },
    ],
  })
  page(m: EntityManager, req: PageRequest, resources: readonly BulkResource[], where: Record<string, unknown>): Promise<PageRows<Import>> {
    return this.imports.page(m, req, { where, condition: resourceCondition(resources) });
  }

  /**
   * The next chunk's stored lines after file line `after`, in file order: at most `limit` lines and,
   * past the first (however long), at most `maxBytes` bytes of text (measured without reading it).
   */
  @GenerateSql({ args: [SqlArg.manager, 1, 0, 1000, 8 * 1024 * 1024] })
  nextLines(m: EntityManager, id: number, after: number, limit: number, maxBytes: number): Promise<StoredLine[]> {
    return runStatement<StoredLine>(
      m,
      `SELECT line, body FROM ${this.linesTable}
        WHERE import_id = $1 AND line > $2 AND line <= (${this.chunkEndSql()})
        ORDER BY line`,
      [id, after, limit, maxBytes],
    );
  }

  /** The line numbers of the chunk `nextLines` answers, without their text: a chunk given up on fails them. */
  @GenerateSql({ args: [SqlArg.manager, 1, 0, 1000, 8 * 1024 * 1024] })
  async nextLineNumbers(m: EntityManager, id: number, after: number, limit: number, maxBytes: number): Promise<number[]> {
    const rows = await runStatement<{ line: number }>(
      m,
      `SELECT line FROM ${this.linesTable}
        WHERE import_id = $1 AND line > $2 AND line <= (${this.chunkEndSql()})
        ORDER BY line`,
      [id, after, limit, maxBytes],
    );
    return rows.map((r) => r.line);
  }

  /** The last line of the chunk after line $2 of import $1: $3 lines at most, $4 bytes at most past the first. */
  private chunkEndSql(): string {
    return `SELECT coalesce(max(s.line), $2) FROM (
              SELECT line, row_number() OVER w AS n, sum(coalesce(octet_length(body), 0)) OVER w AS bytes
                FROM ${this.linesTable} WHERE import_id = $1 AND line > $2
              WINDOW w AS (ORDER BY line ROWS UNBOUNDED PRECEDING) ORDER BY line LIMIT $3) s
             WHERE s.n = 1 OR s.bytes <= $4`;
  }

  /**
   * A chunk's results and the import's counts and position, in one statement, under the holder's
   * token (the caller holds the row: BulkJobsRepository.lockHeld). Answers the import as it now is.
   */
  @GenerateSql({
    args: [SqlArg.manager, 1, TOKEN, [{ line: 1, status: 'created', id: 1, key: 'A-1', errors: null }]],
  })
  async recordChunk(m: EntityManager, id: number, token: string, results: LineResult[]): Promise<Import | null> {
    const [row] = await runStatement<Import>(
      m,
      `WITH r AS (
         SELECT * FROM json_to_recordset($3::json) AS x(line int, status text, id int, key text, errors jsonb)),
       i AS (
         INSERT INTO ${this.resultsTable} (import_id, line, status, resource_id, key, errors)
         SELECT $1, r.line, r.status, r.id, r.key, r.errors FROM r ORDER BY r.line),
       c AS (
         SELECT count(*)::int AS processed,
                count(*) FILTER (WHERE status = 'created')::int AS created,
                count(*) FILTER (WHERE status = 'updated')::int AS updated,
                count(*) FILTER (WHERE status = 'unchanged')::int AS unchanged,
                count(*) FILTER (WHERE status = 'failed')::int AS failed,
                max(line) AS last_line
           FROM r),
       u AS (
       UPDATE ${this.importsTable} t
          SET processed = t.processed + c.processed, created = t.created + c.created, updated = t.updated + c.updated,
              unchanged = t.unchanged + c.unchanged, failed = t.failed + c.failed,
              last_line = greatest(t.last_line, c.last_line), chunk_attempts = 0, chunk_error = null, updated_at = now()
         FROM c
        WHERE t.id = $1 AND ${heldWithSql('$2', 't')}
       RETURNING t.*)
       SELECT * FROM u`,
      [id, token, JSON.stringify(results)],
      { prepare: false },
    );
    return row ?? null;
  }

  /**
   * The end of an import under its holder's claim: its status (and why, when it failed), the claim
   * released, its stored lines removed. Null when the claim was no longer the holder's.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, TOKEN, 'completed', null] })
  async finish(m: EntityManager, id: number, token: string, status: ImportStatus, error: string | null): Promise<Import | null> {
    const [row] = await runStatement<Import>(
      m,
      `WITH d AS (DELETE FROM ${this.linesTable} WHERE import_id = $1 AND EXISTS (
                    SELECT 1 FROM ${this.importsTable} WHERE id = $1 AND ${heldWithSql('$2')})),
       u AS (
         UPDATE ${this.importsTable}
            SET status = $3, error = $4, chunk_attempts = 0, chunk_error = null, finished_at = now(), updated_at = now(),
                ${RELEASE_CLAIM_SQL}
          WHERE id = $1 AND ${heldWithSql('$2')}
         RETURNING *)
       SELECT * FROM u`,
      [id, token, status, error],
    );
    return row ?? null;
  }

  /**
   * POST /import/{id}/cancel: a queued or running import becomes cancelled (a chunk in progress
   * holds the row, so this waits for it and what it applied stays), its claim released and its
   * stored lines removed. Null when it was already finished (or does not exist).
   */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async cancel(m: EntityManager, id: number): Promise<Import | null> {
    const [row] = await runStatement<Import>(
      m,
      `WITH u AS (
         UPDATE ${this.importsTable}
            SET status = 'cancelled', finished_at = now(), updated_at = now(), ${RELEASE_CLAIM_SQL}
          WHERE id = $1 AND status IN ('queued', 'running')
         RETURNING *),
       d AS (DELETE FROM ${this.linesTable} WHERE import_id IN (SELECT id FROM u))
       SELECT * FROM u`,
      [id],
    );
    return row ?? null;
  }

  /**
   * A bounded step of the retention sweep: up to `rows` results and stored lines of the imports that
   * ended more than `days` days ago (the `jobs` that ended first) are deleted. Answers how many rows.
   */
  @GenerateSql({ args: [SqlArg.manager, 7, 100, 10000] })
  async deleteExpiredRows(m: EntityManager, days: number, jobs: number, rows: number): Promise<number> {
    const [row] = await runStatement<{ n: number }>(
      m,
      `WITH due AS (${purgeDueSql(this.importsTable)}),
       r AS (
         DELETE FROM ${this.resultsTable} t
          USING (SELECT import_id, line FROM ${this.resultsTable} WHERE import_id IN (SELECT id FROM due) LIMIT $3) x
          WHERE t.import_id = x.import_id AND t.line = x.line
         RETURNING 1),
       l AS (
         DELETE FROM ${this.linesTable} t
          USING (SELECT import_id, line FROM ${this.linesTable} WHERE import_id IN (SELECT id FROM due) LIMIT $3) x
          WHERE t.import_id = x.import_id AND t.line = x.line
         RETURNING 1)
       SELECT ((SELECT count(*) FROM r) + (SELECT count(*) FROM l))::int AS n`,
      [days, jobs, rows],
    );
    return row.n;
  }

  /** The imports (of the `jobs` that ended first, more than `days` days ago) with no rows left, marked purged; answers how many. */
  @GenerateSql({ args: [SqlArg.manager, 7, 100] })
  async markPurged(m: EntityManager, days: number, jobs: number): Promise<number> {
    const [row] = await runStatement<{ n: number }>(
      m,
      `WITH due AS (${purgeDueSql(this.importsTable)}),
       u AS (
         UPDATE ${this.importsTable} t SET purged_at = now()
           FROM due
          WHERE t.id = due.id
            AND NOT EXISTS (SELECT 1 FROM ${this.resultsTable} r WHERE r.import_id = t.id)
            AND NOT EXISTS (SELECT 1 FROM ${this.linesTable} l WHERE l.import_id = t.id)
         RETURNING t.id)
       SELECT count(*)::int AS n FROM u`,
      [days, jobs],
    );
    return row.n;
  }

  /** Up to `limit` results after file line `afterLine`, in file order: GET /import/{id}/results reads them page by page. */
  @GenerateSql({ args: [SqlArg.manager, 1, 0, 5000] })
  results(m: EntityManager, id: number, afterLine: number, limit: number): Promise<LineResult[]> {
    return runStatement<LineResult>(
      m,
      `SELECT line, status, resource_id AS id, key, errors FROM ${this.resultsTable}
        WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT $3`,
      [id, afterLine, limit],
    );
  }
}
