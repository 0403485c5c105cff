import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoreColumn, StoreKey } from '../../../database/store-column.js';

export const INTERVAL_UNITS = ['day', 'week', 'month', 'year'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

@Entity({ name: 'billing_plans' })
@StoreKey('billing_plans')
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_billing_plans_updated_at_id', ['store_id', 'updated_at', 'id'])
export class BillingPlan {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 8 })
  interval_unit: IntervalUnit;

  @Column({ type: 'integer', default: 1 })
  interval_count: number;

  @Column({ type: 'integer', default: 0 })
  trial_days: number;

  /** null = renews without end. */
  @Column({ type: 'integer', nullable: true })
  renewal_cycles: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
