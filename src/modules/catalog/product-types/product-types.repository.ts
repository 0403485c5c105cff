import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table, tableOf } from '../../../database/table.js';
import type { PartCounts, ProductPart } from '../domain/product-type-rules.js';
import { ProductExtra } from '../parts/product-extra.entity.js';
import { ProductOption } from '../parts/product-option.entity.js';
import { ProductType } from './product-type.entity.js';
import { ProductVariant } from '../parts/product-variant.entity.js';
import { Product } from '../products/product.entity.js';

/** Advisory lock key serializing switches of the default product type (any int8 unique to this purpose). */
const DEFAULT_SWITCH_LOCK = 7_301_019;

/** Every statement on product_types, and what the type rules read of a product's parts. */
@Injectable()
export class ProductTypesRepository {
  /** `{id|api_code}`, the code compared in any case as its stored `api_code_key` (UQ_product_types_api_code). */
  readonly types: Table<ProductType>;

  constructor(private readonly dataSource: DataSource) {
    this.types = new Table(dataSource, ProductType, { alt: 'api_code', fold: 'lower', label: 'Product type' });
  }

  /**
   * A type by id (null when none): the type a product write names or has, share-locked until the
   * write commits, so a change of its flags (which locks the row for update) waits for the write,
   * or the write for the change, and sees what it did (docs/api.md#product-types).
   */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async byId(m: EntityManager, id: number): Promise<ProductType | null> {
    const [row] = await runStatement<ProductType>(m, `SELECT * FROM ${tableOf(this.dataSource, ProductType)} WHERE id = $1 FOR SHARE`, [
      id,
    ]);
    return row ? m.create(ProductType, row) : null;
  }

  /**
   * The types of these ids and the default type, in one statement, share-locked as `byId` is: what
   * the product upsert of a whole batch checks against.
   */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async withDefault(m: EntityManager, ids: number[]): Promise<ProductType[]> {
    const rows = await runStatement<ProductType>(
      m,
      `SELECT * FROM ${tableOf(this.dataSource, ProductType)} WHERE id = ANY($1::int[]) OR is_default ORDER BY id FOR SHARE`,
      [ids],
    );
    return rows.map((r) => m.create(ProductType, r));
  }

  /**
   * For each (type, part) asked, the products of the type that have that part (live options,
   * variants, extras): how many, and the first ten by id, named by SKU (else `#id`). One statement
   * for any number of pairs; pairs no product uses are left out.
   */
  @GenerateSql({ args: [SqlArg.manager, [{ typeId: 1, part: 'variants' }]] })
  async productsUsing(
    m: EntityManager,
    pairs: { typeId: number; part: ProductPart }[],
  ): Promise<{ typeId: number; part: ProductPart; count: number; names: string[] }[]> {
    if (pairs.length === 0) return [];
    const t = (e: Function) => tableOf(this.dataSource, e);
    const rows = await runStatement<{ type_id: number; part: ProductPart; count: number; names: string[] }>(
      m,
      `SELECT x.type_id, x.part, count(*)::int AS count, (array_agg(coalesce(p.sku, '#' || p.id) ORDER BY p.id))[1:10] AS names
       FROM unnest($1::int[], $2::text[]) AS x(type_id, part)
       JOIN ${t(Product)} p ON p.product_type_id = x.type_id
       WHERE (x.part = 'options' AND EXISTS (SELECT 1 FROM ${t(ProductOption)} o WHERE o.product_id = p.id AND o.deleted_at IS NULL))
          OR (x.part = 'variants' AND EXISTS (SELECT 1 FROM ${t(ProductVariant)} v WHERE v.product_id = p.id))
          OR (x.part = 'extras' AND EXISTS (SELECT 1 FROM ${t(ProductExtra)} e WHERE e.product_id = p.id))
       GROUP BY x.type_id, x.part`,
      [pairs.map((q) => q.typeId), pairs.map((q) => q.part)],
    );
    return rows.map((r) => ({ typeId: r.type_id, part: r.part, count: r.count, names: r.names }));
  }

  /** Serializes switches of the default type until the transaction ends (see TaxClassesService). */
  @GenerateSql()
  async lockDefaultSwitch(m: EntityManager): Promise<void> {
    await runStatement(m, 'SELECT pg_advisory_xact_lock($1)', [DEFAULT_SWITCH_LOCK]);
  }

  /** Clears the default flag on every type but `keepId` (all when null); the caller holds the switch lock. Answers the types it cleared. */
  @GenerateSql({ name: 'on every type', args: [SqlArg.manager, null] }, { name: 'on every type but one', args: [SqlArg.manager, 1] })
  async clearDefault(m: EntityManager, keepId: number | null): Promise<ProductType[]> {
    const clear = m
      .createQueryBuilder()
      .update(ProductType)
      .set({ is_default: false, updated_at: () => 'now()' })
      .where('is_default');
    if (keepId !== null) clear.andWhere('id <> :keepId', { keepId });
    const result = await clear.returning('*').execute();
    return (result.raw as ProductType[]).map((row) => m.create(ProductType, row));
  }

  /** How many products are of the type (0 when none; the count stops at what a message needs). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async productCount(m: EntityManager, typeId: number): Promise<number> {
    const [row] = await runStatement<{ n: number }>(
      m,
      `SELECT count(*)::int AS n FROM ${tableOf(this.dataSource, Product)} p WHERE p.product_type_id = $1`,
      [typeId],
    );
    return row.n;
  }

  /** partCounts of many products, in one statement (products without any part are left out). */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async partCountsOf(m: EntityManager, productIds: number[]): Promise<Map<number, PartCounts>> {
    if (productIds.length === 0) return new Map();
    const t = (e: Function) => tableOf(this.dataSource, e);
    const rows = await runStatement<PartCounts & { product_id: number }>(
      m,
      `SELECT product_id, sum(o)::int AS options, sum(v)::int AS variants, sum(e)::int AS extras FROM (
         SELECT o.product_id, 1 AS o, 0 AS v, 0 AS e FROM ${t(ProductOption)} o WHERE o.product_id = ANY($1::int[]) AND o.deleted_at IS NULL
         UNION ALL SELECT v.product_id, 0, 1, 0 FROM ${t(ProductVariant)} v WHERE v.product_id = ANY($1::int[])
         UNION ALL SELECT e.product_id, 0, 0, 1 FROM ${t(ProductExtra)} e WHERE e.product_id = ANY($1::int[])
       ) parts GROUP BY product_id`,
      [productIds],
    );
    return new Map(rows.map(({ product_id, ...counts }) => [product_id, counts]));
  }
}
