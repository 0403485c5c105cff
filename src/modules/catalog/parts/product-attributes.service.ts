import { Injectable } from '@nestjs/common';
import { ChildResourceService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentAttribute } from '../catalog.presenter.js';
import type { ProductAttribute } from './product-attribute.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { ATTRIBUTE_LIST } from '../catalog.lists.js';

@Injectable()
export class ProductAttributesService extends ChildResourceService<ProductAttribute, Product, ReturnType<typeof presentAttribute>> {
  constructor(tx: TransactionRunner, parts: ProductPartsRepository, rows: ProductRowsRepository, recorder: EventRecorder) {
    super(tx, {
      events: recorder.for('product.attribute'),
      table: parts.attributes,
      owner: 'product_id',
      findOwner: (m, key, lock) => rows.products.find(m, key, { lock }),
      list: ATTRIBUTE_LIST,
      present: presentAttribute,
    });
  }
}
