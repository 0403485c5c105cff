import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChildResourceService } from '../../../common/crud/child-resource.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentExtra } from '../catalog.presenter.js';
import type { ProductExtra } from './product-extra.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { ProductTypesService } from '../product-types/product-types.service.js';
import { EXTRA_LIST } from '../catalog.lists.js';

/** Extras; a duplicate SKU within the product is refused by UQ_product_extras_product_id_sku (422 sku). */
@Injectable()
export class ProductExtrasService extends ChildResourceService<ProductExtra, Product, ReturnType<typeof presentExtra>> {
  constructor(
    tx: TransactionRunner,
    parts: ProductPartsRepository,
    rows: ProductRowsRepository,
    private readonly types: ProductTypesService,
    recorder: EventRecorder,
  ) {
    super(tx, {
      events: recorder.for('product.extra'),
      table: parts.extras,
      owner: 'product_id',
      findOwner: (m, key, lock) => rows.products.find(m, key, { lock }),
      list: EXTRA_LIST,
      present: presentExtra,
    });
  }

  protected override async prepare(m: EntityManager, product: Product, values: Record<string, unknown>, current: ProductExtra | null) {
    if (current === null) await this.types.assertAllows(m, product, 'extras');
    return values;
  }
}
