import { Injectable } from '@nestjs/common';
import { ChildReadService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentProductTier } from '../catalog.presenter.js';
import type { ProductPriceTier } from './product-price-tier.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { PRICE_TIER_LIST } from '../catalog.lists.js';

/** A product's price tiers, as their GETs read them; they are written by the product write (ProductWriteService). */
@Injectable()
export class ProductPriceTiersService extends ChildReadService<ProductPriceTier, Product, ReturnType<typeof presentProductTier>> {
  constructor(tx: TransactionRunner, parts: ProductPartsRepository, rows: ProductRowsRepository) {
    super(tx, {
      table: parts.priceTiers,
      owner: 'product_id',
      findOwner: (m, key) => rows.products.find(m, key),
      list: PRICE_TIER_LIST,
      present: presentProductTier,
    });
  }
}
