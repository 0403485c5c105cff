import { Injectable } from '@nestjs/common';
import { ChildReadService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentVariantTier } from '../catalog.presenter.js';
import { PRICE_TIER_LIST } from '../catalog.lists.js';
import type { ProductVariant } from './product-variant.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import type { VariantPriceTier } from './variant-price-tier.entity.js';

/**
 * Tiers of one variant, under /variant/{variant_id|variant_sku}/…, as their GETs read them (they
 * replace the product's tiers in pricing); they are written by the product write (ProductWriteService).
 */
@Injectable()
export class VariantPriceTiersService extends ChildReadService<VariantPriceTier, ProductVariant, ReturnType<typeof presentVariantTier>> {
  constructor(tx: TransactionRunner, parts: ProductPartsRepository) {
    super(tx, {
      table: parts.variantPriceTiers,
      owner: 'variant_id',
      findOwner: (m, key) => parts.findVariant(m, key),
      list: PRICE_TIER_LIST,
      present: presentVariantTier,
    });
  }
}
