import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { ProductPriceTier } from '../parts/product-price-tier.entity.js';
import { ProductVariant } from '../parts/product-variant.entity.js';
import { Product } from './product.entity.js';
import { VariantPriceTier } from '../parts/variant-price-tier.entity.js';

/**
 * What another module prices a product or a variant from (subscriptions add products at the
 * catalog's unit price): the rows by id and their price tiers, a statement each for any number.
 */
@Injectable()
export class ProductPricesRepository {
  /** Products by id; unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  productsByIds(m: EntityManager, ids: number[]): Promise<Product[]> {
    return m.getRepository(Product).find({ where: { id: In(ids) } });
  }

  /** Variants (of any product) by id; unknown ids are absent; no statement for none. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  variantsByIds(m: EntityManager, ids: number[]): Promise<ProductVariant[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return m.getRepository(ProductVariant).find({ where: { id: In(ids) } });
  }

  /** The price tiers of these products. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  productTiers(m: EntityManager, productIds: number[]): Promise<ProductPriceTier[]> {
    return m.getRepository(ProductPriceTier).find({ where: { product_id: In(productIds) } });
  }

  /** The price tiers of these variants; no statement for none. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  variantTiers(m: EntityManager, variantIds: number[]): Promise<VariantPriceTier[]> {
    if (variantIds.length === 0) return Promise.resolve([]);
    return m.getRepository(VariantPriceTier).find({ where: { variant_id: In(variantIds) } });
  }
}
