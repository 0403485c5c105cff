import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { ClaimTicket } from '../../common/jobs/claim-keeper.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { BulkResourceAdapter } from '../../common/bulk/bulk-resource.adapter.js';
import { BulkResourceRegistry } from './bulk-resource.registry.js';
import type { Export } from './bulk.entities.js';
import { BulkEventRecorder } from './bulk-event.recorder.js';
import { ChunkRetryPolicy } from './chunk-retry.policy.js';
import { isBulkResource } from './domain/bulk-resources.js';
import { BulkJobsRepository } from './repositories/bulk-jobs.repository.js';
import { ExportsRepository } from './repositories/exports.repository.js';

/** Members read and written per transaction. */
const EXPORT_CHUNK_MEMBERS = 1000;

/** What one chunk did: `more` while members may be left; `held` false once the claim is no longer ours. */
interface ChunkOutcome {
  held: boolean;
  more: boolean;
}

/**
 * Writes a claimed export (docs/api.md#bulk-import-and-export), EXPORT_CHUNK_MEMBERS members per transaction: the export's
 * row is locked under the claim's token, the next members after its `last_id` read through their
 * resource's door (each in the form its import takes, in a fixed number of statements), and their
 * lines written with the export's count and position in one statement. A chunk shorter than the
 * limit is the last: the export completes (its file kept 7 days) with its `export.completed` event
 * in that same transaction. A process that dies loses only its uncommitted chunk; its successor goes
 * on after the last member written, so no member is written twice.
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
   * Runs `job` to its end or until the claim is lost or `stopping()` says the process is stopping
   * (the job is then given back and another process goes on).
   */
  async run(job: Export, ticket: ClaimTicket, stopping: () => boolean): Promise<void> {
    if (!isBulkResource(job.resource)) {
      await this.tx.run((m) => this.finish(m, job, ticket, 'failed', `Unknown resource ${job.resource}.`));
      return;
    }
    const door = this.doors.get(job.resource);
    const failures = new ChunkRetryPolicy(this.logger, `Export ${job.id}`);
    let snapshotted = job.snapshot_at !== null;
    while (!stopping()) {
      let outcome: ChunkOutcome;
      try {
        // Read before the chunk's transaction begins, so before its snapshot (ExportsRepository.snapshotBound).
        const bound = snapshotted ? null : await this.repository.snapshotBound(this.tx.direct);
        outcome = await this.tx.run((m) => this.chunk(m, job, door, ticket, bound), 'REPEATABLE READ');
        snapshotted = true;
        failures.succeeded();
      } catch (err) {
        // The lease's renewal changed the export's row after the chunk's snapshot: nothing failed, the chunk goes again.
        if (isSerializationFailure(err)) continue;
        if (!(await failures.failed(err))) continue;
        await this.tx.run((m) => this.finish(m, job, ticket, 'failed', 'The members after those written could not be read.'));
        return;
      }
      if (!outcome.held || !outcome.more) return;
    }
  }

  /** Removes the exports whose file expired (with their lines), in one statement; answers how many. */
  removeExpired(): Promise<number> {
    return this.repository.removeExpired(this.tx.direct);
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
    if (members.length) {
      const bodies = members.map((x) => JSON.stringify(x.member));
      const recorded = await this.repository.recordChunk(m, job.id, ticket.token, bodies, members[members.length - 1].id);
      if (!recorded) return { held: false, more: false };
    }
    if (members.length === EXPORT_CHUNK_MEMBERS) return { held: true, more: true };
    return { held: (await this.finish(m, job, ticket, 'completed', null)) !== null, more: false };
  }

  /** The end of an export under its claim (with `export.completed` when it completed), in the transaction of `m`. */
  private async finish(m: EntityManager, job: Export, ticket: ClaimTicket, status: 'completed' | 'failed', error: string | null) {
    const done = await this.repository.finish(m, job.id, ticket.token, status, error);
    if (done?.status === 'completed') await this.events.exportCompleted(m, done);
    if (!done) this.logger.warn(`Export ${job.id} was taken over before it could be marked ${status}`);
    return done;
  }
}

/** A REPEATABLE READ transaction that met a row changed after its snapshot (40001). */
function isSerializationFailure(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '40001';
}
