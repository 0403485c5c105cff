import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChildResourceService } from '../../../common/crud/child-resource.js';
import { ApiError } from '../../../common/http/api-error.js';
import { assertIfMatch } from '../../../common/http/etag.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentOption } from '../catalog.presenter.js';
import type { ProductOption } from './product-option.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { ProductTypesService } from '../product-types/product-types.service.js';
import { OPTION_LIST } from '../catalog.lists.js';

/**
 * Options. DELETE is soft: the row keeps answering GET with its `deleted_at` but leaves lists, the
 * product's `options` and variant validation. A name is unique among the product's live options
 * (partial unique index, 422 name).
 */
@Injectable()
export class ProductOptionsService extends ChildResourceService<ProductOption, Product, ReturnType<typeof presentOption>> {
  constructor(
    tx: TransactionRunner,
    private readonly parts: ProductPartsRepository,
    private readonly rows: ProductRowsRepository,
    private readonly types: ProductTypesService,
    recorder: EventRecorder,
  ) {
    super(tx, {
      events: recorder.for('product.option'),
      table: parts.options,
      owner: 'product_id',
      findOwner: (m, key, lock) => rows.products.find(m, key, { lock }),
      list: OPTION_LIST,
      present: presentOption,
      listWhere: 'r.deleted_at IS NULL',
    });
  }

  protected override async prepare(m: EntityManager, owner: Product, values: Record<string, unknown>, current: ProductOption | null) {
    if (current === null) await this.types.assertAllows(m, owner, 'options');
    if (current?.deleted_at) throw ApiError.conflict('The option has been deleted and cannot be changed.');
    return values;
  }

  /** The product's `options` array is part of its representation: its Last-Modified moves with them. */
  protected override afterWrite(m: EntityManager, product: Product) {
    return this.rows.touch(m, product.id);
  }

  /** Soft delete; deleting a deleted option again answers it unchanged. */
  override remove(productKey: string, key: string) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      const current = await this.findIn(m, product, key, true);
      assertIfMatch(presentOption(current));
      if (current.deleted_at) return presentOption(current);
      const deleted = await this.parts.options.update(m, current, { deleted_at: () => 'now()' });
      await this.rows.touch(m, product.id);
      return presentOption(deleted);
    });
  }
}
