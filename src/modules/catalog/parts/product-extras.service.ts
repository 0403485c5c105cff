import { Injectable } from '@nestjs/common';
import { ChildReadService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentExtra } from '../catalog.presenter.js';
import type { ProductExtra } from './product-extra.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { EXTRA_LIST } from '../catalog.lists.js';

/** Extras, as their GETs read them; they are written by the product write (ProductWriteService). */
@Injectable()
export class ProductExtrasService extends ChildReadService<ProductExtra, Product, ReturnType<typeof presentExtra>> {
  constructor(tx: TransactionRunner, parts: ProductPartsRepository, rows: ProductRowsRepository) {
    super(tx, {
      table: parts.extras,
      owner: 'product_id',
      findOwner: (m, key) => rows.products.find(m, key),
      list: EXTRA_LIST,
      present: presentExtra,
    });
  }
}
