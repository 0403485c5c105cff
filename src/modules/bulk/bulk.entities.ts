import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import type { ExportStatus, ImportStatus, LineStatus } from './domain/bulk-status.js';
import { StoreColumn } from '../../database/store-column.js';

/**
 * The claim of a background job (an import or an export), as src/database/sql/claims.ts describes
 * it: a holder takes the row with a lease, renews it while it lives, and records progress only under
 * its token. The same four columns as every other claimed table.
 */
abstract class ClaimedJob {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  /** When a process last took the job. */
  @Column({ type: 'timestamptz', nullable: true })
  claimed_at: Date | null;

  /** The claim in force, renewed while its holder lives; a job whose lease ran out is free again. */
  @Column({ type: 'timestamptz', nullable: true })
  leased_until: Date | null;

  /** The process that last took it (host:pid:nonce). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  lease_holder: string | null;

  /** The fencing token of the claim in force: progress is recorded only with it. */
  @Column({ type: 'uuid', nullable: true })
  lease_token: string | null;
}

/**
 * A bulk import (docs/api.md#bulk-import-and-export): the lines of an uploaded NDJSON file, applied in order in the
 * background by whichever process claims it. `last_line` is the file line number of the last line
 * whose result is recorded: a successor goes on after it.
 */
@Entity({ name: 'imports' })
@Index('IDX_imports_due', ['id'], { where: `status IN ('queued', 'running')` })
@Index('IDX_imports_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('IDX_imports_unpurged', ['finished_at'], { where: 'purged_at IS NULL AND finished_at IS NOT NULL' })
export class Import extends ClaimedJob {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  resource: string;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: ImportStatus;

  /** The non-blank lines of the file. */
  @Column({ type: 'integer', default: 0 })
  lines: number;

  @Column({ type: 'integer', default: 0 })
  processed: number;

  @Column({ type: 'integer', default: 0 })
  created: number;

  @Column({ type: 'integer', default: 0 })
  updated: number;

  @Column({ type: 'integer', default: 0 })
  unchanged: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  /** The file line number of the last line whose result is recorded (0: none yet). */
  @Column({ type: 'integer', default: 0 })
  last_line: number;

  /** Why the import as a whole failed. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /**
   * Attempts begun at the chunk after `last_line` (0 once it commits), counted before each, so that
   * one whose process died counts too: past the third its lines fail with `chunk_error`.
   */
  @Column({ type: 'integer', default: 0 })
  chunk_attempts: number;

  /** Why the last attempt at that chunk failed, when it failed rather than died. */
  @Column({ type: 'text', nullable: true })
  chunk_error: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at: Date | null;

  /**
   * When the retention sweep deleted its lines and results, BULK_RETENTION_DAYS after it ended
   * (docs/api.md#bulk-import-and-export): GET /import/{id}/results answers 410 from then on.
   */
  @Column({ type: 'timestamptz', nullable: true })
  purged_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}

/**
 * One uploaded line, written with COPY as the upload streams in; removed once its import is over.
 * `body` is null for a line that is not UTF-8 text (or holds a NUL character): it fails as not JSON.
 */
@Entity({ name: 'import_lines' })
export class ImportLine {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryColumn({ type: 'integer' })
  import_id: number;

  @ManyToOne(() => Import, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'import_id' })
  import?: Relation<Import>;

  /** Its number in the file, from 1 (blank lines count, though they are not stored). */
  @PrimaryColumn({ type: 'integer' })
  line: number;

  @Column({ type: 'text', nullable: true })
  body: string | null;
}

/** The result of one processed line, committed with the line's change. */
@Entity({ name: 'import_results' })
export class ImportResult {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryColumn({ type: 'integer' })
  import_id: number;

  @ManyToOne(() => Import, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'import_id' })
  import?: Relation<Import>;

  @PrimaryColumn({ type: 'integer' })
  line: number;

  @Column({ type: 'varchar', length: 16 })
  status: LineStatus;

  /** The id of the member the line created or matched; null when it failed. */
  @Column({ type: 'integer', nullable: true })
  resource_id: number | null;

  /** The line's key (a SKU, an e-mail, a code), null when it has none. */
  @Column({ type: 'text', nullable: true })
  key: string | null;

  @Column({ type: 'jsonb', nullable: true })
  errors: Record<string, string[]> | null;
}

/**
 * A bulk export: the members of a resource in the form its import takes, one line each, written in
 * the background and kept until `expires_at` (BULK_RETENTION_DAYS after it completed); a failed or
 * cancelled export keeps no lines. `last_id` is the id of the
 * last member written: a successor goes on after it.
 */
@Entity({ name: 'exports' })
@Index('IDX_exports_due', ['id'], { where: `status IN ('queued', 'running')` })
@Index('IDX_exports_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('IDX_exports_unpurged', ['finished_at'], { where: 'purged_at IS NULL AND finished_at IS NOT NULL' })
export class Export extends ClaimedJob {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  resource: string;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: ExportStatus;

  /** Members changed at or after this only (`updated_at_min`, docs/api.md#bulk-import-and-export). */
  @Column({ type: 'timestamptz', nullable: true })
  updated_at_min: Date | null;

  @Column({ type: 'integer', default: 0 })
  lines: number;

  @Column({ type: 'integer', default: 0 })
  last_id: number;

  /**
   * Where an ERP continues (docs/api.md#export-snapshot): every change committed after the snapshot
   * of the export's first chunk has `updated_at` at or after it. Set with that chunk; null before.
   */
  @Column({ type: 'timestamptz', nullable: true })
  snapshot_at: Date | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /**
   * Attempts begun at the chunk after `last_id` (0 once it commits), counted before each, so that
   * one whose process died counts too: past the third the export fails with `chunk_error`.
   */
  @Column({ type: 'integer', default: 0 })
  chunk_attempts: number;

  /** Why the last attempt at that chunk failed, when it failed rather than died. */
  @Column({ type: 'text', nullable: true })
  chunk_error: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at: Date | null;

  /** When a completed export's file is deleted: BULK_RETENTION_DAYS after it ended. */
  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  /** When the retention sweep deleted its file: GET /export/{id}/file answers 410 from then on. */
  @Column({ type: 'timestamptz', nullable: true })
  purged_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}

/** One line of an export's file. */
@Entity({ name: 'export_lines' })
export class ExportLine {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryColumn({ type: 'integer' })
  export_id: number;

  @ManyToOne(() => Export, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'export_id' })
  export?: Relation<Export>;

  @PrimaryColumn({ type: 'integer' })
  line: number;

  @Column({ type: 'text' })
  body: string;
}

export const BULK_ENTITIES = [Import, ImportLine, ImportResult, Export, ExportLine];
