import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { ClaimTicket } from '../../../common/jobs/claim-keeper.js';
import { RELEASE_CLAIM_SQL, claimFreeSql, heldWithSql, renewClaims, takeClaimSql, unfencedSql } from '../../../database/sql/claims.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { tableOf } from '../../../database/table.js';
import { Export, Import } from '../bulk.entities.js';

/** The tables of bulk jobs: both claimed the same way. */
export type BulkJobTable = 'imports' | 'exports';

/** The attempts at a job's next chunk so far, and why the last one failed. */
export type ChunkAttempts = Pick<Import, 'chunk_attempts' | 'chunk_error'>;

/**
 * The jobs of `table` past their retention and not purged yet, the $2 that ended first ($1: the
 * retention in days): what a step of the retention sweep works on (ImportsRepository and
 * ExportsRepository delete their rows; BulkJobsRepository.expired judges one job by the same bound).
 */
export function purgeDueSql(table: string): string {
  return `SELECT id FROM ${table}
             WHERE purged_at IS NULL AND finished_at IS NOT NULL AND finished_at <= now() - make_interval(days => $1::int)
             ORDER BY finished_at LIMIT $2`;
}

const TEST_TICKET = { holder: 'host:1234:abcdef', token: '00000000-0000-4000-8000-000000000001' };

/**
 * The leased claim of a bulk job (src/database/sql/claims.ts, as quote e-mails and webhook
 * deliveries take theirs): the job that is queued, or running with no live holder (given back after
 * a slice, or its holder died), that ran least recently is taken by one process (FOR UPDATE SKIP
 * LOCKED), which renews the lease while it works. Also the store's bound on jobs queued or running.
 */
@Injectable()
export class BulkJobsRepository {
  private readonly tables: Record<BulkJobTable, string>;

  constructor(dataSource: DataSource) {
    this.tables = { imports: tableOf(dataSource, Import), exports: tableOf(dataSource, Export) };
  }

  /**
   * Takes the free job of `table` (or job `only`, when it is free) that ran least recently under
   * `ticket`, running from now on; null when there is none. A job never taken comes first, then the
   * one whose last claim is oldest: a job given back after its slice goes behind the others, so a
   * small job queued after a large one starts within a slice (docs/api.md#bulk-import-and-export).
   * A job whose holder died (its lease ran out) goes before all of them: its takeover stays within
   * the lease, the poll and one slice.
   */
  @GenerateSql(
    { name: 'an import', args: [SqlArg.manager, 'imports', 15, TEST_TICKET, null] },
    { name: 'an export', args: [SqlArg.manager, 'exports', 15, TEST_TICKET, null] },
    { name: 'one import', args: [SqlArg.manager, 'imports', 15, TEST_TICKET, 1] },
  )
  async claimNext<T extends Import | Export>(
    m: EntityManager,
    table: BulkJobTable,
    leaseSeconds: number,
    ticket: ClaimTicket,
    only: number | null,
  ): Promise<T | null> {
    const name = this.tables[table];
    const [row] = await runStatement<T>(
      m,
      `WITH c AS (
       UPDATE ${name} j
          SET status = 'running', started_at = coalesce(j.started_at, now()), updated_at = now(),
              ${takeClaimSql({ seconds: '$1', holder: '$2', token: '$3' })}
        WHERE j.id = (SELECT q.id FROM ${name} q
                       WHERE q.status IN ('queued', 'running') AND ${claimFreeSql('q')} AND ${unfencedSql('q')}
                         AND ($4::int IS NULL OR q.id = $4::int)
                       ORDER BY q.leased_until IS NULL, q.claimed_at NULLS FIRST, q.id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING j.*)
       SELECT * FROM c`,
      [leaseSeconds, ticket.holder, ticket.token, only],
    );
    return row ?? null;
  }

  /**
   * The job as its holder (`token`) has it, locked until the chunk's transaction ends (a cancel waits
   * for the chunk in progress); null once the claim is no longer the holder's (taken over, cancelled)
   * or the job no longer runs.
   *
   * The same statement bounds how long the transaction may then sit idle (its process paused, its
   * host gone) to the lease, `leaseSeconds`: PostgreSQL then ends the session, which rolls the chunk
   * back and frees the job's row for the next holder. Without it the row stays locked by a session
   * nobody will finish, and no other process can take the job over (the claim skips locked rows),
   * nor can a cancel end it. One statement, not two: a chunk's round trips are its cost under load.
   */
  /**
   * One more attempt begun at the job's next chunk, counted (and committed) before the attempt so
   * that an attempt whose process dies counts too (docs/api.md#bulk-import-and-export). Answers the
   * attempts so far with the last failure's reason; null when the claim is no longer the holder's.
   */
  @GenerateSql(
    { name: 'an import', args: [SqlArg.manager, 'imports', 1, TEST_TICKET.token] },
    { name: 'an export', args: [SqlArg.manager, 'exports', 1, TEST_TICKET.token] },
  )
  async beginChunkAttempt(m: EntityManager, table: BulkJobTable, id: number, token: string): Promise<ChunkAttempts | null> {
    const [row] = await runStatement<ChunkAttempts>(
      m,
      `WITH u AS (
         UPDATE ${this.tables[table]} SET chunk_attempts = chunk_attempts + 1
          WHERE id = $1 AND status = 'running' AND ${heldWithSql('$2')}
         RETURNING chunk_attempts, chunk_error)
       SELECT * FROM u`,
      [id, token],
    );
    return row ?? null;
  }

  /** Why the attempt at the job's next chunk failed: what it says if the chunk is given up on. */
  @GenerateSql(
    { name: 'an import', args: [SqlArg.manager, 'imports', 1, TEST_TICKET.token, 'C-5 refused'] },
    { name: 'an export', args: [SqlArg.manager, 'exports', 1, TEST_TICKET.token, 'out of memory'] },
  )
  async noteChunkFailure(m: EntityManager, table: BulkJobTable, id: number, token: string, reason: string): Promise<void> {
    await runStatement(m, `UPDATE ${this.tables[table]} SET chunk_error = $3 WHERE id = $1 AND ${heldWithSql('$2')}`, [id, token, reason]);
  }

  @GenerateSql(
    { name: 'an import', args: [SqlArg.manager, 'imports', 1, TEST_TICKET.token, 15] },
    { name: 'an export', args: [SqlArg.manager, 'exports', 1, TEST_TICKET.token, 15] },
  )
  async lockHeld<T extends Import | Export>(
    m: EntityManager,
    table: BulkJobTable,
    id: number,
    token: string,
    leaseSeconds: number,
  ): Promise<T | null> {
    const [row] = await runStatement<T>(
      m,
      `SELECT j.* FROM ${this.tables[table]} j
         CROSS JOIN (SELECT set_config('idle_in_transaction_session_timeout', $3, true)) AS bound
        WHERE j.id = $1 AND ${heldWithSql('$2', 'j')} AND j.status = 'running' FOR UPDATE OF j`,
      [id, token, String(leaseSeconds * 1000)],
    );
    return row ?? null;
  }

  /**
   * Brings the planner statistics of `tables` up to date (ANALYZE), passing over a table that another
   * session (autovacuum) is analyzing. A plan made while a table was nearly empty scans it whole (the
   * cheapest way then), and every session's prepared statements keep such a plan until the table's
   * statistics change: an import that fills the tables calls this as they grow, or reads such as
   * GET /product/{id} would scan the growing table until autovacuum next analyzes it.
   */
  @GenerateSql({ args: [SqlArg.manager, [Import, Export]] })
  async refreshStatistics(m: EntityManager, tables: EntityTarget<ObjectLiteral>[]): Promise<void> {
    if (tables.length === 0) return;
    await runStatement(m, `ANALYZE (SKIP_LOCKED) ${tables.map((t) => tableOf(m.connection, t)).join(', ')}`, []);
  }

  /**
   * Whether a job other than `id` of `table` waits for a process (queued, or running with no live
   * holder), among the imports and the exports: the holder of `id` gives it back at the end of its
   * slice only then, and goes on with it otherwise.
   */
  @GenerateSql({ args: [SqlArg.manager, 'imports', 1] })
  async othersWaiting(m: EntityManager, table: BulkJobTable, id: number): Promise<boolean> {
    const waiting = (name: string, self: string) =>
      `EXISTS (SELECT 1 FROM ${name} q WHERE q.status IN ('queued', 'running') AND ${claimFreeSql('q')}${self})`;
    const [row] = await runStatement<{ waiting: boolean }>(
      m,
      `SELECT ${waiting(this.tables.imports, table === 'imports' ? ' AND q.id <> $1::int' : '')}
           OR ${waiting(this.tables.exports, table === 'exports' ? ' AND q.id <> $1::int' : '')} AS waiting`,
      [id],
    );
    return row.waiting;
  }

  /**
   * The store's bound on bulk jobs, taken in the transaction that queues one: a transaction-scoped
   * advisory lock that serializes the queueing transactions from here to their commit, so the count
   * that follows (its own statement, hence a snapshot taken after the lock) sees every job committed
   * before, and two at once cannot both take the last place. The lock is the transaction's store's
   * (`app_store_id()`), as the count is (row-level security): stores queue apart.
   */
  @GenerateSql({ args: [SqlArg.manager] })
  async lockBound(m: EntityManager): Promise<void> {
    await runStatement(m, "SELECT pg_advisory_xact_lock(hashtext($1 || ':' || coalesce(app_store_id()::text, '')))", ['bulk-jobs.bound']);
  }

  /** The imports and exports queued or running (those of the transaction of `m` included). */
  @GenerateSql({ args: [SqlArg.manager] })
  async countActive(m: EntityManager): Promise<number> {
    const [row] = await runStatement<{ n: number }>(
      m,
      `SELECT (SELECT count(*) FROM ${this.tables.imports} WHERE status IN ('queued', 'running'))::int
            + (SELECT count(*) FROM ${this.tables.exports} WHERE status IN ('queued', 'running'))::int AS n`,
      [],
    );
    return row.n;
  }

  /**
   * Whether job `id` of `table` ended more than `days` days ago: its lines, results or file are
   * deleted then (or being deleted by the sweep), and what they served answers 410.
   */
  @GenerateSql({ args: [SqlArg.manager, 'imports', 1, 7] })
  async expired(m: EntityManager, table: BulkJobTable, id: number, days: number): Promise<boolean> {
    const [row] = await runStatement<{ expired: boolean }>(
      m,
      `SELECT (purged_at IS NOT NULL OR finished_at <= now() - make_interval(days => $2::int)) AS expired
         FROM ${this.tables[table]} WHERE id = $1`,
      [id, days],
    );
    return row?.expired === true;
  }

  /** A holder that stops (SIGTERM) gives its job back: free at once for the next process to go on with. */
  @GenerateSql({ args: [SqlArg.manager, 'imports', 1, TEST_TICKET.token] })
  async release(m: EntityManager, table: BulkJobTable, id: number, token: string): Promise<void> {
    await runStatement(m, `UPDATE ${this.tables[table]} SET ${RELEASE_CLAIM_SQL} WHERE id = $1 AND ${heldWithSql('$2')}`, [id, token]);
  }

  /** The holder's renewal (see renewClaims): answers the ids still its own. */
  @GenerateSql({ args: [SqlArg.manager, 'imports', [1], TEST_TICKET.token, 15] })
  renew(m: EntityManager, table: BulkJobTable, ids: number[], token: string, leaseSeconds: number): Promise<string[]> {
    return renewClaims(m, table, ids, token, leaseSeconds);
  }
}
