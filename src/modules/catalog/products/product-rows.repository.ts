import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table, tableOf } from '../../../database/table.js';
import { Product } from './product.entity.js';
import { ProductType } from '../product-types/product-type.entity.js';

/**
 * The products table's own rows: a product by `{product_id|product_sku}`, its writes, and the move
 * of its updated_at when a part of its representation changes. Reads of products as presented
 * (with their relations and embeds) are ProductsRepository's.
 */
@Injectable()
export class ProductRowsRepository {
  /** `{product_id|product_sku}`: the id first, then the SKU (case-sensitive: plain unique index, docs/api.md#paths-and-identifiers). */
  readonly products: Table<Product>;

  constructor(private readonly dataSource: DataSource) {
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

  /**
   * The stock of these products, locked for the rest of the transaction (in id order, so two
   * orders locking the same products never deadlock), with their type's `has_inventory`: what an
   * order's stock arithmetic reads (ProductsService.lockStock applies the type rule).
   */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  lockStock(m: EntityManager, ids: number[]): Promise<(StockRow & { has_inventory: boolean })[]> {
    return runStatement<StockRow & { has_inventory: boolean }>(
      m,
      `SELECT p.id, p.name, p.in_stock_amount, p.track_inventory, p.allow_negative_stock, p.allow_preorder, t.has_inventory
         FROM ${this.products.sqlName} p JOIN ${tableOf(this.dataSource, ProductType)} t ON t.id = p.product_type_id
        WHERE p.id = ANY($1::int[]) ORDER BY p.id FOR UPDATE OF p`,
      [ids],
    );
  }

  /**
   * Stores a product's rating; answers whether it changed (then updated_at moves: the rating is
   * part of the product). The caller holds the product's row lock.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, '4.50', 2] })
  async setRating(m: EntityManager, id: number, average: string | null, count: number): Promise<boolean> {
    const rows = await runStatement(
      m,
      `UPDATE ${this.products.sqlName} p SET rating_average = $2::numeric, rating_count = $3, updated_at = now()
        WHERE p.id = $1 AND (p.rating_average IS DISTINCT FROM $2::numeric OR p.rating_count IS DISTINCT FROM $3) RETURNING p.id`,
      [id, average, count],
    );
    return rows.length > 0;
  }

  /**
   * Adds `delta` units to each product's `in_stock_amount` (negative: taken), in one statement;
   * updated_at moves (the stock is part of the product). Products gone since are skipped.
   */
  @GenerateSql({ args: [SqlArg.manager, [1, 2], [-2, 3]] })
  async moveStock(m: EntityManager, ids: number[], deltas: number[]): Promise<void> {
    if (ids.length === 0) return;
    await runStatement(
      m,
      `UPDATE ${this.products.sqlName} p SET in_stock_amount = COALESCE(p.in_stock_amount, 0) + d.delta, updated_at = now()
         FROM unnest($1::int[], $2::int[]) AS d(id, delta) WHERE p.id = d.id`,
      [ids, deltas],
    );
  }
}

/** A product's stock and the flags that decide whether it may go below 0. */
export interface StockRow {
  id: number;
  name: string;
  in_stock_amount: number | null;
  track_inventory: boolean;
  allow_negative_stock: boolean;
  allow_preorder: boolean;
}
