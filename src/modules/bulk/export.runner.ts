import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { ClaimTicket } from '../../common/jobs/claim-keeper.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { BulkResourceAdapter } from '../../common/bulk/bulk-resource.adapter.js';
import { BulkResourceRegistry } from './bulk-resource.registry.js';
import type { Export } from './bulk.entities.js';
import { BulkEventRecorder } from './bulk-event.recorder.js';
import { isBulkResource } from './domain/bulk-resources.js';
import { isDependencyFailure } from '../../common/http/exception.filter.js';
import { backoffMs } from '../../common/jobs/domain/backoff.js';
import { BulkJobsRepository } from './repositories/bulk-jobs.repository.js';
import { ExportsRepository } from './repositories/exports.repository.js';
import { runAsOperator } from '../../database/store-scope.js';

/** Members read and written per transaction. */
const EXPORT_CHUNK_MEMBERS = 1000;

/** Attempts at a chunk, counted in the export's row, after which the export fails (docs/api.md#bulk-import-and-export). */
const CHUNK_ATTEMPTS = 3;

/** The longest reason a given-up export's error carries. */
const MAX_REASON = 500;

/** What one chunk did: `more` while members may be left; `held` false once the claim is no longer ours; the export as it now is. */
interface ChunkOutcome {
  held: boolean;
  more: boolean;
  job?: Export;
}

/**
 * Writes a claimed export (docs/api.md#bulk-import-and-export), EXPORT_CHUNK_MEMBERS members per transaction: the export's
 * row is locked under the claim's token, the next members after its `last_id` read through their
 * resource's door (each in the form its import takes, in a fixed number of statements), and their
 * lines written with the export's count and position in one statement. A chunk shorter than the
 * limit is the last: the export completes (its file kept BULK_RETENTION_DAYS) with its
 * `export.completed` event in that same transaction. A process that dies loses only its uncommitted
 * chunk; its successor goes on after the last member written, so no member is written twice.
 *
 * The attempts at a chunk are counted in the export's row before each (so an attempt whose process
 * dies counts too): the database away is rethrown (the claim outlives the outage or lapses, and the
 * chunk goes again then); any other failure has the chunk go again after a pause, and past the third
 * attempt the export fails with the reason, keeping no file, rather than loop on it.
 *
 * Where to continue (docs/api.md#export-snapshot): each chunk is one REPEATABLE READ transaction, so
 * every member (a product and its parts, read by separate statements) is one moment of it. The file
 * is not one moment, and need not be: `snapshot_at` is fixed with the first chunk, a bound read
 * before its transaction began (ExportsRepository.snapshotBound), so every change committed after
 * that chunk's snapshot has `updated_at` at or after it. A change committed before that snapshot is
 * in every later chunk's snapshot too (snapshots only move forward, a successor's included), so it
 * is in the file; one committed after it is found by `updated_at_min=snapshot_at`, whether or not a
 * later chunk also wrote it. So no snapshot has to outlive a chunk: a process taking over needs no
 * more than `last_id` and `snapshot_at`, which its predecessor committed.
 */
@Injectable()
export class ExportRunner {
  private readonly logger = new Logger('Exports');

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ExportsRepository,
    private readonly jobs: BulkJobsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly doors: BulkResourceRegistry,
    private readonly events: BulkEventRecorder,
  ) {}

  /**
   * Runs `job` to its end or until the claim is lost, the export cancelled, `stopping()` says the
   * process is stopping or `sliceOver()` that its slice is over after a chunk (the job is then given
   * back and the next one, this or another process, goes on).
   */
  async run(
    job: Export,
    ticket: ClaimTicket,
    stopping: () => boolean,
    sliceOver: () => Promise<boolean> = async () => false,
  ): Promise<void> {
    if (!isBulkResource(job.resource)) {
      await this.tx.run((m) => this.finish(m, job, ticket, 'failed', `Unknown resource ${job.resource}.`));
      return;
    }
    const door = this.doors.get(job.resource);
    let snapshotted = job.snapshot_at !== null;
    while (!stopping()) {
      // Counted before the attempt and in the export's row: an attempt whose process dies counts too.
      const attempt = await this.jobs.beginChunkAttempt(this.tx.direct, 'exports', job.id, ticket.token);
      if (!attempt) return;
      if (attempt.chunk_attempts > CHUNK_ATTEMPTS) {
        const reason = attempt.chunk_error ?? `its process stopped during each of ${CHUNK_ATTEMPTS} attempts`;
        this.logger.error(`Export ${job.id}: the chunk after member ${job.last_id} failed ${CHUNK_ATTEMPTS} times (${reason})`);
        const error = `The members after the ${job.lines} written could not be exported in ${CHUNK_ATTEMPTS} attempts: ${reason}`;
        await this.tx.run((m) => this.finish(m, job, ticket, 'failed', error));
        return;
      }
      let outcome: ChunkOutcome;
      try {
        outcome = await this.chunkInSnapshot(job, door, ticket, snapshotted);
        snapshotted = true;
      } catch (err) {
        if (isDependencyFailure(err)) throw err;
        this.logger.warn(
          `Export ${job.id}: a chunk failed (${(err as Error).message}); attempt ${attempt.chunk_attempts} of ${CHUNK_ATTEMPTS}`,
        );
        await this.jobs.noteChunkFailure(this.tx.direct, 'exports', job.id, ticket.token, reasonOf(err));
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt.chunk_attempts, { baseMs: 250 })));
        continue;
      }
      if (!outcome.held || !outcome.more) return;
      job = outcome.job ?? job;
      if (await sliceOver()) return;
    }
  }

  /**
   * One chunk in a REPEATABLE READ transaction of its own (docs/api.md#export-snapshot), with the
   * bound of `snapshot_at` read before it begins when the export has none yet. A lease renewal that
   * changed the export's row after the chunk's snapshot fails it with 40001: nothing failed, so it
   * goes again at once, not counted as an attempt.
   */
  private async chunkInSnapshot(job: Export, door: BulkResourceAdapter, ticket: ClaimTicket, snapshotted: boolean): Promise<ChunkOutcome> {
    for (;;) {
      // Read before the chunk's transaction begins, so before its snapshot (ExportsRepository.snapshotBound).
      // The operator's read: pg_stat_activity shows the app role no other role's transactions.
      const bound = snapshotted ? null : await runAsOperator(() => this.repository.snapshotBound(this.tx.direct));
      try {
        return await this.tx.run((m) => this.chunk(m, job, door, ticket, bound), 'REPEATABLE READ');
      } catch (err) {
        if (!isSerializationFailure(err)) throw err;
      }
    }
  }

  /**
   * One chunk in the transaction of `m`: the members after the export's `last_id`, their lines, and
   * the end when none are left. The first chunk also sets the export's `snapshot_at` to `bound`.
   */
  private async chunk(
    m: EntityManager,
    job: Export,
    door: BulkResourceAdapter,
    ticket: ClaimTicket,
    bound: Date | null,
  ): Promise<ChunkOutcome> {
    // Bounded to the lease as it is locked: a holder stalled inside the chunk must not keep the row locked past it.
    const held = await this.jobs.lockHeld<Export>(m, 'exports', job.id, ticket.token, this.config.bulkLeaseSeconds);
    if (!held) return { held: false, more: false };
    if (held.snapshot_at === null && bound) await this.repository.markSnapshot(m, job.id, ticket.token, bound);
    const members = await door.exportPage(m, held.last_id, EXPORT_CHUNK_MEMBERS, held.updated_at_min);
    let recorded: Export | null = held;
    if (members.length) {
      const bodies = members.map((x) => JSON.stringify(x.member));
      recorded = await this.repository.recordChunk(m, job.id, ticket.token, bodies, members[members.length - 1].id);
      if (!recorded) return { held: false, more: false };
    }
    if (members.length === EXPORT_CHUNK_MEMBERS) return { held: true, more: true, job: recorded };
    return { held: (await this.finish(m, job, ticket, 'completed', null)) !== null, more: false };
  }

  /** The end of an export under its claim (with `export.completed` when it completed; a failed one's lines deleted), in the transaction of `m`. */
  private async finish(m: EntityManager, job: Export, ticket: ClaimTicket, status: 'completed' | 'failed', error: string | null) {
    const done = await this.repository.finish(m, job.id, ticket.token, status, error, this.config.bulkRetentionDays);
    if (done?.status === 'completed') await this.events.exportCompleted(m, done);
    if (!done) this.logger.warn(`Export ${job.id} was taken over before it could be marked ${status}`);
    return done;
  }
}

/** Why an attempt failed, as a given-up export's error says it: storable text, bounded. */
function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const safe = text.replace(/[\0\p{Cs}]/gu, '\uFFFD');
  return safe.length > MAX_REASON ? `${safe.slice(0, MAX_REASON)}…` : safe;
}

/** A REPEATABLE READ transaction that met a row changed after its snapshot (40001). */
function isSerializationFailure(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '40001';
}
