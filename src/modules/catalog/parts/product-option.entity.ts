import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { ProductOwnedColumns } from './product-owned-columns.entity.js';

/** Deleting an option is soft (`deleted_at`), so the names on older variants and quotes keep their meaning. */
@Entity({ name: 'product_options' })
@Index('UQ_product_options_product_id_name', ['product_id', 'name'], { unique: true, where: '"deleted_at" IS NULL' })
@Index('IDX_product_options_product_id', ['product_id'])
export class ProductOption extends ProductOwnedColumns {
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'jsonb', default: [] })
  values: string[];

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @Column({ type: 'timestamptz', nullable: true })
  deleted_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
