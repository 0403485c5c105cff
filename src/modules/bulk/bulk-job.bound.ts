import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../../common/http/api-error.js';
import { BulkJobsRepository } from './repositories/bulk-jobs.repository.js';

/** Imports and exports a store may have queued or running at once (docs/api.md#bulk-import-and-export). */
const MAX_ACTIVE_BULK_JOBS = 5;

/** The wait a refused client is told to take: about a slice of the jobs ahead of it. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The store's bound on bulk jobs, the one rule both doors (the api's routes and the CLI) meet
 * through ImportsService.upload and ExportsService.start: at most MAX_ACTIVE_BULK_JOBS imports and
 * exports queued or running, the next one refused with 429 and `Retry-After`. `admit` decides, in
 * the transaction that queues the job, after its row is written and right before its commit, under
 * a lock that holds until that commit (BulkJobsRepository.lockBound): six at once → exactly five.
 * `precheck` refuses early, before an upload is read, when the bound is reached already.
 */
@Injectable()
export class BulkJobBound {
  constructor(private readonly jobs: BulkJobsRepository) {}

  /** 429 when the store is at its bound already (no lock: `admit` decides). */
  async precheck(m: EntityManager): Promise<void> {
    if ((await this.jobs.countActive(m)) >= MAX_ACTIVE_BULK_JOBS) throw tooMany();
  }

  /** In the transaction of `m`, which has written the new job's row: 429 (rolling it back) when it is one too many. */
  async admit(m: EntityManager): Promise<void> {
    await this.jobs.lockBound(m);
    if ((await this.jobs.countActive(m)) > MAX_ACTIVE_BULK_JOBS) throw tooMany();
  }
}

function tooMany(): ApiError {
  return new ApiError(
    429,
    `This store has ${MAX_ACTIVE_BULK_JOBS} imports and exports queued or running; retry in ${RETRY_AFTER_SECONDS} s, or cancel one.`,
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}
