import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { ClaimTicket } from '../../common/jobs/claim-keeper.js';
import { ApiError, type FieldErrors } from '../../common/http/api-error.js';
import { isDependencyFailure, mapDatabaseError } from '../../common/http/exception.filter.js';
import { backoffMs } from '../../common/jobs/domain/backoff.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { type HeldTransaction, TransactionRunner, holdingTransaction } from '../../database/transaction.js';
import type { BulkResourceAdapter } from '../../common/bulk/bulk-resource.adapter.js';
import { BulkResourceRegistry } from './bulk-resource.registry.js';
import type { Import } from './bulk.entities.js';
import { BulkEventRecorder } from './bulk-event.recorder.js';
import { isBulkResource } from './domain/bulk-resources.js';
import { errorsByMember, runsOfDistinctKeys } from './domain/import-lines.js';
import { memberOf } from './import-line.validator.js';
import { ImportLineValidatorPool } from './import-line-validator.pool.js';
import { BulkJobsRepository } from './repositories/bulk-jobs.repository.js';
import { type LineResult, ImportsRepository } from './repositories/imports.repository.js';
import { runAsOperator } from '../../database/store-scope.js';

/**
 * Up to how many members created the import refreshes its tables' statistics itself: past that,
 * plans no longer flip to whole-table scans as the tables grow, and autovacuum keeps up.
 */
const STATISTICS_UNTIL = 16_000;

/** Attempts at a chunk, counted in the import's row, after which its lines fail (docs/api.md, Bulk import and export). */
const CHUNK_ATTEMPTS = 3;

/** The longest reason a given-up chunk's lines carry. */
const MAX_REASON = 500;

/** A line ready for its batch upsert: its member (validated) and where its result goes. */
interface Member {
  result: LineResult;
  member: object;
}

/** A chunk read and validated: its results (the failed lines' already final) and the members to apply. */
interface Prepared {
  /** The file line the chunk follows. */
  after: number;
  /** How many lines it holds (0: the import has no more). */
  lines: number;
  lastLine: number;
  results: LineResult[];
  members: Member[];
}

/** A promise whose rejection is handled where it is awaited, not reported as unhandled meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** What one chunk did: `more` while lines are left; `held` false once the claim is no longer ours. */
interface ChunkOutcome {
  held: boolean;
  more: boolean;
  job: Import | null;
}

/**
 * Applies a claimed import (docs/api.md#bulk-import-and-export), a chunk of IMPORT_CHUNK_LINES lines per transaction: the
 * import's row is locked under the claim's token, the chunk's lines read, each line parsed and
 * validated on its own, the valid ones applied through their resource's batch upsert (the door of
 * PUT /<resource>) in runs without a repeated key, and the results and counts written, all in that
 * one transaction. A process that dies loses only its uncommitted chunk; its successor goes on from
 * the last line recorded, so no line is applied twice.
 *
 * A run the upsert refuses is split: members a 422 names fail with their errors and the run goes
 * again without them; a 409 fails the member it was about; anything else is retried member by
 * member (each in a savepoint) so it lands on the line that caused it.
 */
@Injectable()
export class ImportRunner {
  private readonly logger = new Logger('Imports');

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ImportsRepository,
    private readonly jobs: BulkJobsRepository,
    private readonly doors: BulkResourceRegistry,
    private readonly checks: ImportLineValidatorPool,
    private readonly events: BulkEventRecorder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `job` to its end or until the claim is lost, the import cancelled, `stopping()` says the
   * process is stopping (the claim is then left to lapse and another process goes on), or
   * `sliceOver()` that its slice is over after a chunk (the job is given back and the next goes on).
   * `onProgress` hears the import after each chunk.
   */
  async run(
    job: Import,
    ticket: ClaimTicket,
    chunkLines: number,
    stopping: () => boolean,
    onProgress?: (job: Import) => void,
    sliceOver: () => Promise<boolean> = async () => false,
  ): Promise<void> {
    if (!isBulkResource(job.resource)) {
      await this.tx.run((m) => this.finish(m, job, ticket, 'failed', `Unknown resource ${job.resource}.`));
      return;
    }
    const door = this.doors.get(job.resource);
    // The resource's tables' statistics are refreshed when this run has created a chunk's worth of
    // members, then twice that, and so on while the tables are small (see refreshStatistics), beside
    // the chunks that follow rather than between them.
    let statisticsAt = chunkLines;
    let statistics: Promise<void> | null = null;
    // The next chunk is read and validated (on a checking thread) while the current one is written:
    // the process's CPU (parsing, validation) and the database's (the upsert's statements) overlap.
    let next: Promise<Prepared> | null = null;
    try {
      while (!stopping()) {
        let outcome: ChunkOutcome;
        let attempts = 0;
        let givingUp = false;
        try {
          // Counted before the attempt and in the import's row: an attempt whose process dies counts too.
          const attempt = await this.jobs.beginChunkAttempt(this.tx.direct, 'imports', job.id, ticket.token);
          if (!attempt) return;
          attempts = attempt.chunk_attempts;
          if (attempts > CHUNK_ATTEMPTS) {
            next = null;
            givingUp = true;
            outcome = await this.giveUp(job, ticket, chunkLines, attempt.chunk_error);
          } else {
            const prepared: Prepared = await (next ?? this.prepare(job, door, job.last_line, chunkLines));
            next = null;
            if (prepared.lines > 0) next = quiet(this.prepare(job, door, prepared.lastLine, chunkLines));
            outcome = await this.chunk(job, door, ticket, prepared);
          }
        } catch (err) {
          // A chunk that did not commit is read again from where the import stands.
          next = null;
          // Stopping (the checking threads may be gone already): the claim lapses and another process goes on.
          if (stopping()) return;
          // The database away: the claim outlives the outage or lapses, and the chunk goes again then.
          if (isDependencyFailure(err)) throw err;
          if (!givingUp) {
            this.logger.warn(`Import ${job.id}: a chunk failed (${(err as Error).message}); attempt ${attempts} of ${CHUNK_ATTEMPTS}`);
            await this.jobs.noteChunkFailure(this.tx.direct, 'imports', job.id, ticket.token, reasonOf(err));
            await new Promise((resolve) => setTimeout(resolve, backoffMs(attempts, { baseMs: 250 })));
            continue;
          }
          // Not even its lines' failures could be recorded: the import fails as a whole rather than loop.
          this.logger.error(`Import ${job.id} failed: ${(err as Error).stack ?? String(err)}`);
          await this.tx.run((m) =>
            this.finish(m, job, ticket, 'failed', `A chunk of lines after line ${job.last_line} could not be applied.`),
          );
          return;
        }
        if (outcome.job) {
          job = outcome.job;
          onProgress?.(outcome.job);
          if (job.created >= statisticsAt && statisticsAt <= STATISTICS_UNTIL) {
            await statistics;
            statistics = this.refreshStatistics(job, door);
            statisticsAt = 2 * job.created;
          }
        }
        if (!outcome.held || !outcome.more) return;
        if (await sliceOver()) return;
      }
    } finally {
      await statistics;
    }
  }

  /**
   * The import's tables' statistics refreshed, on a connection of their own; never rejects: an import
   * goes on without it (a database gone fails the next chunk, which is retried as any other).
   */
  private async refreshStatistics(job: Import, door: BulkResourceAdapter): Promise<void> {
    try {
      // The tables are every store's: their statistics are the operator's to refresh (the owner's ANALYZE).
      await runAsOperator(() => this.jobs.refreshStatistics(this.tx.direct, door.tables));
    } catch (err) {
      this.logger.warn(`Import ${job.id}: the statistics of its tables could not be refreshed (${(err as Error).message})`);
    }
  }

  /**
   * The chunk after file line `after`: its lines read (they never change once uploaded, so outside
   * the chunk's transaction), parsed and validated on a checking thread, nothing written.
   */
  private async prepare(job: Import, door: BulkResourceAdapter, after: number, chunkLines: number): Promise<Prepared> {
    const lines = await this.repository.nextLines(this.tx.direct, job.id, after, chunkLines, this.config.importChunkBytes);
    const checked = await this.checks.check({ resource: door.resource, lines });
    const members = checked.valid.map((at, i): Member => ({
      result: checked.results[at],
      member: memberOf(door, checked.members[i]),
    }));
    return { after, lines: lines.length, lastLine: lines.length ? lines[lines.length - 1].line : after, results: checked.results, members };
  }

  /** One chunk in one transaction (held until its results are written; see HeldTransaction). */
  private async chunk(job: Import, door: BulkResourceAdapter, ticket: ClaimTicket, prepared: Prepared): Promise<ChunkOutcome> {
    const slot: HeldTransaction = { claim: async () => undefined, open: null };
    let commit = false;
    try {
      const outcome = await holdingTransaction(slot, () =>
        this.tx.run(async (m): Promise<ChunkOutcome> => {
          // Bounded to the lease as it is locked: a holder stalled inside the chunk must not keep the row locked past it.
          const held = await this.jobs.lockHeld<Import>(m, 'imports', job.id, ticket.token, this.config.bulkLeaseSeconds);
          // Not ours any more, or moved on by someone else: what was prepared is not this import's next chunk.
          if (!held || held.last_line !== prepared.after) return { held: false, more: false, job: null };
          if (prepared.lines === 0) {
            const done = await this.finish(m, held, ticket, 'completed', null);
            return { held: true, more: false, job: done };
          }
          const runKey = (x: Member) => {
            const k = door.key.of(x.member);
            return k === undefined || k === null ? null : String(k);
          };
          for (const run of runsOfDistinctKeys(prepared.members, runKey)) await this.applyRun(m, door, run);
          const recorded = await this.repository.recordChunk(m, job.id, ticket.token, prepared.results);
          return { held: recorded !== null, more: true, job: recorded };
        }),
      );
      commit = outcome.held;
      return outcome;
    } finally {
      await this.tx.finish(slot, commit);
    }
  }

  /**
   * The chunk after the import's last recorded line given up on, after CHUNK_ATTEMPTS attempts that
   * failed or whose process died: each of its lines fails with the reason, nothing of them applied
   * (nor read: a line that kills its process is never parsed again), and the import goes on.
   */
  private async giveUp(job: Import, ticket: ClaimTicket, chunkLines: number, reason: string | null): Promise<ChunkOutcome> {
    const message = `could not be applied: ${reason ?? `its process stopped during each of ${CHUNK_ATTEMPTS} attempts`}`;
    this.logger.error(
      `Import ${job.id}: the chunk after line ${job.last_line} failed ${CHUNK_ATTEMPTS} times; its lines fail (${message})`,
    );
    return this.tx.run(async (m): Promise<ChunkOutcome> => {
      const held = await this.jobs.lockHeld<Import>(m, 'imports', job.id, ticket.token, this.config.bulkLeaseSeconds);
      if (!held) return { held: false, more: false, job: null };
      const lines = await this.repository.nextLineNumbers(m, job.id, held.last_line, chunkLines, this.config.importChunkBytes);
      if (lines.length === 0) throw new Error(`Import ${job.id} could not be finished: ${reason ?? 'its process stopped'}`);
      const results = lines.map((line): LineResult => ({ line, status: 'failed', id: null, key: null, errors: { line: [message] } }));
      const recorded = await this.repository.recordChunk(m, job.id, ticket.token, results);
      return { held: recorded !== null, more: true, job: recorded };
    });
  }

  /** One run (distinct keys) through the door; refused members fail alone and the others go again. */
  private async applyRun(m: EntityManager, door: BulkResourceAdapter, run: Member[]): Promise<void> {
    let left = run;
    while (left.length > 0) {
      const conflicts: number[] = [];
      const conflict = (i: number, message: string) => (conflicts.push(i), message);
      try {
        const done = await this.repository.applyAlone(m, () =>
          door.upsert(
            left.map((x) => x.member),
            conflict,
          ),
        );
        done.forEach((d, i) => Object.assign(left[i].result, { status: d.outcome, id: d.id }));
        return;
      } catch (err) {
        const refusal = asRefusal(err);
        if (!refusal) throw err;
        const refused = this.refusedMembers(refusal, conflicts, left.length);
        if (refused === null) {
          // Not one member's doing, as far as the refusal says: each member alone finds the one.
          for (const x of left) await this.applyRun(m, door, [x]);
          return;
        }
        for (const [i, errors] of refused) left[i].result.errors = errors;
        left = left.filter((_, i) => !refused.has(i));
      }
    }
  }

  /** The members a refusal names, with their errors; null when it names none of several. A run of one is always named. */
  private refusedMembers(err: ApiError, conflicts: number[], size: number): Map<number, FieldErrors> | null {
    if (typeof err.body !== 'string') {
      const named = errorsByMember(err.body);
      if (named.size) return named;
      return size === 1 ? new Map([[0, { ...err.body }]]) : null;
    }
    const index = err.status === 409 && conflicts.length ? conflicts[conflicts.length - 1] : size === 1 ? 0 : null;
    return index === null ? null : new Map([[index, { member: [err.body] }]]);
  }

  /** The end of an import under its claim, with its event, in the transaction of `m`. */
  private async finish(m: EntityManager, job: Import, ticket: ClaimTicket, status: 'completed' | 'failed', error: string | null) {
    const done = await this.repository.finish(m, job.id, ticket.token, status, error);
    if (done) await this.events.importFinished(m, done);
    else this.logger.warn(`Import ${job.id} was taken over before it could be marked ${status}`);
    return done;
  }
}

/** Why an attempt failed, as the results of a given-up chunk's lines say it: storable text, bounded. */
function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const safe = text.replace(/[\0\p{Cs}]/gu, '\uFFFD');
  return safe.length > MAX_REASON ? `${safe.slice(0, MAX_REASON)}…` : safe;
}

/**
 * A refusal the line's data caused: a 4xx, or a rule PostgreSQL enforced (as the api maps it). A
 * conflict with a concurrent writer (serialization, deadlock, lock timeout) is not the line's doing:
 * the chunk rolls back and goes again.
 */
function asRefusal(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err.status < 500 ? err : null;
  if (!(err instanceof QueryFailedError)) return null;
  const driver = err.driverError as { code?: string; detail?: string; column?: string };
  if (['40001', '40P01', '55P03'].includes(driver.code ?? '')) return null;
  return mapDatabaseError(driver);
}
