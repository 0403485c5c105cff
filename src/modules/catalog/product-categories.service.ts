import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { parseEmbed } from '../../common/embed/embed.js';
import { ApiError, FieldErrorBag } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { asId } from '../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { checkAllExist, checkExists } from './catalog-checks.js';
import { findProduct, touchProduct } from './catalog-keys.js';
import { presentCategory } from './catalog.presenter.js';
import { Category } from './category.entity.js';
import type { CategoryLinkInput } from './dto/category.input.js';
import { ProductCategory } from './product-category.entity.js';

const SORT = sortableColumns('id', 'name', 'sort_order', 'created_at', 'updated_at');

/**
 * A product's category links. Linking is idempotent and answers the product's categories in link
 * order (the first is the product's `category`); unlinking answers the category (or `[]` for all).
 * Link changes move the product's updated_at, its `category` being part of its representation.
 */
@Injectable()
export class ProductCategoriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async list(productKey: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const product = await findProduct(m, productKey);
    return toPage(await paginate(this.linked(m, product.id), query, SORT), (rows) => rows.map(presentCategory));
  }

  async get(productKey: string, categoryKey: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const product = await findProduct(m, productKey);
    return presentCategory(await this.findLinked(m, product.id, categoryKey));
  }

  link(productKey: string, input: CategoryLinkInput) {
    return this.tx.run(async (m) => {
      const product = await findProduct(m, productKey, true);
      const bag = new FieldErrorBag();
      if (input.category_id !== undefined && input.category_ids !== undefined) bag.add('category_ids', 'must not be sent with category_id');
      else if (input.category_id === undefined && input.category_ids === undefined) bag.add('category_id', 'is required (or category_ids)');
      bag.throwIfAny();
      const ids = input.category_ids ?? [input.category_id!];
      await checkExists(m, Category, input.category_id, 'category_id', bag);
      await checkAllExist(m, Category, input.category_ids, 'category_ids', bag);
      bag.throwIfAny();
      if (ids.length > 0) {
        await m
          .createQueryBuilder()
          .insert()
          .into(ProductCategory)
          .values(ids.map((category_id) => ({ product_id: product.id, category_id })))
          .orIgnore()
          .execute();
        await touchProduct(m, product.id);
      }
      return (await this.linked(m, product.id).orderBy('pc.id', 'ASC').getMany()).map(presentCategory);
    });
  }

  unlink(productKey: string, categoryKey: string) {
    return this.tx.run(async (m) => {
      const product = await findProduct(m, productKey, true);
      const category = await this.findLinked(m, product.id, categoryKey);
      assertIfMatch(presentCategory(category));
      await m.delete(ProductCategory, { product_id: product.id, category_id: category.id });
      await touchProduct(m, product.id);
      return presentCategory(category);
    });
  }

  unlinkAll(productKey: string) {
    return this.tx.run(async (m) => {
      const product = await findProduct(m, productKey, true);
      const { affected } = await m.delete(ProductCategory, { product_id: product.id });
      if (affected) await touchProduct(m, product.id);
      return [];
    });
  }

  private linked(m: EntityManager, productId: number) {
    return m
      .getRepository(Category)
      .createQueryBuilder('r')
      .innerJoin(ProductCategory, 'pc', 'pc.category_id = r.id AND pc.product_id = :productId', { productId });
  }

  private async findLinked(m: EntityManager, productId: number, categoryKey: string): Promise<Category> {
    const id = asId(categoryKey);
    const category = id === null ? null : await this.linked(m, productId).andWhere('r.id = :id', { id }).getOne();
    if (!category) throw ApiError.notFound(`Category ${categoryKey} is not linked to the product.`);
    return category;
  }
}
