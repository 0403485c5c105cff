import { Injectable } from '@nestjs/common';
import { ChildReadService } from '../../../common/crud/child-resource.js';
import { parseEmbed } from '../../../common/embed/embed.js';
import type { ItemQuery } from '../../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentVariant } from '../catalog.presenter.js';
import type { ProductVariant } from './product-variant.entity.js';
import type { Product } from '../products/product.entity.js';
import { ProductPartsRepository } from './product-parts.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { VARIANT_LIST } from '../catalog.lists.js';

/** Variants, as their GETs read them; they are written by the product write (ProductWriteService). */
@Injectable()
export class ProductVariantsService extends ChildReadService<ProductVariant, Product, ReturnType<typeof presentVariant>> {
  constructor(
    tx: TransactionRunner,
    private readonly parts: ProductPartsRepository,
    rows: ProductRowsRepository,
  ) {
    super(tx, {
      table: parts.variants,
      owner: 'product_id',
      findOwner: (m, key) => rows.products.find(m, key),
      list: VARIANT_LIST,
      present: presentVariant,
    });
  }

  /** GET /variant/{id|sku}: a variant outside its product's path. */
  async getVariant(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentVariant(await this.parts.findVariant(this.tx.direct, key));
  }
}
