import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageRequest, PageRows } from '../../../common/paging/page-request.js';
import { RELEASE_CLAIM_SQL, heldWithSql } from '../../../database/sql/claims.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { purgeDueSql } from './bulk-jobs.repository.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table, tableOf } from '../../../database/table.js';
import { Export, ExportLine } from '../bulk.entities.js';
import type { BulkResource } from '../domain/bulk-resources.js';
import { resourceCondition } from './imports.repository.js';

/** One line of an export's file. */
export interface FileLine {
  line: number;
  body: string;
}

const TOKEN = '00000000-0000-4000-8000-000000000001';

/**
 * Every statement on exports and their lines. The runner writes a chunk's lines and the export's
 * count and position in one statement, fenced by its claim token, so a successor goes on after the
 * last member whose line is committed and no member is written twice.
 */
@Injectable()
export class ExportsRepository {
  readonly exports: Table<Export>;
  private readonly exportsTable: string;
  private readonly linesTable: string;

  constructor(dataSource: DataSource) {
    this.exports = new Table(dataSource, Export, { alt: null, label: 'Export' });
    this.exportsTable = tableOf(dataSource, Export);
    this.linesTable = tableOf(dataSource, ExportLine);
  }

  /** A new queued export of `resource` (members updated at or after `updatedMin` only, when given). */
  @GenerateSql({ args: [SqlArg.manager, 'products', null] })
  async create(m: EntityManager, resource: BulkResource, updatedMin: Date | null): Promise<Export> {
    const [row] = await runStatement<Export>(
      m,
      `WITH r AS (INSERT INTO ${this.exportsTable} (resource, updated_at_min) VALUES ($1, $2) RETURNING *) SELECT * FROM r`,
      [resource, updatedMin],
    );
    return row;
  }

  /** The export `segment` names; null otherwise (a 404). */
  @GenerateSql({ args: [SqlArg.manager, '1'] })
  async find(m: EntityManager, segment: string): Promise<Export | null> {
    if (!/^\d{1,10}$/.test(segment) || Number(segment) > 2147483647) return null;
    const [row] = await runStatement<Export>(m, `SELECT r.* FROM ${this.exportsTable} r WHERE r.id = $1`, [Number(segment)]);
    return row ?? null;
  }

  /**
   * A page of exports (GET /exports) of `resources` (names from BULK_RESOURCES, never from input:
   * the resources the key reads), with equality filters.
   */
  @GenerateSql({
    args: [
      SqlArg.manager,
      { sort: 'id', column: 'id', order: 'DESC', limit: 10, page: 1, offset: 0 },
      ['products', 'customers'],
      { status: 'completed' },
    ],
  })
  page(m: EntityManager, req: PageRequest, resources: readonly BulkResource[], where: Record<string, unknown>): Promise<PageRows<Export>> {
    return this.exports.page(m, req, { where, condition: resourceCondition(resources) });
  }

  /**
   * A chunk of the file: `bodies` become the lines after the export's last one, and its count and
   * position (`lastId`, the id of the chunk's last member) move on, in one statement, under the
   * holder's token (the caller holds the row: BulkJobsRepository.lockHeld). Answers the export as it now is; null, and
   * nothing written, when the claim is no longer the holder's.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, TOKEN, ['{"sku":"A-1"}', '{"sku":"A-2"}'], 2] })
  async recordChunk(m: EntityManager, id: number, token: string, bodies: string[], lastId: number): Promise<Export | null> {
    const [row] = await runStatement<Export>(
      m,
      `WITH held AS (
         SELECT id, lines FROM ${this.exportsTable} WHERE id = $1 AND ${heldWithSql('$2')}),
       i AS (
         INSERT INTO ${this.linesTable} (export_id, line, body)
         SELECT held.id, held.lines + b.n, b.body FROM held, unnest($3::text[]) WITH ORDINALITY AS b(body, n)),
       u AS (
         UPDATE ${this.exportsTable} t
            SET lines = t.lines + cardinality($3::text[]), last_id = $4, chunk_attempts = 0, chunk_error = null, updated_at = now()
           FROM held
          WHERE t.id = held.id
         RETURNING t.*)
       SELECT * FROM u`,
      [id, token, bodies, lastId],
      { prepare: false },
    );
    return row ?? null;
  }

  /**
   * The end of an export under its holder's claim: its status (and why, when it failed), the claim
   * released; a completed export's file is kept `days` days from now, a failed one's lines are
   * deleted (it keeps no file). Null when the claim was no longer the holder's.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, TOKEN, 'completed', null, 7] })
  async finish(
    m: EntityManager,
    id: number,
    token: string,
    status: 'completed' | 'failed',
    error: string | null,
    days: number,
  ): Promise<Export | null> {
    const [row] = await runStatement<Export>(
      m,
      `WITH u AS (
         UPDATE ${this.exportsTable}
            SET status = $3::text, error = $4, chunk_attempts = 0, chunk_error = null, finished_at = now(), updated_at = now(),
                expires_at = CASE WHEN $3::text = 'completed' THEN now() + make_interval(days => $5::int) END, ${RELEASE_CLAIM_SQL}
          WHERE id = $1 AND ${heldWithSql('$2')}
         RETURNING *),
       d AS (DELETE FROM ${this.linesTable} WHERE export_id IN (SELECT id FROM u WHERE status <> 'completed'))
       SELECT * FROM u`,
      [id, token, status, error, days],
    );
    return row ?? null;
  }

  /**
   * POST /export/{id}/cancel: a queued or running export becomes cancelled (a chunk in progress
   * holds the row, so this waits for it), its claim released and the lines written so far deleted
   * (a cancelled export keeps no file). Null when it was already finished (or does not exist).
   */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async cancel(m: EntityManager, id: number): Promise<Export | null> {
    const [row] = await runStatement<Export>(
      m,
      `WITH u AS (
         UPDATE ${this.exportsTable}
            SET status = 'cancelled', chunk_attempts = 0, chunk_error = null, finished_at = now(), updated_at = now(), ${RELEASE_CLAIM_SQL}
          WHERE id = $1 AND status IN ('queued', 'running')
         RETURNING *),
       d AS (DELETE FROM ${this.linesTable} WHERE export_id IN (SELECT id FROM u))
       SELECT * FROM u`,
      [id],
    );
    return row ?? null;
  }

  /**
   * A bound for the `snapshot_at` of a snapshot taken after this statement (docs/api.md#export-snapshot):
   * the earliest start of a transaction open in this database now (its `xact_start`, or the
   * `query_start` of a statement that has begun one and not yet published it), this statement's own
   * start when none is older, less a second for a backend caught between stamping its statement and
   * publishing it. A change is stamped `updated_at = now()`, its transaction's start; a transaction that
   * commits after the snapshot either started after this statement (so after the bound) or was open
   * during it (so it is counted here): either way its `updated_at` is at or after the bound. Read
   * before the snapshot's transaction begins, never inside it (the snapshot would come first).
   */
  @GenerateSql({ args: [SqlArg.manager] })
  async snapshotBound(m: EntityManager): Promise<Date> {
    const [row] = await runStatement<{ at: Date }>(
      m,
      `SELECT least(statement_timestamp(), min(least(a.xact_start, a.query_start))) - interval '1 second' AS at
         FROM pg_stat_activity a
        WHERE a.datname = current_database() AND a.backend_type = 'client backend' AND a.state IS DISTINCT FROM 'idle'`,
      [],
    );
    return row.at;
  }

  /**
   * Sets the export's `snapshot_at` under its holder's claim, once: in the transaction of its first
   * chunk, with the bound read before that transaction began (snapshotBound). A chunk that rolls
   * back takes it with it, and the chunk that comes next reads a new bound first.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, TOKEN, new Date('2026-01-01T00:00:00Z')] })
  async markSnapshot(m: EntityManager, id: number, token: string, at: Date): Promise<void> {
    await runStatement(
      m,
      `UPDATE ${this.exportsTable} SET snapshot_at = $3 WHERE id = $1 AND snapshot_at IS NULL AND ${heldWithSql('$2')}`,
      [id, token, at],
    );
  }

  /** Up to `limit` lines of the file after line `afterLine`, in order: GET /export/{id}/file reads them page by page. */
  @GenerateSql({ args: [SqlArg.manager, 1, 0, 1000] })
  fileLines(m: EntityManager, id: number, afterLine: number, limit: number): Promise<FileLine[]> {
    return runStatement<FileLine>(
      m,
      `SELECT line, body FROM ${this.linesTable} WHERE export_id = $1 AND line > $2 ORDER BY line LIMIT $3`,
      [id, afterLine, limit],
    );
  }

  /**
   * A bounded step of the retention sweep: up to `rows` lines of the files of the exports that ended
   * more than `days` days ago (the `jobs` that ended first) are deleted. Answers how many.
   */
  @GenerateSql({ args: [SqlArg.manager, 7, 100, 10000] })
  async deleteExpiredRows(m: EntityManager, days: number, jobs: number, rows: number): Promise<number> {
    const [row] = await runStatement<{ n: number }>(
      m,
      `WITH due AS (${purgeDueSql(this.exportsTable)}),
       l AS (
         DELETE FROM ${this.linesTable} t
          USING (SELECT export_id, line FROM ${this.linesTable} WHERE export_id IN (SELECT id FROM due) LIMIT $3) x
          WHERE t.export_id = x.export_id AND t.line = x.line
         RETURNING 1)
       SELECT count(*)::int AS n FROM l`,
      [days, jobs, rows],
    );
    return row.n;
  }

  /** The exports (of the `jobs` that ended first, more than `days` days ago) with no lines left, marked purged; answers how many. */
  @GenerateSql({ args: [SqlArg.manager, 7, 100] })
  async markPurged(m: EntityManager, days: number, jobs: number): Promise<number> {
    const [row] = await runStatement<{ n: number }>(
      m,
      `WITH due AS (${purgeDueSql(this.exportsTable)}),
       u AS (
         UPDATE ${this.exportsTable} t SET purged_at = now()
           FROM due
          WHERE t.id = due.id AND NOT EXISTS (SELECT 1 FROM ${this.linesTable} l WHERE l.export_id = t.id)
         RETURNING t.id)
       SELECT count(*)::int AS n FROM u`,
      [days, jobs],
    );
    return row.n;
  }
}
