import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChildResourceService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { CatalogChecks } from '../catalog-checks.service.js';
import { presentVariantTier } from '../catalog.presenter.js';
import { PRICE_TIER_LIST } from '../catalog.lists.js';
import type { ProductVariant } from './product-variant.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import type { VariantPriceTier } from './variant-price-tier.entity.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';

/** Tiers of one variant, under /variant/{variant_id|variant_sku}/…; they replace the product's tiers in pricing. */
@Injectable()
export class VariantPriceTiersService extends ChildResourceService<
  VariantPriceTier,
  ProductVariant,
  ReturnType<typeof presentVariantTier>
> {
  constructor(
    tx: TransactionRunner,
    parts: ProductPartsRepository,
    private readonly checks: CatalogChecks,
    recorder: EventRecorder,
  ) {
    super(tx, {
      events: recorder.for('product.variant.pricetier'),
      table: parts.variantPriceTiers,
      owner: 'variant_id',
      findOwner: (m, key, lock) => (lock ? parts.lockVariant(m, key) : parts.findVariant(m, key)),
      list: PRICE_TIER_LIST,
      present: presentVariantTier,
    });
  }

  protected override prepare(m: EntityManager, _owner: ProductVariant, values: Record<string, unknown>) {
    return this.checks.tier(m, values);
  }
}
