import { Injectable } from '@nestjs/common';
import { ChildReadService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentAttribute } from '../catalog.presenter.js';
import type { ProductAttribute } from './product-attribute.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { ATTRIBUTE_LIST } from '../catalog.lists.js';

/** Attributes, as their GETs read them; they are written by the product write (ProductWriteService). */
@Injectable()
export class ProductAttributesService extends ChildReadService<ProductAttribute, Product, ReturnType<typeof presentAttribute>> {
  constructor(tx: TransactionRunner, parts: ProductPartsRepository, rows: ProductRowsRepository) {
    super(tx, {
      table: parts.attributes,
      owner: 'product_id',
      findOwner: (m, key) => rows.products.find(m, key),
      list: ATTRIBUTE_LIST,
      present: presentAttribute,
    });
  }
}
