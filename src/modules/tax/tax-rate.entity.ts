import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { TaxClass } from './tax-class.entity.js';
import { StoreColumn, StoreReference } from '../../database/store-column.js';

@Entity({ name: 'tax_rates' })
@Index('IDX_tax_rates_tax_class_id', ['tax_class_id'])
export class TaxRate {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  tax_class_id: number;

  @StoreReference(() => TaxClass, 'tax_class_id', 'CASCADE')
  tax_class?: Relation<TaxClass>;

  /** Country code or `*`. */
  @Column({ type: 'varchar', length: 2, default: '*' })
  country: string;

  /** State code or `*`. */
  @Column({ type: 'varchar', length: 10, default: '*' })
  state: string;

  /** Postal code or `*`. */
  @Column({ type: 'varchar', length: 20, default: '*' })
  zip: string;

  /** City name or `*`. */
  @Column({ type: 'varchar', length: 100, default: '*' })
  city: string;

  /** Percent with four decimals, e.g. 8.8750. */
  @Column({ type: 'numeric', precision: 7, scale: 4 })
  rate: string;

  @Column({ type: 'integer', default: 1 })
  priority: number;

  @Column({ type: 'text', nullable: true })
  tax_name: string | null;

  @Column({ type: 'boolean', default: false })
  is_compound: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
