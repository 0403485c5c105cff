import { Inject, Injectable } from '@nestjs/common';
import { parseEmbed } from '../../common/embed/embed.js';
import { mayRead, requestScopes, requireAccess } from '../../common/auth/resource-scopes.js';
import { ApiError } from '../../common/http/api-error.js';
import { WithStatus } from '../../common/http/envelope.js';
import { NdjsonBody } from '../../common/http/ndjson-body.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { RowNotFoundError } from '../../database/row-not-found.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Export } from './bulk.entities.js';
import { JobWakeups } from '../../common/jobs/job-wakeups.service.js';
import { BULK_JOBS } from './bulk-job.handler.js';
import { BulkJobBound } from './bulk-job.bound.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { BulkJobsRepository } from './repositories/bulk-jobs.repository.js';
import { presentExport } from './bulk.presenter.js';
import type { ExportView } from './bulk.views.js';
import { EVENT_RESOURCE_OF } from './domain/bulk-event-names.js';
import { BULK_RESOURCES, type BulkResource } from './domain/bulk-resources.js';
import type { ExportListQuery } from './dto/bulk.input.js';
import { ExportsRepository } from './repositories/exports.repository.js';
import { EXPORT_LIST } from './bulk.lists.js';

/** Lines read per statement while GET /export/{id}/file streams. */
const FILE_PAGE = 5000;

/** The keys' read scope decides which exports they see: that of the resource exported. */
const readable = (resource: string) => mayRead(requestScopes(), EVENT_RESOURCE_OF[resource as BulkResource] ?? resource);

/** Timestamps are shown to the second, so `updated_at_min` takes whole seconds, as every collection's filter does. */
const wholeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/**
 * Bulk exports (docs/api.md#bulk-import-and-export): a queued export is written in the background (the bulk job engine →
 * ExportRunner), one line per member in the form its import takes, and its file is served once it
 * is completed, for BULK_RETENTION_DAYS (410 after); a failed or cancelled export keeps no file. A
 * key sees (and cancels) the exports of the resources it may read.
 */
@Injectable()
export class ExportsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ExportsRepository,
    private readonly wakeups: JobWakeups,
    private readonly bound: BulkJobBound,
    private readonly jobs: BulkJobsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /exports: 202 with the queued export and its Location. */
  async create(resource: BulkResource, updatedAtMin?: Date) {
    requireAccess(EVENT_RESOURCE_OF[resource], 'read');
    const view = presentExport(await this.start(resource, updatedAtMin));
    return new WithStatus(202, view, { Location: `/export/${view.id}` });
  }

  /** A queued export of `resource` (also the CLI's door), members updated at or after `updatedAtMin` only when given. */
  start(resource: BulkResource, updatedAtMin?: Date): Promise<Export> {
    return this.tx.run(async (m, afterCommit) => {
      const created = await this.repository.create(m, resource, updatedAtMin ? wholeSecond(updatedAtMin) : null);
      await this.bound.admit(m);
      afterCommit(() => this.wakeups.wake(BULK_JOBS));
      return created;
    });
  }

  list(query: ExportListQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const req = pageRequest({ ...query, order: query.order ?? 'DESC' }, EXPORT_LIST.sortable);
    const resources = BULK_RESOURCES.filter(readable).filter((r) => query.resource === undefined || r === query.resource);
    const filter = query.status === undefined ? {} : { status: query.status };
    return this.repository.page(m, req, resources, filter).then((rows) => toPage(req, rows, async (items) => items.map(presentExport)));
  }

  async get(id: string): Promise<ExportView> {
    return presentExport(await this.find(id));
  }

  /** POST /export/{id}/cancel: stops after the chunk in progress and deletes what was written; 409 once finished. */
  async cancel(id: string): Promise<ExportView> {
    const job = await this.find(id);
    const cancelled = await this.tx.run((m) => this.repository.cancel(m, job.id));
    if (!cancelled)
      throw ApiError.conflict(`Export ${job.id} is ${(await this.find(id)).status}; only a queued or running export can be cancelled.`);
    return presentExport(cancelled);
  }

  /**
   * GET /export/{id}/file: the file, streamed page by page; 409 until the export is completed (and
   * for good once it failed or was cancelled: it keeps no file), 410 once it ended more than
   * BULK_RETENTION_DAYS ago (its file is deleted).
   */
  async file(id: string): Promise<NdjsonBody> {
    const job = await this.find(id);
    if (job.status === 'failed' || job.status === 'cancelled')
      throw ApiError.conflict(`Export ${job.id} is ${job.status}; it has no file.`);
    if (job.status !== 'completed')
      throw ApiError.conflict(`Export ${job.id} is ${job.status}; its file can be read once it is completed.`);
    if (await this.jobs.expired(this.tx.direct, 'exports', job.id, this.config.bulkRetentionDays))
      throw new ApiError(410, `The file of export ${job.id} was deleted ${this.config.bulkRetentionDays} days after it completed.`);
    return new NdjsonBody(this.fileLines(job.id), `${job.resource}-${job.id}.ndjson`);
  }

  /** The lines of export `id`'s file, in order, a page at a time (also the CLI's door). */
  async *fileLines(id: number): AsyncIterable<string[]> {
    const m = this.tx.direct;
    let after = 0;
    for (;;) {
      const rows = await this.repository.fileLines(m, id, after, FILE_PAGE);
      if (rows.length === 0) return;
      yield rows.map((r) => r.body);
      after = rows[rows.length - 1].line;
      if (rows.length < FILE_PAGE) return;
    }
  }

  /** The export `id` names, when the key may read its resource: 404 for a bad or unknown id, 403 for another group's. */
  private async find(id: string): Promise<Export> {
    const job = await this.repository.find(this.tx.direct, id);
    if (!job) throw new RowNotFoundError('Export', id);
    requireAccess(EVENT_RESOURCE_OF[job.resource as BulkResource] ?? job.resource, 'read');
    return job;
  }
}
