import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table, tableOf } from '../../../database/table.js';
import type { PartCounts } from '../domain/product-type-rules.js';
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
  /** `{id|api_code}`, the code compared in any case on the lower(api_code) unique index. */
  readonly types: Table<ProductType>;

  constructor(private readonly dataSource: DataSource) {
    this.types = new Table(dataSource, ProductType, { alt: 'api_code', fold: 'lower', label: 'Product type' });
  }

  /** A type by id (null when none): the type a product write names or has. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  byId(m: EntityManager, id: number): Promise<ProductType | null> {
    return m.getRepository(ProductType).findOneBy({ id });
  }

  /** The types of these ids and the default type, in one statement: what the product upsert of a whole batch checks against. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async withDefault(m: EntityManager, ids: number[]): Promise<ProductType[]> {
    const rows = await runStatement<ProductType>(
      m,
      `SELECT * FROM ${tableOf(this.dataSource, ProductType)} WHERE id = ANY($1::int[]) OR is_default ORDER BY id`,
      [ids],
    );
    return rows.map((r) => m.create(ProductType, r));
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
