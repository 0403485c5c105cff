import { timestamp } from '../../common/format/format.js';
import type { Export, Import } from './bulk.entities.js';
import type { ExportView, ImportView } from './bulk.views.js';

export function presentImport(i: Import): ImportView {
  return {
    id: i.id,
    resource: i.resource,
    status: i.status,
    lines: i.lines,
    processed: i.processed,
    created: i.created,
    updated: i.updated,
    unchanged: i.unchanged,
    failed: i.failed,
    error: i.error,
    created_at: timestamp(i.created_at),
    started_at: timestamp(i.started_at),
    finished_at: timestamp(i.finished_at),
    updated_at: timestamp(i.updated_at),
  };
}

export function presentExport(e: Export): ExportView {
  return {
    id: e.id,
    resource: e.resource,
    status: e.status,
    updated_at_min: timestamp(e.updated_at_min),
    lines: e.lines,
    snapshot_at: timestamp(e.snapshot_at),
    error: e.error,
    created_at: timestamp(e.created_at),
    started_at: timestamp(e.started_at),
    finished_at: timestamp(e.finished_at),
    expires_at: timestamp(e.expires_at),
    updated_at: timestamp(e.updated_at),
  };
}
