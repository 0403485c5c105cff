import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ProductPriceTier } from '../parts/product-price-tier.entity.js';
import type { ProductVariant } from '../parts/product-variant.entity.js';
import type { Product } from './product.entity.js';
import { ProductPricesRepository } from './product-prices.repository.js';
import type { VariantPriceTier } from '../parts/variant-price-tier.entity.js';

/**
 * The catalog's rows as another module prices from them (domain/unit-price.ts's inputs): products
 * and variants by id, and their tiers, each a statement for any number of ids, in the caller's
 * transaction.
 */
@Injectable()
export class ProductPricesService {
  constructor(private readonly repository: ProductPricesRepository) {}

  /** Products by id; unknown ids are absent. */
  products(m: EntityManager, ids: number[]): Promise<Product[]> {
    return this.repository.productsByIds(m, ids);
  }

  /** Variants (of any product) by id; unknown ids are absent. */
  variants(m: EntityManager, ids: number[]): Promise<ProductVariant[]> {
    return this.repository.variantsByIds(m, ids);
  }

  productTiers(m: EntityManager, productIds: number[]): Promise<ProductPriceTier[]> {
    return this.repository.productTiers(m, productIds);
  }

  variantTiers(m: EntityManager, variantIds: number[]): Promise<VariantPriceTier[]> {
    return this.repository.variantTiers(m, variantIds);
  }
}
