import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { parseEmbed } from '../../../common/embed/embed.js';
import { ApiError } from '../../../common/http/api-error.js';
import { asId } from '../../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../../common/paging/page-request.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { presentCategory } from '../catalog.presenter.js';
import type { Category } from '../categories/category.entity.js';
import { ProductCategoryLinksRepository } from './product-category-links.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { PRODUCT_CATEGORY_LIST } from '../catalog.lists.js';

/**
 * A product's category links, as their GETs read them (in link order, the first is the product's
 * `category`); they are linked and unlinked by the product write (ProductWriteService).
 */
@Injectable()
export class ProductCategoriesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly rows: ProductRowsRepository,
    private readonly links: ProductCategoryLinksRepository,
  ) {}

  async list(productKey: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query, PRODUCT_CATEGORY_LIST.sortable);
    const m = this.tx.direct;
    const product = await this.rows.products.find(m, productKey);
    return toPage(req, await this.links.page(m, product.id, req), (rows) => rows.map(presentCategory));
  }

  async get(productKey: string, categoryKey: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const product = await this.rows.products.find(m, productKey);
    return presentCategory(await this.findLinked(m, product.id, categoryKey));
  }

  /** A category by id, only when it is linked to the product (404 otherwise): its GET, and its unlink (ProductWriteService). */
  async findLinked(m: EntityManager, productId: number, categoryKey: string): Promise<Category> {
    const id = asId(categoryKey);
    const category = id === null ? null : await this.links.findLinked(m, productId, id);
    if (!category) throw ApiError.notFound(`Category ${categoryKey} is not linked to the product.`);
    return category;
  }
}
