import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChildResourceService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { CatalogChecks } from '../catalog-checks.service.js';
import { presentProductTier } from '../catalog.presenter.js';
import type { ProductPriceTier } from './product-price-tier.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { PRICE_TIER_LIST } from '../catalog.lists.js';

/** A duplicate (product, group, quantity) is refused by the partial unique indexes (422 quantity). */
@Injectable()
export class ProductPriceTiersService extends ChildResourceService<ProductPriceTier, Product, ReturnType<typeof presentProductTier>> {
  constructor(
    tx: TransactionRunner,
    parts: ProductPartsRepository,
    rows: ProductRowsRepository,
    private readonly checks: CatalogChecks,
    recorder: EventRecorder,
  ) {
    super(tx, {
      events: recorder.for('product.pricetier'),
      table: parts.priceTiers,
      owner: 'product_id',
      findOwner: (m, key, lock) => rows.products.find(m, key, { lock }),
      list: PRICE_TIER_LIST,
      present: presentProductTier,
    });
  }

  protected override prepare(m: EntityManager, _owner: Product, values: Record<string, unknown>) {
    return this.checks.tier(m, values);
  }
}
