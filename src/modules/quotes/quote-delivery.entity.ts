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
import { Quote } from './quote.entity.js';
import { StoreColumn } from '../../database/store-column.js';

/**
 * The outbox: one row per recipient of one send-quote request. `sending` is internal (a worker
 * holds it) and reads as `queued`.
 */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * What a delivery carries: the quote (send-quote), or a notice of the buyer's decision on the
 * cart page (docs/api.md#the-buyers-page-cart): a confirmation to the quote's recipients, or a note to STORE_EMAIL.
 */
export type DeliveryKind = 'quote' | 'buyer-accepted' | 'buyer-declined' | 'store-accepted' | 'store-declined';

@Entity({ name: 'quote_deliveries' })
@Index('IDX_quote_deliveries_quote_id', ['quote_id'])
@Index('IDX_quote_deliveries_status', ['status', 'next_attempt_at'])
export class QuoteDelivery {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  quote_id: number;

  @ManyToOne(() => Quote, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'quote_id' })
  quote?: Relation<Quote>;

  @Column({ type: 'text' })
  recipient: string;

  /** Blind copies requested with the send; they go with every message of the request. */
  @Column({ type: 'jsonb', default: [] })
  bcc: string[];

  /** The optional message of the send-quote request, shown in the e-mail. */
  @Column({ type: 'text', nullable: true })
  message: string | null;

  /** What the message is (see DeliveryKind); its template follows from it. */
  @Column({ type: 'varchar', length: 32, default: 'quote' })
  kind: DeliveryKind;

  /** The message carries the quote's PDF (`"attach_pdf": true` on send-quote). */
  @Column({ type: 'boolean', default: false })
  attach_pdf: boolean;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  last_error: string | null;

  @Column({ type: 'text', nullable: true })
  message_id: string | null;

  /** When a worker last took it (kept after the outcome). The claim's columns: src/database/sql/claims.ts. */
  @Column({ type: 'timestamptz', nullable: true })
  claimed_at: Date | null;

  /** While `sending`: the claim's expiry, renewed by its live holder; once past, the row is taken over. */
  @Column({ type: 'timestamptz', nullable: true })
  leased_until: Date | null;

  /** The process that last took it (host:pid:nonce). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  lease_holder: string | null;

  /** The fencing token of the claim in force: an outcome is recorded only with it. */
  @Column({ type: 'uuid', nullable: true })
  lease_token: string | null;

  /** Earliest next try after a failure (exponential backoff). */
  @Column({ type: 'timestamptz', nullable: true })
  next_attempt_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sent_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
