import { Injectable } from '@nestjs/common';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { PageRequest, PageRows } from '../../../common/paging/page-request.js';
import { pageOfQuery } from '../../../database/sql/page.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { tableOf } from '../../../database/table.js';
import { Category } from '../categories/category.entity.js';
import { ProductCategory } from './product-category.entity.js';

const PAGE: PageRequest = { sort: 'id', column: 'id', order: 'ASC', limit: 10, page: 1, offset: 0 };

/**
 * A product's links to categories (product_categories). The link id keeps the order of linking:
 * the first linked category is the product's `category`.
 */
@Injectable()
export class ProductCategoryLinksRepository {
  /** A page of the categories linked to a product (alias `r` is the category). */
  @GenerateSql(
    { name: 'by id', args: [SqlArg.manager, 1, PAGE] },
    { name: 'by name, after a cursor', args: [SqlArg.manager, 1, { ...PAGE, sort: 'name', column: 'name', order: 'DESC', cursor: 5 }] },
  )
  page(m: EntityManager, productId: number, req: PageRequest): Promise<PageRows<Category>> {
    return pageOfQuery(m, this.linked(m, productId), req);
  }

  /** Every category linked to a product, in link order. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  inLinkOrder(m: EntityManager, productId: number): Promise<Category[]> {
    return this.linked(m, productId).orderBy('pc.id', 'ASC').getMany();
  }

  /** The category `categoryId` when it is linked to the product, else null. */
  @GenerateSql({ args: [SqlArg.manager, 1, 2] })
  findLinked(m: EntityManager, productId: number, categoryId: number): Promise<Category | null> {
    return this.linked(m, productId).andWhere('r.id = :id', { id: categoryId }).getOne();
  }

  /**
   * Links the categories the product is not linked to yet, after its current links (in the order
   * given); answers the ids of the categories it linked now.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, [2, 3]] })
  async link(m: EntityManager, productId: number, categoryIds: number[]): Promise<number[]> {
    if (categoryIds.length === 0) return [];
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(ProductCategory)
      .values(categoryIds.map((category_id) => ({ product_id: productId, category_id })))
      .orIgnore()
      .returning(['category_id'])
      .execute();
    return (result.raw as { category_id: number }[]).map((r) => r.category_id);
  }

  /**
   * The links become exactly `categoryIds`: links kept keep their place, new ones follow in the order
   * given. Answers whether any link was removed or added (the same set again changes nothing).
   */
  @GenerateSql({ name: 'some', args: [SqlArg.manager, 1, [2, 3]] }, { name: 'none', args: [SqlArg.manager, 1, []] })
  async replace(m: EntityManager, productId: number, categoryIds: number[]): Promise<boolean> {
    const stale = m.createQueryBuilder().delete().from(ProductCategory).where('product_id = :productId', { productId });
    if (categoryIds.length > 0) stale.andWhere('category_id NOT IN (:...ids)', { ids: categoryIds });
    const removed = await stale.execute();
    const added = await this.link(m, productId, categoryIds);
    return (removed.affected ?? 0) > 0 || added.length > 0;
  }

  @GenerateSql({ args: [SqlArg.manager, 1, 2] })
  async unlink(m: EntityManager, productId: number, categoryId: number): Promise<void> {
    await m.delete(ProductCategory, { product_id: productId, category_id: categoryId });
  }

  /** Unlinks every category of the product, in one statement; answers the categories it was linked to, in link order. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async unlinkAll(m: EntityManager, productId: number): Promise<Category[]> {
    const rows = await runStatement<Category>(
      m,
      `WITH d AS (DELETE FROM ${tableOf(m.connection, ProductCategory)} WHERE product_id = $1 RETURNING id, category_id)
       SELECT c.* FROM ${tableOf(m.connection, Category)} c JOIN d ON d.category_id = c.id ORDER BY d.id`,
      [productId],
    );
    return rows.map((row) => m.create(Category, row));
  }

  private linked(m: EntityManager, productId: number): SelectQueryBuilder<Category> {
    return m
      .getRepository(Category)
      .createQueryBuilder('r')
      .innerJoin(ProductCategory, 'pc', 'pc.category_id = r.id AND pc.product_id = :productId', { productId });
  }
}
