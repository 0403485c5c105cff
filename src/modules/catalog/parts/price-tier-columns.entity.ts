import { Column, CreateDateColumn, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { CustomerGroup } from '../../customers/customer-group.entity.js';
import { StoreColumn, StoreReference } from '../../../database/store-column.js';

/**
 * Volume prices. Product and variant tiers live in two tables of this shape. One tier per
 * (owner, group, quantity): NULL (any group) needs its own partial unique index, NULLs being distinct.
 */
export abstract class PriceTierColumns {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  /** Null: any customer; a group in use by a tier cannot be deleted (409). */
  @Column({ type: 'integer', nullable: true })
  customer_group_id: number | null;

  @StoreReference(() => CustomerGroup, 'customer_group_id', 'RESTRICT')
  customer_group?: Relation<CustomerGroup>;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  price: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
