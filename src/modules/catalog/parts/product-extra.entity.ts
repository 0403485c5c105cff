import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { ProductOwnedColumns } from './product-owned-columns.entity.js';

/** A priced add-on; quote items name extras by SKU. */
@Entity({ name: 'product_extras' })
@Index('UQ_product_extras_product_id_sku', ['product_id', 'sku'], { unique: true })
export class ProductExtra extends ProductOwnedColumns {
  @Column({ type: 'varchar', length: 64 })
  sku: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'numeric', precision: 12, scale: 2, default: 0 })
  price: string;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  weight: string | null;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
