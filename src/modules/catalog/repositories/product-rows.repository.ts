import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { Table } from '../../../database/table.js';
import { Product } from '../product.entity.js';

/**
 * The products table's own rows: a product by `{product_id|product_sku}`, its writes, and the move
 * of its updated_at when a part of its representation changes. Reads of products as presented
 * (with their relations and embeds) are ProductsRepository's.
 */
@Injectable()
export class ProductRowsRepository {
  /** `{product_id|product_sku}`: the id first, then the SKU (case-sensitive: plain unique index, CONTRACT §2). */
  readonly products: Table<Product>;

  constructor(dataSource: DataSource) {
    this.products = new Table(dataSource, Product, { alt: 'sku', label: 'Product' });
  }

  /** Moves a product's updated_at (its Last-Modified) when something in its own representation changed. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async touch(m: EntityManager, id: number): Promise<void> {
    await m
      .createQueryBuilder()
      .update(Product)
      .set({ updated_at: () => 'now()' })
      .where('id = :id', { id })
      .execute();
  }
}
