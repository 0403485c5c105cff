import { Field } from '../../openapi/fields.js';
import { BULK_RESOURCES } from './domain/bulk-resources.js';
import { EXPORT_STATUSES, IMPORT_STATUSES } from './domain/bulk-status.js';

/** A bulk import (docs/api.md#bulk-import-and-export), as bulk.presenter.ts builds it. */
export class ImportView {
  @Field.id() id: number;
  @Field.enum(BULK_RESOURCES, { description: 'What each line is: a member of the batch PUT of this collection.' }) resource: string;
  @Field.enum(IMPORT_STATUSES, {
    description: '`queued` until a process takes it; `running` while its lines are applied.',
    example: 'completed',
  })
  status: string;
  @Field.integer({ description: 'The non-blank lines of the file.', example: 3 }) lines: number;
  @Field.integer({ description: 'Lines whose result is recorded.', example: 3 }) processed: number;
  @Field.integer({ example: 2 }) created: number;
  @Field.integer({ example: 0 }) updated: number;
  @Field.integer({ example: 0 }) unchanged: number;
  @Field.integer({ description: 'Lines that failed (their errors are in the results).', example: 1 }) failed: number;
  @Field.text({ nullable: true, example: null, description: 'Why the import as a whole failed; null otherwise.' }) error: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp({ nullable: true, description: 'When a process first took it.' }) started_at: string | null;
  @Field.timestamp({ nullable: true, description: 'When it completed, was cancelled or failed.' }) finished_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** A bulk export, as bulk.presenter.ts builds it. */
export class ExportView {
  @Field.id() id: number;
  @Field.enum(BULK_RESOURCES) resource: string;
  @Field.enum(EXPORT_STATUSES, { example: 'completed' }) status: string;
  @Field.timestamp({ nullable: true, example: null, description: 'Only members changed at or after this.' }) updated_at_min: string | null;
  @Field.integer({ description: 'Members written so far (all of them once completed).', example: 2 }) lines: number;
  @Field.timestamp({
    nullable: true,
    description:
      "Where to continue: every change committed after the file was read has `updated_at` at or after this, so it is the next export's (or list's) `updated_at_min`. Null until the first members are read.",
  })
  snapshot_at: string | null;
  @Field.text({ nullable: true, example: null, description: 'Why the export failed; null otherwise.' }) error: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp({ nullable: true }) started_at: string | null;
  @Field.timestamp({ nullable: true }) finished_at: string | null;
  @Field.timestamp({
    nullable: true,
    description:
      'When the file is deleted (`GET /export/{id}/file` then answers 410): `BULK_RETENTION_DAYS` (default 7) after it completed; null until it completes, and for a failed or cancelled export, which keeps no file.',
  })
  expires_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    ImportView: ImportView;
    ExportView: ExportView;
  }
}
