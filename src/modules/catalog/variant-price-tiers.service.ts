import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TransactionRunner } from '../../database/transaction.js';
import { checkTier } from './catalog-checks.js';
import { findVariant } from './catalog-keys.js';
import { presentVariantTier } from './catalog.presenter.js';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { TIER_SORT } from './product-price-tiers.service.js';
import type { ProductVariant } from './product-variant.entity.js';
import { VariantPriceTier } from './variant-price-tier.entity.js';

/** Tiers of one variant, under /variant/{variant_id|variant_sku}/…; they replace the product's tiers in pricing. */
@Injectable()
export class VariantPriceTiersService extends ChildResourceService<VariantPriceTier, ProductVariant> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: VariantPriceTier,
      owner: 'variant_id',
      findOwner: findVariant,
      label: 'Price tier',
      sort: TIER_SORT,
      present: presentVariantTier,
    });
  }

  protected override prepare(m: EntityManager, _owner: ProductVariant, values: Record<string, unknown>) {
    return checkTier(m, values);
  }
}
