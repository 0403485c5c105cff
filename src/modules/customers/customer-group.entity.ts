import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoreColumn, StoreKey } from '../../database/store-column.js';

/** A customer group; `customers_count` is derived when presented. */
@Entity({ name: 'customer_groups' })
@StoreKey('customer_groups')
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_customer_groups_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('UQ_customer_groups_api_code', ['store_id', 'api_code'], { unique: true })
export class CustomerGroup {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** How quotes and integrators refer to the group. */
  @Column({ type: 'varchar', length: 64 })
  api_code: string;

  @Column({ type: 'boolean', default: false })
  show_tax_inclusive: boolean;

  @Column({ type: 'boolean', default: false })
  is_tax_exempt: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
