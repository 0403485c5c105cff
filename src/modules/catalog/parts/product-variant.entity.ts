import { Column, CreateDateColumn, Entity, Unique, UpdateDateColumn } from 'typeorm';
import { ProductOwnedColumns } from './product-owned-columns.entity.js';
import { StoreKey } from '../../../database/store-column.js';

@Entity({ name: 'product_variants' })
@StoreKey('product_variants')
/** jsonb equality is canonical, so two variants of a product cannot select the same option values. */
@Unique('UQ_product_variants_product_id_options', ['product_id', 'options'], { deferrable: 'INITIALLY IMMEDIATE' })
@Unique('UQ_product_variants_sku', ['store_id', 'sku'], { deferrable: 'INITIALLY IMMEDIATE' })
export class ProductVariant extends ProductOwnedColumns {
  @Column({ type: 'varchar', length: 64, nullable: true })
  sku: string | null;

  /** Null: the product's base price applies. */
  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  base_price: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  cost: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  weight: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  depth: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  width: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  height: string | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'boolean', default: false })
  is_on_sale: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  sale_price_or_discount: string | null;

  @Column({ type: 'boolean', default: false })
  track_inventory: boolean;

  @Column({ type: 'integer', nullable: true })
  in_stock_amount: number | null;

  @Column({ type: 'date', nullable: true })
  expected_availability_date: string | null;

  /** Option name → chosen value. */
  @Column({ type: 'jsonb', default: {} })
  options: Record<string, string>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
