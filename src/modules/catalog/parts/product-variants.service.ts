import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChildResourceService } from '../../../common/crud/child-resource.js';
import { parseEmbed } from '../../../common/embed/embed.js';
import { ApiError } from '../../../common/http/api-error.js';
import type { ItemQuery } from '../../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentVariant } from '../catalog.presenter.js';
import { selectionError } from '../domain/option-selection.js';
import type { ProductVariant } from './product-variant.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { ProductTypesService } from '../product-types/product-types.service.js';
import { VARIANT_LIST } from '../catalog.lists.js';

/**
 * Variants. `options` must choose a value of every live option of the product (and nothing else);
 * two variants of a product cannot choose the same values (UQ_product_variants_product_id_options,
 * 422 options), and a SKU is unique among all variants (422 sku).
 */
@Injectable()
export class ProductVariantsService extends ChildResourceService<ProductVariant, Product, ReturnType<typeof presentVariant>> {
  constructor(
    tx: TransactionRunner,
    private readonly parts: ProductPartsRepository,
    rows: ProductRowsRepository,
    private readonly types: ProductTypesService,
    recorder: EventRecorder,
  ) {
    super(tx, {
      events: recorder.for('product.variant'),
      table: parts.variants,
      owner: 'product_id',
      findOwner: (m, key, lock) => rows.products.find(m, key, { lock }),
      list: VARIANT_LIST,
      present: presentVariant,
    });
  }

  /** GET /variant/{id|sku}: a variant outside its product's path. */
  async getVariant(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentVariant(await this.parts.findVariant(this.tx.direct, key));
  }

  protected override async prepare(m: EntityManager, product: Product, values: Record<string, unknown>, current: ProductVariant | null) {
    if (current === null) await this.types.assertAllows(m, product, 'variants');
    if (current === null || values.options !== undefined) {
      const selection = (values.options ?? {}) as Record<string, string>;
      const error = selectionError(await this.parts.liveOptions(m, product.id), selection, true);
      if (error) throw ApiError.field('options', error);
      values.options = selection;
    }
    return values;
  }
}
