import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ApiKey } from '../../modules/api-keys/api-key.entity.js';
import { StoreColumn } from '../../database/store-column.js';

/**
 * One `Idempotency-Key` of one API key, written in the transaction of the write it guards together
 * with the response that write gave. Rows older than 24 hours are dead and swept.
 */
@Entity({ name: 'idempotency_keys' })
@Index('UQ_idempotency_keys_api_key_id_idempotency_key', ['api_key_id', 'idempotency_key'], { unique: true })
export class IdempotencyKey {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  api_key_id: number;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  api_key?: Relation<ApiKey>;

  @Column({ type: 'varchar', length: 255 })
  idempotency_key: string;

  /** SHA-256 of method, path and canonical body: the same key must come with the same request. */
  @Column({ type: 'char', length: 64 })
  fingerprint: string;

  /** Null only inside the request's own transaction (or in a row an earlier version reserved). */
  @Column({ type: 'int', nullable: true })
  status: number | null;

  @Column({ type: 'jsonb', nullable: true })
  headers: Record<string, string> | null;

  @Column({ type: 'text', nullable: true })
  body: string | null;

  @Index('IDX_idempotency_keys_created_at')
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
