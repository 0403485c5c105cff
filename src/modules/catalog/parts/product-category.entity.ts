import { Column, CreateDateColumn, Entity, Index, type Relation } from 'typeorm';
import { Category } from '../categories/category.entity.js';
import { ProductOwnedColumns } from './product-owned-columns.entity.js';
import { StoreReference } from '../../../database/store-column.js';

/** A product's link to a category; the id keeps the order of linking (the product's `category` is the first). */
@Entity({ name: 'product_categories' })
@Index('UQ_product_categories_product_id_category_id', ['product_id', 'category_id'], { unique: true })
@Index('IDX_product_categories_category_id', ['category_id'])
// The product's first category (its `category`) in link order: an index walk, whatever the planner's
// statistics say while a bulk import grows the table (without it, a stale estimate walked the primary key).
@Index('IDX_product_categories_product_id_id', ['product_id', 'id'])
export class ProductCategory extends ProductOwnedColumns {
  @Column({ type: 'integer' })
  category_id: number;

  @StoreReference(() => Category, 'category_id', 'CASCADE')
  category?: Relation<Category>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
