import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { RowNotFoundError } from '../../../database/row-not-found.js';
import { findByKey } from '../../../database/sql/key-lookup.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table, tableOf } from '../../../database/table.js';
import { Product } from '../products/product.entity.js';
import { ProductAttribute } from './product-attribute.entity.js';
import { ProductExtra } from './product-extra.entity.js';
import { ProductOption } from './product-option.entity.js';
import { ProductPriceTier } from './product-price-tier.entity.js';
import { ProductVariant } from './product-variant.entity.js';
import { VariantPriceTier } from './variant-price-tier.entity.js';
import type { MemberPart } from '../domain/product-parts.js';

/** A row of any part table, as a member write handles it (its presenter knows its columns). */
export type PartRow = { id: number; deleted_at?: Date | null } & Record<string, unknown>;

/**
 * The parts of a product (attributes, extras, options, price tiers, variants) and the price tiers
 * of a variant. Within its owner a part is addressed by its id only.
 */
@Injectable()
export class ProductPartsRepository {
  readonly attributes: Table<ProductAttribute>;
  readonly extras: Table<ProductExtra>;
  readonly options: Table<ProductOption>;
  readonly priceTiers: Table<ProductPriceTier>;
  readonly variants: Table<ProductVariant>;
  readonly variantPriceTiers: Table<VariantPriceTier>;

  constructor(dataSource: DataSource) {
    this.attributes = new Table(dataSource, ProductAttribute, { alt: null, label: 'Attribute' });
    this.extras = new Table(dataSource, ProductExtra, { alt: null, label: 'Extra' });
    this.options = new Table(dataSource, ProductOption, { alt: null, label: 'Option' });
    this.priceTiers = new Table(dataSource, ProductPriceTier, { alt: null, label: 'Price tier' });
    this.variants = new Table(dataSource, ProductVariant, { alt: null, label: 'Variant' });
    this.variantPriceTiers = new Table(dataSource, VariantPriceTier, { alt: null, label: 'Price tier' });
  }

  /** The table of a part, by the name a member write gives it, and the column holding its owner's id. */
  @GenerateSql({ args: ['variants'] })
  tableOf(part: MemberPart): { table: Table<PartRow>; owner: 'product_id' | 'variant_id' } {
    const tables: Record<MemberPart, object> = {
      options: this.options,
      variants: this.variants,
      price_tiers: this.priceTiers,
      extras: this.extras,
      attributes: this.attributes,
      variant_price_tiers: this.variantPriceTiers,
    };
    return { table: tables[part] as Table<PartRow>, owner: part === 'variant_price_tiers' ? 'variant_id' : 'product_id' };
  }

  /**
   * `{variant_id|variant_sku}` outside its product's path: the id first, then the SKU
   * (case-sensitive: plain unique index). RowNotFoundError (a 404) when neither matches.
   */
  @GenerateSql({ name: 'id or sku', args: [SqlArg.manager, '1', false] }, { name: 'sku, locked', args: [SqlArg.manager, 'SKU-1', true] })
  async findVariant(m: EntityManager, key: string, lock = false): Promise<ProductVariant> {
    const variant = await findByKey(m, ProductVariant, key, { alt: 'sku', label: 'Variant', lock });
    if (!variant) throw new RowNotFoundError('Variant', key);
    return variant;
  }

  /**
   * A variant for a write of its price tiers, locked after its product's row. Every door that writes a
   * variant's tiers (their item routes, their collection PUT, the product's PUT and batches) locks the
   * product first, so the writes are serialized on one row and no two of them take their locks in
   * opposite orders (a deadlock, answered as a spurious 409).
   */
  @GenerateSql({ args: [SqlArg.manager, '1'] })
  async lockVariant(m: EntityManager, key: string): Promise<ProductVariant> {
    const found = await this.findVariant(m, key);
    await runStatement(m, `SELECT id FROM ${tableOf(m.connection, Product)} WHERE id = $1 FOR UPDATE`, [found.product_id]);
    return this.findVariant(m, String(found.id), true);
  }

  /** The product's live (not deleted) options, in display order: what a variant must choose from. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  liveOptions(m: EntityManager, productId: number): Promise<ProductOption[]> {
    return m
      .getRepository(ProductOption)
      .find({ where: { product_id: productId, deleted_at: IsNull() }, order: { sort_order: 'ASC', id: 'ASC' } });
  }
}
