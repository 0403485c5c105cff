import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Customer } from '../customers/customer.entity.js';
import type { FulfillmentStatus, OrderStatus, PaymentStatus } from './domain/order-status.js';
import { StoreColumn, StoreKey, StoreReference } from '../../database/store-column.js';

/**
 * An order made from a quote (docs/api.md#orders): a frozen copy of what was quoted (its items, totals,
 * customer, e-mails and the customer's default shipping address at conversion), which later changes
 * to products, prices, taxes or the quote never alter. `number` is `O` + the next of its store's order numbers (from 1001).
 */
@Entity({ name: 'orders' })
@StoreKey('orders')
@Index('IDX_orders_customer_id', ['customer_id'])
@Index('IDX_orders_created_at', ['store_id', 'created_at'])
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_orders_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('UQ_orders_number', ['store_id', 'number'], { unique: true })
export class Order {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  number: string;

  /** A quote becomes one order at most. */
  @Index('UQ_orders_quote_id', { unique: true })
  @Column({ type: 'integer' })
  quote_id: number;

  // The quote by its entity name: the orders module imports nothing of the quotes module (which makes
  // orders from quotes), and the foreign key is all this relation is for.
  @StoreReference('Quote', 'quote_id', 'RESTRICT')
  quote?: Relation<object>;

  @Column({ type: 'integer', nullable: true })
  customer_id: number | null;

  @StoreReference(() => Customer, 'customer_id', 'RESTRICT')
  customer?: Relation<Customer>;

  @Column({ type: 'jsonb', nullable: true })
  customer_emails: string[] | null;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  status: OrderStatus;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  payment_status: PaymentStatus;

  @Column({ type: 'varchar', length: 16, default: 'unfulfilled' })
  fulfillment_status: FulfillmentStatus;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  coupon_code: string | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  subtotal: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total_discount: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total_tax: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total: string;

  /** The customer's default shipping address at conversion, as GET showed it then; null without one. */
  @Column({ type: 'jsonb', nullable: true })
  shipping_address: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  cancelled_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
