import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { StoreColumn } from '../../database/store-column.js';

/**
 * One change to one resource, written in the transaction of the change (EventRecorder). Its public
 * id is `evt_<id>`; `sequence` counts the events of one resource (resource, resource_id) from 1,
 * so a receiver can drop an event older than one it already applied.
 */
@Entity({ name: 'events' })
@Index('IDX_events_resource_sequence', ['resource', 'resource_id', 'sequence'])
@Index('IDX_events_type_id', ['store_id', 'type', 'id'])
@Index('IDX_events_created_at', ['store_id', 'created_at', 'id'])
export class WebhookEvent {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  /** bigint: the pool reads int8 as a number (src/database/pool-types.ts); the presenter prefixes it (`evt_…`). */
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: number;

  /** `quote.created`, `quote.delivery.failed`, … (the catalog in docs/api.md). */
  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The resource the event is about: `quote`, `product`, `customer`, … */
  @Column({ type: 'varchar', length: 64 })
  resource: string;

  @Column({ type: 'bigint' })
  resource_id: number;

  @Column({ type: 'integer' })
  sequence: number;

  /** The resource as GET shows it after the change (as it was, for a delete). */
  @Column({ type: 'jsonb' })
  data: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
