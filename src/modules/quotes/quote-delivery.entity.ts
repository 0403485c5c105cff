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

/**
 * The outbox: one row per recipient of one send-quote request. `sending` is internal (a worker
 * holds it) and reads as `queued`.
 */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed';

@Entity({ name: 'quote_deliveries' })
@Index('IDX_quote_deliveries_quote_id', ['quote_id'])
@Index('IDX_quote_deliveries_status', ['status', 'next_attempt_at'])
export class QuoteDelivery {
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

  /** When a worker took it (status `sending`); a stale claim is taken over by the sweep. */
  @Column({ type: 'timestamptz', nullable: true })
  claimed_at: Date | null;

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
