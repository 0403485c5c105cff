import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const INTERVAL_UNITS = ['day', 'week', 'month', 'year'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

@Entity({ name: 'billing_plans' })
export class BillingPlan {
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
