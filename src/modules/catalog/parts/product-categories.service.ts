import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { parseEmbed } from '../../../common/embed/embed.js';
import { ApiError } from '../../../common/http/api-error.js';
import { FieldErrorBag } from '../../../common/http/field-error-bag.js';
import { assertIfMatch } from '../../../common/http/etag.js';
import { asId } from '../../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../../common/paging/page-request.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { CatalogChecks } from '../catalog-checks.service.js';
import { categoryLinkEvent, presentCategory } from '../catalog.presenter.js';
import type { CategoryView } from '../catalog.views.js';
import type { Category } from '../categories/category.entity.js';
import type { CategoryLinkInput } from '../categories/dto/category.input.js';
import { ProductCategoryLinksRepository } from './product-category-links.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { PRODUCT_CATEGORY_LIST } from '../catalog.lists.js';

/**
 * A product's category links. Linking is idempotent and answers the product's categories in link
 * order (the first is the product's `category`); unlinking answers the category (or `[]` for all).
 * Link changes move the product's updated_at, its `category` being part of its representation.
 */
@Injectable()
export class ProductCategoriesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly rows: ProductRowsRepository,
    private readonly links: ProductCategoryLinksRepository,
    private readonly checks: CatalogChecks,
    private readonly events: EventRecorder,
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

  link(productKey: string, input: CategoryLinkInput) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      const bag = new FieldErrorBag();
      if (input.category_id !== undefined && input.category_ids !== undefined) bag.add('category_ids', 'must not be sent with category_id');
      else if (input.category_id === undefined && input.category_ids === undefined) bag.add('category_id', 'is required (or category_ids)');
      bag.throwIfAny();
      const ids = input.category_ids ?? [input.category_id!];
      await this.checks.categoryExists(m, input.category_id, 'category_id', bag);
      await this.checks.categoriesExist(m, input.category_ids, 'category_ids', bag);
      bag.throwIfAny();
      let linked: number[] = [];
      if (ids.length > 0) {
        linked = await this.links.link(m, product.id, ids);
        await this.rows.touch(m, product.id);
      }
      const categories = (await this.links.inLinkOrder(m, product.id)).map(presentCategory);
      // Only the links made now: linking is idempotent, a category already linked changed nothing.
      const created = linked.map((id) => categories.find((c) => c.id === id)!);
      await this.record(m, product.id, 'created', created);
      return categories;
    });
  }

  unlink(productKey: string, categoryKey: string) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      const category = await this.findLinked(m, product.id, categoryKey);
      assertIfMatch(presentCategory(category));
      await this.links.unlink(m, product.id, category.id);
      await this.rows.touch(m, product.id);
      const presented = presentCategory(category);
      await this.record(m, product.id, 'deleted', [presented]);
      return presented;
    });
  }

  unlinkAll(productKey: string) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      const unlinked = await this.links.unlinkAll(m, product.id);
      if (unlinked.length > 0) await this.rows.touch(m, product.id);
      await this.record(m, product.id, 'deleted', unlinked.map(presentCategory));
      return [];
    });
  }

  /**
   * `product.category.<action>` per category linked or unlinked, in the write's transaction: `data`
   * is the category as GET /product/{id}/category/{category_id} shows it (as it was, for an
   * unlink). A link has no id of its own, so `resource_id` is the product's.
   */
  private record(m: EntityManager, productId: number, action: 'created' | 'deleted', categories: CategoryView[]): Promise<void> {
    return this.events.record(
      m,
      categories.map((data) => categoryLinkEvent(action, productId, data)),
    );
  }

  /** A category by id, only when it is linked to the product (404 otherwise). */
  private async findLinked(m: EntityManager, productId: number, categoryKey: string): Promise<Category> {
    const id = asId(categoryKey);
    const category = id === null ? null : await this.links.findLinked(m, productId, id);
    if (!category) throw ApiError.notFound(`Category ${categoryKey} is not linked to the product.`);
    return category;
  }
}
