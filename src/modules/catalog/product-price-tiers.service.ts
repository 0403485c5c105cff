import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { checkTier } from './catalog-checks.js';
import { findProduct } from './catalog-keys.js';
import { presentProductTier } from './catalog.presenter.js';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { ProductPriceTier } from './product-price-tier.entity.js';
import type { Product } from './product.entity.js';

export const TIER_SORT = sortableColumns('id', 'quantity', 'price', 'created_at', 'updated_at');

/** A duplicate (product, group, quantity) is refused by the partial unique indexes (422 quantity). */
@Injectable()
export class ProductPriceTiersService extends ChildResourceService<ProductPriceTier, Product> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: ProductPriceTier,
      owner: 'product_id',
      findOwner: findProduct,
      label: 'Price tier',
      sort: TIER_SORT,
      present: presentProductTier,
    });
  }

  protected override prepare(m: EntityManager, _owner: Product, values: Record<string, unknown>) {
    return checkTier(m, values);
  }
}
