import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { deleteRows, insertRows, rowsWhereIn, softDeleteRows, touchRows, updateRows } from '../../../database/sql/sets.js';
import { runStatement } from '../../../database/sql/statement.js';
import { tableOf } from '../../../database/table.js';
import { ProductAttribute } from '../parts/product-attribute.entity.js';
import { ProductCategory } from '../parts/product-category.entity.js';
import { ProductCustomFieldValue } from '../parts/product-custom-field-value.entity.js';
import { ProductExtra } from '../parts/product-extra.entity.js';
import { ProductOption } from '../parts/product-option.entity.js';
import { ProductPriceTier } from '../parts/product-price-tier.entity.js';
import { ProductVariant } from '../parts/product-variant.entity.js';
import { Product } from './product.entity.js';
import { Category } from '../categories/category.entity.js';
import { VariantPriceTier } from '../parts/variant-price-tier.entity.js';

/** The tables a product upsert writes in sets, by name (the names are fixed here, never from input). */
const TABLES = {
  products: Product,
  options: ProductOption,
  variants: ProductVariant,
  price_tiers: ProductPriceTier,
  variant_price_tiers: VariantPriceTier,
  extras: ProductExtra,
  attributes: ProductAttribute,
  categories: ProductCategory,
  custom_fields: ProductCustomFieldValue,
} as const satisfies Record<string, EntityTarget<ObjectLiteral>>;

export type SetTable = keyof typeof TABLES;
/** The tables of a product's parts whose writes show the rows they wrote (their events carry them). */
export type PartTable = Exclude<SetTable, 'products' | 'categories' | 'custom_fields'>;
export type SetRow<T extends SetTable> = InstanceType<(typeof TABLES)[T]>;

/** A category link made or removed by a product write, with its category. */
export interface LinkedCategory {
  product_id: number;
  category: Category;
}

/** Which column ties a part table's rows to their owner. */
const OWNER: Record<Exclude<SetTable, 'products'>, string> = {
  options: 'product_id',
  variants: 'product_id',
  price_tiers: 'product_id',
  variant_price_tiers: 'variant_id',
  extras: 'product_id',
  attributes: 'product_id',
  categories: 'product_id',
  custom_fields: 'product_id',
};

/**
 * The statements of a product upsert (item PUT, batch PUT, part collection PUTs): every one reads or
 * writes the rows of all the batch's products at once, so a batch costs a statement per table, not
 * per product or part (src/database/sql/sets.ts).
 */
@Injectable()
export class ProductBatchWriteRepository {
  private readonly defaults = new Map<SetTable, Record<string, unknown>>();

  constructor(private readonly dataSource: DataSource) {}

  /** The literal column defaults of a table: what a create gives a field left out (read from the mapping, no statement). */
  @GenerateSql({ args: ['products'] })
  defaultsOf(table: SetTable): Record<string, unknown> {
    let found = this.defaults.get(table);
    if (!found) {
      found = {};
      for (const c of this.dataSource.getMetadata(TABLES[table]).columns) {
        if (['string', 'number', 'boolean'].includes(typeof c.default)) found[c.propertyName] = c.default;
        else if (Array.isArray(c.default) || (c.default !== null && typeof c.default === 'object')) found[c.propertyName] = c.default;
      }
      this.defaults.set(table, found);
    }
    return found;
  }

  /** The products of these ids or SKUs, locked for the transaction (in id order). */
  @GenerateSql({ args: [SqlArg.manager, [1], ['SKU-1', 'SKU-2']] })
  async lockProducts(m: EntityManager, ids: number[], skus: string[]): Promise<Product[]> {
    const rows = await runStatement<Product>(
      m,
      `SELECT * FROM ${tableOf(m.connection, Product)} WHERE id = ANY($1::int[]) OR sku = ANY($2::text[]) ORDER BY id FOR UPDATE`,
      [ids, skus],
    );
    return rows.map((r) => m.create(Product, r));
  }

  /** Products holding any of these SKUs or URL names (to tell which another product already has). */
  @GenerateSql({ args: [SqlArg.manager, ['SKU-1'], ['cup']] })
  productsHolding(m: EntityManager, skus: string[], urlNames: string[]): Promise<Pick<Product, 'id' | 'sku' | 'url_name'>[]> {
    if (skus.length === 0 && urlNames.length === 0) return Promise.resolve([]);
    return runStatement(
      m,
      `SELECT id, sku, url_name FROM ${tableOf(m.connection, Product)} WHERE sku = ANY($1::text[]) OR url_name = ANY($2::text[])`,
      [skus, urlNames],
    );
  }

  /**
   * The URL names taken among these slugs and their numbered forms (`slug-2`, …), after an advisory
   * lock per slug (until the transaction ends), as a single create takes one: concurrent creates of
   * one name take turns. Two index lookups whatever the number of slugs: the names themselves, and
   * the names without their number (`url_name_base`, stored); written as a UNION, since PostgreSQL
   * plans the OR of the two as a scan of every product (160 ms at 100,000 products, 4 ms as two lookups).
   */
  @GenerateSql({ args: [SqlArg.manager, ['cup', 'mug']] })
  async takenUrlNames(m: EntityManager, slugs: string[]): Promise<string[]> {
    if (slugs.length === 0) return [];
    const rows = await runStatement<{ url_name: string }>(
      m,
      `WITH locks AS (SELECT pg_advisory_xact_lock(hashtext('products.url_name:' || s)) FROM unnest($1::text[]) AS s),
       held AS (SELECT count(*) AS n FROM locks)
       SELECT url_name FROM ${tableOf(m.connection, Product)}, held WHERE held.n >= 0 AND url_name = ANY($1::text[])
       UNION
       SELECT url_name FROM ${tableOf(m.connection, Product)}, held
        WHERE held.n >= 0 AND url_name_base = ANY($1::text[])`,
      [slugs],
    );
    return rows.map((r) => r.url_name);
  }

  /** Variants (of any product) holding these SKUs. */
  @GenerateSql({ args: [SqlArg.manager, ['V-1']] })
  variantsHolding(m: EntityManager, skus: string[]): Promise<Pick<ProductVariant, 'id' | 'product_id' | 'sku'>[]> {
    if (skus.length === 0) return Promise.resolve([]);
    return runStatement(m, `SELECT id, product_id, sku FROM ${tableOf(m.connection, ProductVariant)} WHERE sku = ANY($1::text[])`, [skus]);
  }

  /** The rows of a part table owned by these owners (live options only), in id order. */
  @GenerateSql(
    { name: 'options', args: [SqlArg.manager, 'options', [1, 2]] },
    { name: 'variant tiers', args: [SqlArg.manager, 'variant_price_tiers', [1]] },
  )
  async partsOf<T extends Exclude<SetTable, 'products'>>(m: EntityManager, table: T, ownerIds: number[]): Promise<SetRow<T>[]> {
    // Raw rows: their columns are the entity's, decoded by the pool's types (timestamps as Dates).
    return (await rowsWhereIn(m, TABLES[table] as EntityTarget<ObjectLiteral>, OWNER[table], ownerIds, {
      live: table === 'options',
    })) as SetRow<T>[];
  }

  /** Inserts rows of a table (each holding `columns`) in one statement; their ids, in order. */
  @GenerateSql({
    args: [
      SqlArg.manager,
      'attributes',
      ['product_id', 'name', 'value', 'sort_order'],
      [{ product_id: 1, name: 'a', value: 'b', sort_order: 0 }],
    ],
  })
  insert(m: EntityManager, table: SetTable, columns: string[], rows: Record<string, unknown>[]): Promise<{ id: number }[]> {
    return insertRows(m, TABLES[table], columns, rows);
  }

  /** Inserts rows of a part table as `insert` does; the new rows as stored, in order. */
  @GenerateSql({
    args: [
      SqlArg.manager,
      'attributes',
      ['product_id', 'name', 'value', 'sort_order'],
      [{ product_id: 1, name: 'a', value: 'b', sort_order: 0 }],
    ],
  })
  async insertParts<T extends PartTable>(
    m: EntityManager,
    table: T,
    columns: string[],
    rows: Record<string, unknown>[],
  ): Promise<SetRow<T>[]> {
    return (await insertRows(m, TABLES[table], columns, rows, { returning: 'rows' })) as unknown as SetRow<T>[];
  }

  /** Updates rows of a part table as `update` does; the rows it changed, as stored now. */
  @GenerateSql({ args: [SqlArg.manager, 'attributes', ['name', 'value', 'sort_order'], [{ id: 1, name: 'a', value: 'b', sort_order: 0 }]] })
  async updateParts<T extends PartTable>(
    m: EntityManager,
    table: T,
    columns: string[],
    rows: Record<string, unknown>[],
  ): Promise<SetRow<T>[]> {
    return (await updateRows(m, TABLES[table], columns, rows, { returning: 'rows' })) as unknown as SetRow<T>[];
  }

  /** Updates rows (by id) to these values in one statement; the ids of the rows it changed. */
  @GenerateSql({ args: [SqlArg.manager, 'attributes', ['name', 'value', 'sort_order'], [{ id: 1, name: 'a', value: 'b', sort_order: 0 }]] })
  update(m: EntityManager, table: SetTable, columns: string[], rows: Record<string, unknown>[]): Promise<{ id: number }[]> {
    return updateRows(m, TABLES[table], columns, rows, { touch: table !== 'categories' });
  }

  /** Deletes rows by id, in one statement: options softly (as their DELETE does), other parts for good. */
  @GenerateSql(
    { name: 'hard', args: [SqlArg.manager, 'variants', [1, 2]] },
    { name: 'options (soft)', args: [SqlArg.manager, 'options', [1]] },
  )
  remove(m: EntityManager, table: Exclude<SetTable, 'products'>, ids: number[]): Promise<void> {
    return table === 'options' ? softDeleteRows(m, ProductOption, ids) : deleteRows(m, TABLES[table], ids);
  }

  /**
   * Links categories to products in one statement; each link made, with its category as stored (the
   * data of its `product.category.created` event), in the order of `links`.
   */
  @GenerateSql({ args: [SqlArg.manager, [{ product_id: 1, category_id: 2 }]] })
  async linkCategories(m: EntityManager, links: { product_id: number; category_id: number }[]): Promise<LinkedCategory[]> {
    if (links.length === 0) return [];
    const rows = await runStatement<Category & { link_product_id: number }>(
      m,
      `WITH linked AS (
         INSERT INTO ${tableOf(m.connection, ProductCategory)} (product_id, category_id)
         SELECT * FROM unnest($1::int[], $2::int[]) RETURNING id, product_id, category_id
       )
       SELECT linked.product_id AS link_product_id, c.* FROM linked
         JOIN ${tableOf(m.connection, Category)} c ON c.id = linked.category_id ORDER BY linked.id`,
      [links.map((l) => l.product_id), links.map((l) => l.category_id)],
    );
    return rows.map(({ link_product_id, ...c }) => ({ product_id: link_product_id, category: m.create(Category, c) }));
  }

  /** Removes category links by id in one statement; each link removed, with its category as it is (the data of its event). */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async unlinkCategories(m: EntityManager, ids: number[]): Promise<LinkedCategory[]> {
    if (ids.length === 0) return [];
    const rows = await runStatement<Category & { link_product_id: number }>(
      m,
      `WITH unlinked AS (
         DELETE FROM ${tableOf(m.connection, ProductCategory)} WHERE id = ANY($1::int[]) RETURNING id, product_id, category_id
       )
       SELECT unlinked.product_id AS link_product_id, c.* FROM unlinked
         JOIN ${tableOf(m.connection, Category)} c ON c.id = unlinked.category_id ORDER BY unlinked.id`,
      [ids],
    );
    return rows.map(({ link_product_id, ...c }) => ({ product_id: link_product_id, category: m.create(Category, c) }));
  }

  /** Moves `updated_at` of products whose parts changed while their own row did not. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  touchProducts(m: EntityManager, ids: number[]): Promise<void> {
    return touchRows(m, Product, ids);
  }
}
