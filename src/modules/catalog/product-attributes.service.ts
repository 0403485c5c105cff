import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { findProduct } from './catalog-keys.js';
import { presentAttribute } from './catalog.presenter.js';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { ProductAttribute } from './product-attribute.entity.js';
import type { Product } from './product.entity.js';

@Injectable()
export class ProductAttributesService extends ChildResourceService<ProductAttribute, Product> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: ProductAttribute,
      owner: 'product_id',
      findOwner: findProduct,
      label: 'Attribute',
      sort: sortableColumns('id', 'sort_order', 'name', 'created_at', 'updated_at'),
      present: presentAttribute,
    });
  }
}
