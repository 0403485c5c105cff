import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoreColumn } from '../../database/store-column.js';

/** An integrator's endpoint: the event types it wants (wildcards allowed) and the secret its deliveries are signed with. */
@Entity({ name: 'webhooks' })
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_webhooks_updated_at_id', ['store_id', 'updated_at', 'id'])
export class Webhook {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** Patterns: an exact type, `<prefix>.*`, or `*`. */
  @Column({ type: 'text', array: true })
  events: string[];

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: true })
  is_active: boolean;

  /** The signing key (`whsec_…`), shown once at creation and rotation, kept so deliveries can be signed. */
  @Column({ type: 'varchar', length: 128 })
  secret: string;

  /** The secret rotate-secret replaced: deliveries are signed with it too until PREVIOUS_SECRET_SECONDS after `secret_rotated_at`. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  previous_secret: string | null;

  /** When rotate-secret last replaced the secret. */
  @Column({ type: 'timestamptz', nullable: true })
  secret_rotated_at: Date | null;

  /** Why delivery stopped by itself (410 Gone, failing for 24 h); cleared when the endpoint is switched on again. */
  @Column({ type: 'text', nullable: true })
  disabled_reason: string | null;

  /** Start of the current run of failed attempts; null after any success. */
  @Column({ type: 'timestamptz', nullable: true })
  failing_since: Date | null;

  /**
   * The scopes of the API key that created or last changed the endpoint, as they were then: the
   * fan-out queues only the events whose resource they read. Each delivery is judged again when it
   * is sent, by that key as it is then (`api_key_id`); these scopes judge it only for the endpoints
   * made before keys were recorded (`*`).
   */
  @Column({ type: 'text', array: true, default: () => "'{*}'" })
  scopes: string[];

  /** That key's id, the endpoint's key: any change to the endpoint makes the changing key its key (null for the endpoints made before keys were recorded). */
  @Column({ type: 'integer', nullable: true })
  api_key_id: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
