import { runStatement } from '../../../database/sql/statement.js';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EmbedSelection } from '../../../common/embed/embed.js';
import { keySql } from '../../../database/sql/key-lookup.js';
import { rowsWhereIn } from '../../../database/sql/sets.js';
import type { PageRequest } from '../../../common/paging/page-request.js';
import { cappedCountSql, orderSql, pageConditionsSql, pageTotal } from '../../../database/sql/page.js';
import { SqlParams } from '../../../database/sql/params.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { decodeRows, jsonArraySql, jsonRowDecoder, jsonRowSql } from '../../../database/sql/json.js';
import { CustomFieldDefinition } from '../../custom-fields/custom-field-definition.entity.js';
import { TaxClass } from '../../tax/tax-class.entity.js';
import type { Category } from '../categories/category.entity.js';
import { Category as CategoryEntity } from '../categories/category.entity.js';
import type { ProductAttribute } from '../parts/product-attribute.entity.js';
import { ProductAttribute as AttributeEntity } from '../parts/product-attribute.entity.js';
import { ProductCategory } from '../parts/product-category.entity.js';
import { ProductCustomFieldValue } from '../parts/product-custom-field-value.entity.js';
import type { ProductExtra } from '../parts/product-extra.entity.js';
import { ProductExtra as ExtraEntity } from '../parts/product-extra.entity.js';
import type { ProductOption } from '../parts/product-option.entity.js';
import { ProductOption as OptionEntity } from '../parts/product-option.entity.js';
import type { ProductPriceTier } from '../parts/product-price-tier.entity.js';
import { ProductPriceTier as TierEntity } from '../parts/product-price-tier.entity.js';
import type { ProductVariant } from '../parts/product-variant.entity.js';
import { ProductVariant as VariantEntity } from '../parts/product-variant.entity.js';
import { Product } from './product.entity.js';
import { ProductType } from '../product-types/product-type.entity.js';
import { VariantPriceTier } from '../parts/variant-price-tier.entity.js';
import { tableOf } from '../../../database/table.js';
import { ProductEmbedRegistry } from './product-embed.registry.js';

/**
 * A product as one read query returns it: its row and everything its presentation needs, as the
 * entities (see jsonRowSql; timestamps decoded by decodeProduct). Embeds are present only when asked for.
 */
export interface ProductRecord {
  row: Product;
  options: ProductOption[];
  /** The name of its first category (by link order), or null. */
  category: string | null;
  tax_class: string | null;
  /** The product's type (its flags shape the presentation; also the `product_type` embed). */
  product_type: ProductType;
  categories?: Category[];
  variants?: ProductVariant[];
  extras?: ProductExtra[];
  attributes?: ProductAttribute[];
  pricetiers?: ProductPriceTier[];
  /** Stored custom field values by definition id. */
  customfields?: Record<string, string> | null;
  /** Embeds of modules above the catalog (ProductEmbedRegistry), by name, as their SQL gave them. */
  registered?: Record<string, unknown>;
}

export interface ProductPageRecord {
  products: ProductRecord[];
  total: number;
  /** Custom field definitions of products, when `customfields` is embedded. */
  definitions?: CustomFieldDefinition[];
}

/** A product as the quotes' pricing context reads it (pricingJsonSql): its row and what pricing reads of it. */
export interface ProductPricingRow {
  row: Product;
  tiers: ProductPriceTier[];
  options: ProductOption[];
  variants: { row: ProductVariant; tiers: VariantPriceTier[] }[];
  extras: ProductExtra[];
}

const EMBED_NAMES = ['variants', 'options', 'extras', 'attributes', 'categories', 'pricetiers', 'customfields'] as const;

/** Examples for the SQL snapshot: every embed, and a first page sorted by name. */
const EVERY_EMBED: EmbedSelection = Object.fromEntries(EMBED_NAMES.map((n) => [n, {}]));
const PAGE: PageRequest = { sort: 'name', column: 'name', order: 'ASC', limit: 10, page: 1, offset: 0 };

/**
 * The catalog's hand-written read queries: a product or a page of products, with every relation
 * and embed, in one statement each. SQL text is built once per shape from entity metadata and
 * whitelisted sort columns; every value travels as a parameter.
 */
@Injectable()
export class ProductsRepository {
  private readonly cache = new Map<string, string>();
  /** A record of productJsonSql with its timestamps as Dates (in place), nested rows too. */
  readonly decodeProduct: (record: ProductRecord) => ProductRecord;
  /** Rows of pricingJsonSql with their timestamps as Dates (in place). */
  readonly decodePricing: (rows: ProductPricingRow[] | null) => ProductPricingRow[] | null;
  /** Custom field definitions of a read (definitionsSql) with their timestamps as Dates (in place). */
  private readonly decodeDefinitions: (rows: CustomFieldDefinition[] | undefined) => void;

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ProductEmbedRegistry,
  ) {
    const product = jsonRowDecoder(dataSource, Product);
    const option = jsonRowDecoder(dataSource, OptionEntity);
    const category = jsonRowDecoder(dataSource, CategoryEntity);
    const variant = jsonRowDecoder(dataSource, VariantEntity);
    const extra = jsonRowDecoder(dataSource, ExtraEntity);
    const attribute = jsonRowDecoder(dataSource, AttributeEntity);
    const tier = jsonRowDecoder(dataSource, TierEntity);
    const variantTier = jsonRowDecoder(dataSource, VariantPriceTier);
    const definition = jsonRowDecoder(dataSource, CustomFieldDefinition);
    const type = jsonRowDecoder(dataSource, ProductType);
    this.decodeProduct = (r) => {
      product(r.row);
      type(r.product_type);
      decodeRows(r.options, option);
      decodeRows(r.categories, category);
      decodeRows(r.variants, variant);
      decodeRows(r.extras, extra);
      decodeRows(r.attributes, attribute);
      decodeRows(r.pricetiers, tier);
      return r;
    };
    this.decodePricing = (rows) => {
      for (const r of rows ?? []) {
        product(r.row);
        decodeRows(r.tiers, tier);
        decodeRows(r.options, option);
        for (const v of r.variants) {
          variant(v.row);
          decodeRows(v.tiers, variantTier);
        }
        decodeRows(r.extras, extra);
      }
      return rows;
    };
    this.decodeDefinitions = (rows) => decodeRows(rows, definition);
  }

  /**
   * The JSON expression of a product row aliased `alias` (a products row or a CTE of products
   * rows): what every quote item and product response presents.
   */
  @GenerateSql({ name: 'no embeds', args: ['p'] }, { name: 'every embed', args: ['p', EVERY_EMBED] })
  productJsonSql(alias: string, embed: EmbedSelection = {}): string {
    const key = `json|${alias}|${this.embedKey(embed)}`;
    let sql = this.cache.get(key);
    if (sql) return sql;
    const t = (e: Function) => tableOf(this.dataSource, e);
    const ds = this.dataSource;
    const fields = [
      `'row', ${jsonRowSql(ds, Product, alias)}`,
      `'options', (SELECT ${jsonArraySql(jsonRowSql(ds, OptionEntity, 'o'), 'o.sort_order, o.id')}
                     FROM ${t(OptionEntity)} o WHERE o.product_id = ${alias}.id AND o.deleted_at IS NULL)`,
      `'category', (SELECT c.name FROM ${t(ProductCategory)} pc JOIN ${t(CategoryEntity)} c ON c.id = pc.category_id
                     WHERE pc.product_id = ${alias}.id ORDER BY pc.id LIMIT 1)`,
      `'tax_class', (SELECT tc.name FROM ${t(TaxClass)} tc WHERE tc.id = ${alias}.tax_class_id)`,
      `'product_type', (SELECT ${jsonRowSql(ds, ProductType, 'pt')} FROM ${t(ProductType)} pt WHERE pt.id = ${alias}.product_type_id)`,
    ];
    if (embed.categories) {
      fields.push(`'categories', (SELECT ${jsonArraySql(jsonRowSql(ds, CategoryEntity, 'c'), 'pc.id')}
                     FROM ${t(ProductCategory)} pc JOIN ${t(CategoryEntity)} c ON c.id = pc.category_id WHERE pc.product_id = ${alias}.id)`);
    }
    const child = (name: string, entity: Function, order: string) =>
      fields.push(
        `'${name}', (SELECT ${jsonArraySql(jsonRowSql(ds, entity, 'x'), order)} FROM ${t(entity)} x WHERE x.product_id = ${alias}.id)`,
      );
    if (embed.variants) child('variants', VariantEntity, 'x.id');
    if (embed.extras) child('extras', ExtraEntity, 'x.sort_order, x.id');
    if (embed.attributes) child('attributes', AttributeEntity, 'x.sort_order, x.id');
    if (embed.pricetiers) child('pricetiers', TierEntity, 'x.quantity, x.id');
    if (embed.customfields) {
      fields.push(`'customfields', (SELECT json_object_agg(v.definition_id, v.value)
                     FROM ${t(ProductCustomFieldValue)} v WHERE v.product_id = ${alias}.id)`);
    }
    const registered = this.registry.entries().filter(([name]) => embed[name]);
    if (registered.length) {
      fields.push(`'registered', json_build_object(${registered.map(([name, e]) => `'${name}', ${e.sql(alias)}`).join(', ')})`);
    }
    sql = `json_build_object(${fields.join(', ')})`;
    this.cache.set(key, sql);
    return sql;
  }

  /** The embeds of a read, as a cache key of its SQL text. */
  private embedKey(embed: EmbedSelection): string {
    return [...EMBED_NAMES, ...this.registry.entries().map(([n]) => n)].filter((n) => embed[n]).join(',');
  }

  /** Custom field definitions of products, in display order, as a JSON array expression. */
  private definitionsSql(): string {
    const d = jsonRowSql(this.dataSource, CustomFieldDefinition, 'd');
    return `(SELECT ${jsonArraySql(d, 'd.sort_order, d.id')} FROM ${tableOf(this.dataSource, CustomFieldDefinition)} d WHERE d.entity = 'product')`;
  }

  /** `{product_id|product_sku}` (the id first, then the SKU) in one statement; null when neither matches. */
  @GenerateSql(
    { name: 'by id or sku, no embeds', args: [SqlArg.manager, '1', {}] },
    { name: 'by sku, every embed', args: [SqlArg.manager, 'SKU-1', EVERY_EMBED] },
  )
  async findOne(
    m: EntityManager,
    segment: string,
    embed: EmbedSelection,
  ): Promise<{ product: ProductRecord; definitions?: CustomFieldDefinition[] } | null> {
    const key = keySql('p', segment, 'sku');
    const shape = `one|${key.order ? 'id' : 'sku'}|${this.embedKey(embed)}`;
    let sql = this.cache.get(shape);
    if (!sql) {
      sql = `SELECT ${this.productJsonSql('p', embed)} AS product
                    ${embed.customfields ? `, ${this.definitionsSql()} AS definitions` : ''}
               FROM ${tableOf(this.dataSource, Product)} p WHERE ${key.where} ${key.order} LIMIT 1`;
      this.cache.set(shape, sql);
    }
    const [row] = (await runStatement(m, sql, key.params)) as {
      product: ProductRecord;
      definitions?: CustomFieldDefinition[];
    }[];
    if (!row) return null;
    this.decodeProduct(row.product);
    this.decodeDefinitions(row.definitions);
    return row;
  }

  /** Products by id (no embeds), in id order, in one statement; unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async byIds(m: EntityManager, ids: number[]): Promise<ProductRecord[]> {
    let sql = this.cache.get('byIds');
    if (!sql) {
      sql = `SELECT ${this.productJsonSql('p')} AS product FROM ${tableOf(this.dataSource, Product)} p WHERE p.id = ANY($1::int[]) ORDER BY p.id`;
      this.cache.set('byIds', sql);
    }
    return ((await runStatement(m, sql, [ids])) as { product: ProductRecord }[]).map((r) => this.decodeProduct(r.product));
  }

  /** A page of products with its capped total, in one statement (see pageTotal for the rare second). */
  @GenerateSql(
    { name: 'no embeds', args: [SqlArg.manager, PAGE, {}] },
    { name: 'after a cursor, every embed', args: [SqlArg.manager, { ...PAGE, sort: 'id', column: 'id', cursor: 5 }, EVERY_EMBED] },
    {
      name: 'updated in a range',
      args: [
        SqlArg.manager,
        { ...PAGE, sort: 'updated_at', column: 'updated_at', updated: { min: '2026-01-01T00:00:00Z', before: '2026-02-01T00:00:00Z' } },
        {},
      ],
    },
  )
  async page(m: EntityManager, req: PageRequest, embed: EmbedSelection): Promise<ProductPageRecord> {
    const t = tableOf(this.dataSource, Product);
    const filter = (p: SqlParams) => `${t} r WHERE ${pageConditionsSql('r', req, p).join(' AND ') || 'TRUE'}`;
    const p = new SqlParams();
    const from = filter(p);
    const sql = `WITH page AS (SELECT r.* FROM ${from} ORDER BY ${orderSql('r', req)} LIMIT ${p.add(req.limit)} OFFSET ${p.add(req.offset)})
      SELECT ${cappedCountSql(from, req, p)} AS total,
             (SELECT ${jsonArraySql(this.productJsonSql('p', embed), orderSql('p', req))} FROM page p) AS products
             ${embed.customfields ? `, ${this.definitionsSql()} AS definitions` : ''}`;
    // Unnamed: a list's plan (and an estimate) must follow its filter values, never a generic plan.
    const [row] = (await runStatement(m, sql, p.values, { prepare: false })) as ProductPageRecord[];
    decodeRows(row.products, this.decodeProduct);
    this.decodeDefinitions(row.definitions);
    const total = await pageTotal(m, row.total, req, () => {
      const q = new SqlParams();
      return { select: `SELECT 1 FROM ${filter(q)}`, params: q.values };
    });
    return { ...row, total };
  }

  /**
   * A step of an export (docs/api.md#bulk-import-and-export): up to `limit` products after id `afterId`, in id order (only
   * those updated at or after `updatedMin` when given), each with every part a PUT takes (options,
   * variants, price tiers, extras, attributes, categories, custom field values), and the product
   * custom field definitions, in one statement. Variants' price tiers are variantTiers'.
   */
  @GenerateSql({ args: [SqlArg.manager, 0, 1000, null] }, { name: 'updated since', args: [SqlArg.manager, 0, 1000, new Date(0)] })
  async exportPage(
    m: EntityManager,
    afterId: number,
    limit: number,
    updatedMin: Date | null,
  ): Promise<{ products: ProductRecord[]; definitions: CustomFieldDefinition[] }> {
    let sql = this.cache.get('exportPage');
    if (!sql) {
      const t = tableOf(this.dataSource, Product);
      sql = `WITH page AS (SELECT r.* FROM ${t} r WHERE r.id > $1 AND ($3::timestamptz IS NULL OR r.updated_at >= $3) ORDER BY r.id LIMIT $2)
        SELECT (SELECT ${jsonArraySql(this.productJsonSql('p', EVERY_EMBED), 'p.id')} FROM page p) AS products,
               ${this.definitionsSql()} AS definitions`;
      this.cache.set('exportPage', sql);
    }
    const [row] = (await runStatement(m, sql, [afterId, limit, updatedMin])) as {
      products: ProductRecord[];
      definitions: CustomFieldDefinition[];
    }[];
    decodeRows(row.products, this.decodeProduct);
    this.decodeDefinitions(row.definitions);
    return { products: row.products ?? [], definitions: row.definitions ?? [] };
  }

  /** The price tiers of these variants, in id order (an export's second statement); none for no ids. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  variantTiers(m: EntityManager, variantIds: number[]): Promise<VariantPriceTier[]> {
    return rowsWhereIn(m, VariantPriceTier, 'variant_id', variantIds);
  }

  /**
   * What pricing reads of the products whose ids `idsSql` gives (an `int[]` expression of the
   * caller's statement): each row with its tiers, live options, variants with their tiers, and
   * extras, as a JSON array (null when none match). A fragment for the quotes' pricing context.
   */
  @GenerateSql({ args: ['$1::int[]'] })
  pricingJsonSql(idsSql: string): string {
    const ds = this.dataSource;
    const t = (e: Function) => tableOf(this.dataSource, e);
    const row = (e: Function, alias: string) => jsonRowSql(ds, e, alias);
    return `(SELECT json_agg(json_build_object(
        'row', ${row(Product, 'p')},
        'tiers', (SELECT ${jsonArraySql(row(TierEntity, 't'), 't.id')} FROM ${t(TierEntity)} t WHERE t.product_id = p.id),
        'options', (SELECT ${jsonArraySql(row(OptionEntity, 'o'), 'o.sort_order, o.id')} FROM ${t(OptionEntity)} o
                     WHERE o.product_id = p.id AND o.deleted_at IS NULL),
        'variants', (SELECT ${jsonArraySql(
          `json_build_object('row', ${row(VariantEntity, 'v')}, 'tiers', (SELECT ${jsonArraySql(row(VariantPriceTier, 'vt'), 'vt.id')}
             FROM ${t(VariantPriceTier)} vt WHERE vt.variant_id = v.id))`,
          'v.id',
        )} FROM ${t(VariantEntity)} v WHERE v.product_id = p.id),
        'extras', (SELECT ${jsonArraySql(row(ExtraEntity, 'e'), 'e.sort_order, e.id')} FROM ${t(ExtraEntity)} e WHERE e.product_id = p.id)))
      FROM ${t(Product)} p WHERE p.id = ANY(${idsSql}))`;
  }

  /** A SELECT of the tax class ids of the products whose ids `idsSql` gives (a fragment, for the rates a quote needs). */
  @GenerateSql({ args: ['$1::int[]'] })
  taxClassIdsSql(idsSql: string): string {
    return `SELECT pp.tax_class_id FROM ${tableOf(this.dataSource, Product)} pp WHERE pp.id = ANY(${idsSql})`;
  }
}
