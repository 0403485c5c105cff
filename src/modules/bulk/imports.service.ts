import { createReadStream } from 'node:fs';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { mayRead, requestScopes, requireAccess } from '../../common/auth/resource-scopes.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { WithStatus } from '../../common/http/envelope.js';
import { NdjsonBody } from '../../common/http/ndjson-body.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Import } from './bulk.entities.js';
import { JobWakeups } from '../../common/jobs/job-wakeups.service.js';
import { BULK_JOBS } from './bulk-job.handler.js';
import { BulkJobBound } from './bulk-job.bound.js';
import { presentImport } from './bulk.presenter.js';
import type { ImportView } from './bulk.views.js';
import { EVENT_RESOURCE_OF } from './domain/bulk-event-names.js';
import { BULK_RESOURCES, type BulkResource } from './domain/bulk-resources.js';
import { UploadTooLargeError, uploadLines } from './domain/ndjson.js';
import type { ImportListQuery } from './dto/bulk.input.js';
import { BulkJobsRepository } from './repositories/bulk-jobs.repository.js';
import { type LineResult, ImportsRepository } from './repositories/imports.repository.js';
import { IMPORT_LIST } from './bulk.lists.js';
import { UploadSlots } from './upload-slots.js';
import { spoolUpload, sweepSpool } from './upload-spool.js';

/** Results read per statement while GET /import/{id}/results streams. */
const RESULTS_PAGE = 5000;

/** The keys' read scope decides which imports they see: that of the resource imported. */
const readable = (resource: string) => mayRead(requestScopes(), EVENT_RESOURCE_OF[resource as BulkResource] ?? resource);

/**
 * Bulk imports (docs/api.md#bulk-import-and-export): the upload is spooled to a file as it arrives (never held whole,
 * no database connection held meanwhile), then copied into PostgreSQL with COPY in one transaction with the
 * import's row, so a refused or broken upload leaves nothing behind;
 * the lines are applied in the background (the bulk job engine → ImportRunner). A key sees and acts on the
 * imports of the resources it may read (write, to create or cancel one).
 */
@Injectable()
export class ImportsService implements OnModuleInit {
  private readonly logger = new Logger('Imports');

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ImportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly wakeups: JobWakeups,
    private readonly bound: BulkJobBound,
    private readonly jobs: BulkJobsRepository,
    private readonly slots: UploadSlots,
  ) {}

  /** The spooled uploads of this host's processes that died mid-upload are removed at start (their uploads got no answer). */
  async onModuleInit(): Promise<void> {
    const removed = await sweepSpool(this.config.importSpoolDir);
    if (removed) this.logger.warn(`Removed ${removed} spooled upload(s) left in ${this.config.importSpoolDir} by processes that died`);
  }

  /**
   * POST /imports?resource=…: 202 with the queued import and its Location. `contentLength` is the
   * request's declared length, when it has one (413 before a byte is read).
   */
  async create(resource: BulkResource, body: AsyncIterable<Buffer | string>, contentLength?: number) {
    requireAccess(EVENT_RESOURCE_OF[resource], 'write');
    const view = presentImport(await this.upload(resource, body, contentLength));
    return new WithStatus(202, view, { Location: `/import/${view.id}` });
  }

  /**
   * The upload itself (also the CLI's door), in a slot of the store's uploads (429 beyond
   * UPLOADS_PER_STORE): spooled to a file while it arrives, holding no connection of the database
   * (cut when it sends nothing for IMPORT_IDLE_SECONDS: 408), then copied with the import row in one
   * transaction, so a refused or broken upload leaves nothing behind, its file included.
   */
  async upload(resource: BulkResource, body: AsyncIterable<Buffer | string>, contentLength?: number): Promise<Import> {
    const max = this.config.importMaxBytes;
    if (contentLength !== undefined && contentLength > max) throw new ApiError(413, `The request body is larger than ${max} bytes.`);
    await this.bound.precheck(this.tx.direct);
    const slot = await this.slots.acquire();
    try {
      const spooled = await spoolUpload(body, {
        dir: this.config.importSpoolDir,
        maxBytes: max,
        idleMs: this.config.importIdleSeconds * 1000,
      });
      try {
        return await this.tx.run(async (m, afterCommit) => {
          const created = await this.repository.create(m, resource);
          const lines = await this.repository.copyLines(m, created.id, storedLines(uploadLines(createReadStream(spooled.path), max)));
          if (lines === 0) throw ApiError.field('body', 'must hold at least one line (one JSON object per line)');
          await this.bound.admit(m);
          afterCommit(() => this.wakeups.wake(BULK_JOBS));
          return this.repository.setLines(m, created.id, lines);
        });
      } finally {
        await spooled.remove();
      }
    } catch (err) {
      if (err instanceof UploadTooLargeError) throw new ApiError(413, err.message);
      throw err;
    } finally {
      await slot.release();
    }
  }

  list(query: ImportListQuery) {
    // An import has no relations to embed: `embed` names none (422), as on any such collection.
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const req = pageRequest({ ...query, order: query.order ?? 'DESC' }, IMPORT_LIST.sortable);
    const resources = BULK_RESOURCES.filter(readable).filter((r) => query.resource === undefined || r === query.resource);
    const filter = query.status === undefined ? {} : { status: query.status };
    return this.repository.page(m, req, resources, filter).then((rows) => toPage(req, rows, async (items) => items.map(presentImport)));
  }

  async get(id: string, query: ItemQuery = {}): Promise<ImportView> {
    parseEmbed(query.embed, {});
    return presentImport(await this.find(id, 'read'));
  }

  /** POST /import/{id}/cancel: stops after the lines in progress (what they applied stays); 409 once finished. */
  async cancel(id: string): Promise<ImportView> {
    const job = await this.find(id, 'write');
    const cancelled = await this.tx.run((m) => this.repository.cancel(m, job.id));
    if (!cancelled)
      throw ApiError.conflict(
        `Import ${job.id} is ${(await this.find(id, 'write')).status}; only a queued or running import can be cancelled.`,
      );
    return presentImport(cancelled);
  }

  /**
   * GET /import/{id}/results: one NDJSON line per processed line, in file order, streamed page by
   * page; 410 once the import ended more than BULK_RETENTION_DAYS ago (its results are deleted).
   */
  async results(id: string): Promise<NdjsonBody> {
    const job = await this.find(id, 'read');
    if (await this.jobs.expired(this.tx.direct, 'imports', job.id, this.config.bulkRetentionDays))
      throw new ApiError(410, `The results of import ${job.id} were deleted ${this.config.bulkRetentionDays} days after it ended.`);
    const repository = this.repository;
    const m = this.tx.direct;
    async function* pages(): AsyncGenerator<string[]> {
      let after = 0;
      for (;;) {
        const rows = await repository.results(m, job.id, after, RESULTS_PAGE);
        if (rows.length === 0) return;
        yield rows.map(resultLine);
        after = rows[rows.length - 1].line;
        if (rows.length < RESULTS_PAGE) return;
      }
    }
    return new NdjsonBody(pages());
  }

  /** The import `id` names, when the key may `access` its resource: 404 for a bad or unknown id, 403 for another group's. */
  private async find(id: string, access: 'read' | 'write'): Promise<Import> {
    const job = await this.repository.imports.find(this.tx.direct, id);
    requireAccess(EVENT_RESOURCE_OF[job.resource as BulkResource] ?? job.resource, access);
    return job;
  }
}

/** A result as its NDJSON line: `errors` only when the line failed (docs/api.md#bulk-import-and-export). */
function resultLine(r: LineResult): string {
  const base = { line: r.line, status: r.status, id: r.id, key: r.key };
  return JSON.stringify(r.errors ? { ...base, errors: r.errors } : base);
}

/** The upload's lines as the table stores them: a flawed line's body is null (not text) or '' (too long). */
async function* storedLines(lines: AsyncIterable<{ line: number; text: string | null; flaw: string | null }[]>) {
  for await (const group of lines) yield group.map((l) => ({ line: l.line, body: l.flaw === 'too_long' ? '' : l.text }));
}
