import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { ProductOwnedColumns } from './product-owned-columns.entity.js';

@Entity({ name: 'product_attributes' })
@Index('IDX_product_attributes_product_id', ['product_id'])
export class ProductAttribute extends ProductOwnedColumns {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  value: string | null;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
