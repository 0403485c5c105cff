import { Column, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Product } from '../products/product.entity.js';
import { StoreColumn, StoreReference } from '../../../database/store-column.js';

/**
 * The first columns of a table whose rows belong to a product and go with it (CASCADE): its id and
 * `product_id`. Not an entity: each table's entity extends it, and its own columns follow these.
 */
export abstract class ProductOwnedColumns {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  product_id: number;

  @StoreReference(() => Product, 'product_id', 'CASCADE')
  product?: Relation<Product>;
}
