import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClaimKeeper, type ClaimTicket, newClaim } from '../../common/jobs/claim-keeper.js';
import type { JobHandler } from '../../common/jobs/job.engine.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { runAsOperator } from '../../database/store-scope.js';
import { TransactionRunner } from '../../database/transaction.js';
import { StoreDirectory } from '../stores/store-directory.js';
import type { Export, Import } from './bulk.entities.js';
import { BulkRetention } from './bulk-retention.service.js';
import { ExportRunner } from './export.runner.js';
import { ImportRunner } from './import.runner.js';
import { type BulkJobTable, BulkJobsRepository } from './repositories/bulk-jobs.repository.js';

/** The engine of bulk jobs, which ImportsService and ExportsService wake after queueing a job. */
export const BULK_JOBS = 'bulk-jobs';

/** How often a pass sweeps the jobs past their retention (docs/api.md#bulk-import-and-export: BULK_RETENTION_DAYS). */
const RETENTION_SWEEP_MS = 60_000;

/**
 * The job kind of bulk imports and exports (docs/api.md#bulk-import-and-export), on the JobEngine:
 * one loop in the worker, and in the api when REDIS_URL is unset (no worker is expected then), as
 * the other kinds do. A pass takes the free import, then the free export, that ran least recently,
 * each with a leased claim (renewed every third of BULK_LEASE_SECONDS while it works, so a process
 * that dies is taken over within 30 s), and works on it for a slice (BULK_SLICE_MS, one chunk at
 * least), then gives it back if another job waits: jobs share the loops, and a small one queued behind a large one starts
 * within a slice rather than when the large one ends. Several processes share the queue (SKIP
 * LOCKED). The CLI runs a job of its own through `runOne`, to its end. On SIGTERM the chunk in
 * progress commits and the job is given back at once. Every minute a pass also sweeps the jobs past
 * their retention (BulkRetention).
 */
@Injectable()
export class BulkJobHandler implements JobHandler, OnApplicationShutdown {
  private readonly logger = new Logger('Bulk');
  /** The process is stopping (the CLI's `runOne` has no engine loop to say so). */
  private stopped = false;
  private lastSweep = 0;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly jobs: BulkJobsRepository,
    private readonly imports: ImportRunner,
    private readonly exports: ExportRunner,
    private readonly retention: BulkRetention,
    private readonly stores: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  async pass(stopping: () => boolean): Promise<number> {
    const stop = () => this.stopped || stopping();
    const worked = (await this.take('imports', null, stop, true)) + (await this.take('exports', null, stop, true));
    if (Date.now() - this.lastSweep >= RETENTION_SWEEP_MS) {
      this.lastSweep = Date.now();
      await this.retention.sweep();
    }
    return worked;
  }

  /**
   * Takes job `id` of `table` if no process holds it and runs it here to its end; false when another
   * process holds it (the caller then follows its progress). `onProgress` hears the import after each chunk.
   */
  async runOne(table: BulkJobTable, id: number, onProgress?: (job: Import) => void): Promise<boolean> {
    return (await this.take(table, id, () => this.stopped, false, onProgress)) > 0;
  }

  /**
   * Claims a free job of `table` (job `only`, when given) and runs it, for a slice when `sliced`
   * (then gives it back), else to its end; answers 1 when it took one.
   */
  private async take(
    table: BulkJobTable,
    only: number | null,
    stopping: () => boolean,
    sliced: boolean,
    onProgress?: (job: Import) => void,
  ): Promise<number> {
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
    // The slice ends after a chunk once BULK_SLICE_MS passed and another job waits; a job alone goes on.
    let sliceEnds = Date.now() + this.config.bulkSliceMs;
    let sliceOver = false;
    const slice = async () => {
      if (!sliced || Date.now() < sliceEnds) return false;
      // Whether any store's job waits: the operator's question, asked from inside this store's work.
      sliceOver = await runAsOperator(() => this.jobs.othersWaiting(this.tx.direct, table, job.id));
      sliceEnds = Date.now() + this.config.bulkSliceMs;
      return sliceOver;
    };
    try {
      // The job is its store's work: its chunks read and write that store's rows only.
      await this.stores.runAs(job.store_id!, async () => {
        if (table === 'imports') {
          await this.imports.run(job as Import, ticket, this.config.importChunkLines, stopping, onProgress, slice);
        } else {
          await this.exports.run(job as Export, ticket, stopping, slice);
        }
      });
    } finally {
      keeper.stop();
      if (stopping() || sliceOver) await this.giveBack(table, job.id, ticket);
    }
    return 1;
  }

  /** On the way out, or at the end of its slice: the job goes back to the queue at once (its status stays `running`). */
  private async giveBack(table: BulkJobTable, id: number, ticket: ClaimTicket): Promise<void> {
    await this.jobs.release(this.tx.direct, table, id, ticket.token).catch((err: Error) => {
      this.logger.warn(`Could not give back ${table} ${id}: ${err.message}; another process takes it once its lease ends`);
    });
  }
}
