import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { ApiError } from '../../common/http/api-error.js';
import { parseEmbed } from '../../common/embed/embed.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { findProduct, findVariant } from './catalog-keys.js';
import { presentVariant } from './catalog.presenter.js';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { selectionError } from './domain/option-selection.js';
import { ProductOption } from './product-option.entity.js';
import { ProductVariant } from './product-variant.entity.js';
import type { Product } from './product.entity.js';

/**
 * Variants. `options` must choose a value of every live option of the product (and nothing else);
 * two variants of a product cannot choose the same values (UQ_product_variants_product_id_options,
 * 422 options), and a SKU is unique among all variants (422 sku).
 */
@Injectable()
export class ProductVariantsService extends ChildResourceService<ProductVariant, Product> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: ProductVariant,
      owner: 'product_id',
      findOwner: findProduct,
      label: 'Variant',
      sort: sortableColumns('id', 'sku', 'base_price', 'created_at', 'updated_at'),
      present: presentVariant,
    });
  }

  /** GET /variant/{id|sku}: a variant outside its product's path. */
  async getVariant(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentVariant(await findVariant(this.dataSource.manager, key));
  }

  protected override async prepare(m: EntityManager, product: Product, values: Record<string, unknown>, current: ProductVariant | null) {
    if (current === null || values.options !== undefined) {
      const selection = (values.options ?? {}) as Record<string, string>;
      const options = await m
        .getRepository(ProductOption)
        .find({ where: { product_id: product.id, deleted_at: IsNull() }, order: { sort_order: 'ASC', id: 'ASC' } });
      const error = selectionError(options, selection, true);
      if (error) throw ApiError.field('options', error);
      values.options = selection;
    }
    return values;
  }
}
