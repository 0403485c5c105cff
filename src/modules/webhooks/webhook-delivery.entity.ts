import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { WebhookEvent } from './event.entity.js';
import { Webhook } from './webhook.entity.js';
import { StoreColumn } from '../../database/store-column.js';

/** `skipped`: the key that last created or changed the endpoint could not read the event when it was due (`error` says why); nothing was sent. */
export type WebhookDeliveryStatus = 'queued' | 'succeeded' | 'failed' | 'skipped';

/** One attempt as the delivery keeps it (`attempt_log`), written with the outcome under the claim's token. */
export interface WebhookAttemptRecord {
  /** Its number (the delivery's `attempts` when it was made): 1 for the first. */
  attempt: number;
  /** When the request started (ISO 8601). */
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/**
 * One event for one endpoint, written with the event (fan-out in the same transaction), so nothing
 * is lost. A worker holds a row while `leased_until` is in the future (it renews it while it lives);
 * a row whose lease ran out is free again (the worker died).
 */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_due', ['next_attempt_at', 'id'], { where: `status = 'queued'` })
@Index('IDX_webhook_deliveries_webhook', ['webhook_id', 'id'])
@Index('IDX_webhook_deliveries_event', ['event_id'])
export class WebhookDelivery {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ type: 'integer' })
  webhook_id: number;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Relation<Webhook>;

  @Column({ type: 'bigint' })
  event_id: number;

  @ManyToOne(() => WebhookEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: Relation<WebhookEvent>;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: WebhookDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  next_attempt_at: Date;

  /** When a worker last took it (kept after the outcome). The claim's columns: src/database/sql/claims.ts. */
  @Column({ type: 'timestamptz', nullable: true })
  claimed_at: Date | null;

  /** A worker's claim, renewed while the worker lives: until then no other worker takes the row. */
  @Column({ type: 'timestamptz', nullable: true })
  leased_until: Date | null;

  /** The process that last took it (host:pid:nonce). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  lease_holder: string | null;

  /** The fencing token of the claim in force: an outcome is recorded only with it. */
  @Column({ type: 'uuid', nullable: true })
  lease_token: string | null;

  @Column({ type: 'integer', nullable: true })
  last_status_code: number | null;

  @Column({ type: 'integer', nullable: true })
  duration_ms: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The last MAX_ATTEMPT_RECORDS attempts, oldest first (the last one is also in last_status_code, duration_ms, error). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  attempt_log: WebhookAttemptRecord[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
