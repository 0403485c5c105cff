import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { Customer } from '../customers/customer.entity.js';
import type { SubscriptionStatus } from './domain/subscription-state.js';
import { StoreColumn, StoreKey, StoreReference } from '../../database/store-column.js';

/**
 * `number` is `S` + `nextval('subscription_number_seq')` (a sequence starting at 1001, created by
 * the migration), so numbers are never reused.
 */
@Entity({ name: 'subscriptions' })
@StoreKey('subscriptions')
@Index('IDX_subscriptions_customer_id', ['customer_id'])
@Index('IDX_subscriptions_billing_plan_id', ['billing_plan_id'])
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_subscriptions_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('UQ_subscriptions_number', ['store_id', 'number'], { unique: true })
export class Subscription {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  number: string;

  /** A customer with subscriptions cannot be deleted (409). */
  @Column({ type: 'integer' })
  customer_id: number;

  @StoreReference(() => Customer, 'customer_id', 'RESTRICT')
  customer?: Relation<Customer>;

  /** A plan in use cannot be deleted (409). */
  @Column({ type: 'integer' })
  billing_plan_id: number;

  @StoreReference(() => BillingPlan, 'billing_plan_id', 'RESTRICT')
  billing_plan?: Relation<BillingPlan>;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: SubscriptionStatus;

  @Column({ type: 'timestamptz' })
  started_at: Date;

  @Column({ type: 'timestamptz' })
  current_period_start: Date;

  @Column({ type: 'timestamptz' })
  current_period_end: Date;

  @Column({ type: 'integer', default: 0 })
  renewal_count: number;

  /**
   * Internal, not presented: the day of month monthly and yearly periods aim for, so a period
   * clamped to Feb 29 goes back to the 31st (see domain/billing-interval.ts).
   */
  @Column({ type: 'smallint' })
  anchor_day: number;

  @Column({ type: 'timestamptz', nullable: true })
  cancelled_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
