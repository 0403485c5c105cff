import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { findProduct } from './catalog-keys.js';
import { presentExtra } from './catalog.presenter.js';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { ProductExtra } from './product-extra.entity.js';
import type { Product } from './product.entity.js';

/** Extras; a duplicate SKU within the product is refused by UQ_product_extras_product_id_sku (422 sku). */
@Injectable()
export class ProductExtrasService extends ChildResourceService<ProductExtra, Product> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: ProductExtra,
      owner: 'product_id',
      findOwner: findProduct,
      label: 'Extra',
      sort: sortableColumns('id', 'sort_order', 'sku', 'name', 'price', 'created_at', 'updated_at'),
      present: presentExtra,
    });
  }
}
