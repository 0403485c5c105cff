import { Injectable } from '@nestjs/common';
import { ChildReadService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentOption } from '../catalog.presenter.js';
import type { ProductOption } from './product-option.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { OPTION_LIST } from '../catalog.lists.js';

/**
 * Options, as their GETs read them; they are written by the product write (ProductWriteService).
 * A deleted option keeps answering GET with its `deleted_at` but leaves lists.
 */
@Injectable()
export class ProductOptionsService extends ChildReadService<ProductOption, Product, ReturnType<typeof presentOption>> {
  constructor(tx: TransactionRunner, parts: ProductPartsRepository, rows: ProductRowsRepository) {
    super(tx, {
      table: parts.options,
      owner: 'product_id',
      findOwner: (m, key) => rows.products.find(m, key),
      list: OPTION_LIST,
      present: presentOption,
      listWhere: 'r.deleted_at IS NULL',
    });
  }
}
