import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DiscountType } from './domain/coupon-rules.js';
import { StoreColumn } from '../../../database/store-column.js';
import { FoldedKey } from '../../../database/lookup-columns.js';

/** Codes are unique case-insensitively: `UQ_coupons_code` is on their stored `lower()`, `code_key`. */
@Entity({ name: 'coupons' })
@Index('UQ_coupons_code', ['store_id', 'code_key'], { unique: true })
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_coupons_updated_at_id', ['store_id', 'updated_at', 'id'])
export class Coupon {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  code: string;

  /** `lower(code)`, stored: what a lookup by code compares (database/lookup-columns.ts). */
  @FoldedKey('code')
  code_key?: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 16 })
  discount_type: DiscountType;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  discount_value: string;

  @Column({ type: 'boolean', default: true })
  is_active: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  starts_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  ends_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
