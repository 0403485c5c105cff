import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { CustomerGroup } from './customer-group.entity.js';
import { StoreColumn, StoreKey, StoreReference } from '../../database/store-column.js';
import { FoldedKey } from '../../database/lookup-columns.js';

/** E-mail is stored as given and unique case-insensitively: `UQ_customers_email` is on its stored `lower()`, `email_key`. */
@Entity({ name: 'customers' })
@StoreKey('customers')
@Index('UQ_customers_email', ['store_id', 'email_key'], { unique: true })
@Index('IDX_customers_customer_group_id', ['customer_group_id'])
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_customers_updated_at_id', ['store_id', 'updated_at', 'id'])
export class Customer {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', nullable: true })
  first_name: string | null;

  @Column({ type: 'text', nullable: true })
  last_name: string | null;

  @Column({ type: 'text' })
  email: string;

  /** `lower(email)`, stored: what a lookup by e-mail compares (database/lookup-columns.ts). */
  @FoldedKey('email')
  email_key?: string;

  @Column({ type: 'text', nullable: true })
  company: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'boolean', default: false })
  is_guest: boolean;

  @Column({ type: 'integer', nullable: true })
  customer_group_id: number | null;

  /** A group still holding customers cannot be deleted (409). */
  @StoreReference(() => CustomerGroup, 'customer_group_id', 'RESTRICT')
  group?: Relation<CustomerGroup>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
