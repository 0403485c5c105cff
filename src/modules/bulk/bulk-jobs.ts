import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { ClaimKeeper, type ClaimTicket, newClaim } from '../../common/jobs/claim-keeper.js';
import { leaseProblem, renewalMs } from '../../common/jobs/domain/lease.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { uncounted } from '../../database/query-counter.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Export, Import } from './bulk.entities.js';
import { ExportRunner } from './export-runner.js';
import { ImportRunner } from './import-runner.js';
import { type BulkJobTable, BulkJobsRepository } from './repositories/bulk-jobs.repository.js';

/** How often a runner that keeps failing says so. */
const FAILURE_LOG_MS = 30_000;

/** How often the loop removes the exports whose file expired (CONTRACT §18: kept 7 days). */
const EXPIRED_SWEEP_MS = 60_000;

/**
 * Runs bulk imports and exports in the background (CONTRACT §18): in the worker, and in the api when
 * REDIS_URL is unset (no worker is expected then), as the other pipelines do. One loop per process
 * takes the oldest free job with the leased claim of src/common/claims (renewed every third of
 * BULK_LEASE_SECONDS while it works, so a process that dies is taken over within 30 s) and runs it
 * to its end; several processes share the queue (SKIP LOCKED). The CLI runs a job of its own through
 * `runOne`. On SIGTERM the chunk in progress commits and the job is given back at once.
 */
@Injectable()
export class BulkJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Bulk');
  private stopped = false;
  private looping: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private lastFailureLog = 0;
  private lastSweep = 0;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly jobs: BulkJobsRepository,
    private readonly imports: ImportRunner,
    private readonly exports: ExportRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    /** False in the CLI, which runs only its own job (runOne). */
    @Optional() @Inject('BULK_LOOP') private readonly loop: boolean = true,
  ) {}

  onApplicationBootstrap(): void {
    const problem = leaseProblem('BULK_LEASE_SECONDS', this.config.bulkLeaseSeconds, this.config.bulkPollMs);
    if (problem) this.logger.warn(problem);
    if (this.loop) this.looping = uncounted(() => this.run());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.looping;
  }

  /** A job was queued in this process: look now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Takes job `id` of `table` if no process holds it and runs it here to its end; false when another
   * process holds it (the caller then follows its progress). `onProgress` hears the import after each chunk.
   */
  async runOne(table: BulkJobTable, id: number, onProgress?: (job: Import) => void): Promise<boolean> {
    return (await this.take(table, id, onProgress)) > 0;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let worked = 0;
      try {
        worked = (await this.take('imports', null)) + (await this.take('exports', null));
        if (Date.now() - this.lastSweep >= EXPIRED_SWEEP_MS) {
          this.lastSweep = Date.now();
          await this.exports.removeExpired();
        }
      } catch (err) {
        this.failed(err as Error);
      }
      if (worked === 0 && !this.stopped) await this.pause(this.config.bulkPollMs);
    }
  }

  /** Claims a free job of `table` (job `only`, when given) and runs it; answers 1 when it took one. */
  private async take(table: BulkJobTable, only: number | null, onProgress?: (job: Import) => void): Promise<number> {
    const lease = this.config.bulkLeaseSeconds;
    const ticket = newClaim();
    const job = await this.jobs.claimNext<Import | Export>(this.tx.direct, table, lease, ticket, only);
    if (!job) return 0;
    const keeper = new ClaimKeeper(
      ticket,
      [job.id],
      lease,
      (ids, token) => this.jobs.renew(this.tx.direct, table, ids, token, lease),
      this.logger,
      table === 'imports' ? 'import' : 'export',
    );
    try {
      if (table === 'imports') {
        await this.imports.run(job as Import, ticket, this.config.importChunkLines, () => this.stopped, onProgress);
      } else {
        await this.exports.run(job as Export, ticket, () => this.stopped);
      }
    } finally {
      keeper.stop();
      if (this.stopped) await this.giveBack(table, job.id, ticket);
    }
    return 1;
  }

  /** On the way out: the job goes back to the queue at once (its status stays `running`). */
  private async giveBack(table: BulkJobTable, id: number, ticket: ClaimTicket): Promise<void> {
    await this.jobs.release(this.tx.direct, table, id, ticket.token).catch((err: Error) => {
      this.logger.warn(`Could not give back ${table} ${id}: ${err.message}; another process takes it once its lease ends`);
    });
  }

  private failed(err: Error): void {
    if (Date.now() - this.lastFailureLog < FAILURE_LOG_MS) return;
    this.lastFailureLog = Date.now();
    this.logger.error(`Bulk job pass failed: ${err.message}`);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.min(ms, renewalMs(this.config.bulkLeaseSeconds)));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}
