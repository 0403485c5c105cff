/** An import's life (docs/api.md#bulk-import-and-export): queued → running → completed | cancelled | failed. */
export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An export's life: queued → running → completed | cancelled | failed. */
export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** What became of one line of an import. */
export type LineStatus = 'created' | 'updated' | 'unchanged' | 'failed';

/** The statuses after which nothing changes any more. */
export const isFinished = (status: ImportStatus | ExportStatus): boolean =>
  status === 'completed' || status === 'cancelled' || status === 'failed';
