import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { StoreColumn, StoreKey, StoreReference } from '../../database/store-column.js';

export const QUOTE_TYPES = ['draft', 'saved', 'registered', 'guest'] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];

/**
 * A saved, priced cart. Prices are fixed when the quote is written (every write re-prices all
 * items), so reads never depend on later catalog changes. `status` is stored as written (`active`,
 * `accepted`, `declined`, `ordered`: see domain/quote-status.ts); an active quote past `expires_at` reads `expired`.
 */
@Entity({ name: 'quotes' })
@StoreKey('quotes')
@Index('IDX_quotes_customer_id', ['customer_id'])
@Index('IDX_quotes_billing_plan_id', ['billing_plan_id'])
@Index('IDX_quotes_updated_at', ['store_id', 'updated_at'])
// List indexes: a page ordered by `<column>, id` reads in index order instead of sorting the table.
@Index('IDX_quotes_customer_id_id', ['customer_id', 'id'])
@Index('IDX_quotes_type_id', ['store_id', 'type', 'id'])
@Index('IDX_quotes_status_expires_at_id', ['store_id', 'status', 'expires_at', 'id'])
@Index('IDX_quotes_expires_at_id', ['store_id', 'expires_at', 'id'])
@Index('IDX_quotes_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('IDX_quotes_created_at_id', ['store_id', 'created_at', 'id'])
@Index('IDX_quotes_name_id', ['store_id', 'name', 'id'])
@Index('IDX_quotes_billing_plan_id_id', ['billing_plan_id', 'id'])
@Index('UQ_quotes_number', ['store_id', 'number'], { unique: true })
export class Quote {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  /** `Q` + a PostgreSQL sequence (from 1001); never reused. */
  @Column({ type: 'varchar', length: 32 })
  number: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  type: QuoteType;

  @Column({ type: 'varchar', length: 32, default: 'active' })
  status: string;

  @Column({ type: 'varchar', length: 32, default: 'billing_info' })
  checkout_step: string;

  @Column({ type: 'integer', nullable: true })
  customer_id: number | null;

  @StoreReference(() => Customer, 'customer_id', 'RESTRICT')
  customer?: Relation<Customer>;

  @Column({ type: 'integer', nullable: true })
  billing_plan_id: number | null;

  @StoreReference(() => BillingPlan, 'billing_plan_id', 'RESTRICT')
  billing_plan?: Relation<BillingPlan>;

  @Column({ type: 'jsonb', nullable: true })
  customer_emails: string[] | null;

  @Index('UQ_quotes_cart_link_id', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  cart_link_id: string;

  /** 1 at creation, +1 whenever `cart_link_id` changes: the cart page's form token is signed over it (void once the link changes). */
  @Column({ type: 'integer', default: 1 })
  cart_link_version: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  coupon_code: string | null;

  @Column({ type: 'integer', nullable: true })
  expires_x_days: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  subtotal: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total_discount: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total_tax: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total: string;

  @Column({ type: 'timestamptz', nullable: true })
  last_sent_at: Date | null;

  /** When the buyer accepted the quote on its cart page; `status` is then `accepted` until reopened. */
  @Column({ type: 'timestamptz', nullable: true })
  accepted_at: Date | null;

  /** 1 at creation, +1 on every PATCH that changes something: the buyer's accept form carries the one it showed. */
  @Column({ type: 'integer', default: 1 })
  revision: number;

  /** When the buyer declined the quote on its cart page; `status` is then `declined` until reopened. */
  @Column({ type: 'timestamptz', nullable: true })
  declined_at: Date | null;

  @Column({ type: 'text', nullable: true })
  decline_reason: string | null;

  /** The order made from the quote (`status` then `ordered`, for good). */
  @Index('IDX_quotes_order_id')
  @Column({ type: 'integer', nullable: true })
  order_id: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
