import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { ExportsRepository } from './repositories/exports.repository.js';
import { ImportsRepository } from './repositories/imports.repository.js';

/** Jobs a step of the sweep looks at, and rows it deletes at most per statement. */
const SWEEP_JOBS = 100;
const SWEEP_ROWS = 10_000;

/** Steps one sweep takes at most: what is left waits for the next sweep. */
const SWEEP_STEPS = 1000;

/**
 * Retention of bulk jobs (docs/api.md#bulk-import-and-export): BULK_RETENTION_DAYS after an import or
 * an export ended, its stored lines and results, or its file, are deleted, in bounded steps (a
 * statement deletes at most SWEEP_ROWS rows of the SWEEP_JOBS jobs that ended first), and the job is
 * marked `purged_at` once nothing of it is left. Its row stays; from the moment it is due, its
 * results or file answer 410 (BulkJobsRepository.expired), whether the sweep got to it yet or not.
 * The bulk job engine's loop sweeps every minute; a spec calls `sweep` itself.
 */
@Injectable()
export class BulkRetention {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly imports: ImportsRepository,
    private readonly exports: ExportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One sweep: answers how many jobs it marked purged. */
  async sweep(): Promise<number> {
    const m = this.tx.direct;
    const days = this.config.bulkRetentionDays;
    let purged = 0;
    for (const table of [this.imports, this.exports]) {
      for (let step = 0; step < SWEEP_STEPS; step++) {
        const deleted = await table.deleteExpiredRows(m, days, SWEEP_JOBS, SWEEP_ROWS);
        const marked = await table.markPurged(m, days, SWEEP_JOBS);
        purged += marked;
        if (deleted === 0 && marked === 0) break;
      }
    }
    return purged;
  }
}
