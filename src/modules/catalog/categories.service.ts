import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { changesOf, deleteById, insertReturning, updateReturning } from '../../common/crud/write.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { FieldErrorBag } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { checkUnique, freeUrlName } from './catalog-checks.js';
import { presentCategory } from './catalog.presenter.js';
import { Category } from './category.entity.js';
import type { CategoryCreate, CategoryPatch } from './dto/category.input.js';

const SORT = sortableColumns('id', 'name', 'sort_order', 'created_at', 'updated_at');
const byId = (lock = false) => ({ alt: null, label: 'Category', lock });

/**
 * Categories form a tree through `parent_id`. Deleting one unlinks it from its products (cascade)
 * and makes its children top-level (SET NULL).
 */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async list(query: ListQuery) {
    parseEmbed(query.embed, {});
    const qb = this.dataSource.getRepository(Category).createQueryBuilder('r');
    return toPage(await paginate(qb, query, SORT), (rows) => rows.map(presentCategory));
  }

  async get(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentCategory(await findByKey(this.dataSource.manager, Category, key, byId()));
  }

  create(input: CategoryCreate) {
    return this.tx.run(async (m) => {
      const values = await this.checked(m, changesOf(input), null);
      values.url_name ??= await freeUrlName(m, 'categories', values.name as string, 'category');
      return presentCategory(await insertReturning(m, Category, values));
    });
  }

  update(key: string, input: CategoryPatch) {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, Category, key, byId(true));
      assertIfMatch(presentCategory(current));
      return presentCategory(await updateReturning(m, Category, current, await this.checked(m, changesOf(input), current)));
    });
  }

  remove(key: string) {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, Category, key, byId(true));
      assertIfMatch(presentCategory(current));
      await deleteById(m, Category, current.id);
      return presentCategory(current);
    });
  }

  private async checked(m: EntityManager, values: Partial<CategoryPatch>, current: Category | null): Promise<Record<string, unknown>> {
    const bag = new FieldErrorBag();
    await checkUnique(m, Category, { url_name: values.url_name, api_code: values.api_code }, current?.id ?? null, bag);
    if (values.parent_id !== undefined && values.parent_id !== null) {
      // One tree edit at a time, so two concurrent moves cannot close a cycle between them.
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['categories.tree']);
      const parent = await m.getRepository(Category).findOneBy({ id: values.parent_id });
      if (!parent) bag.add('parent_id', 'does not exist');
      else if (current && (await this.isInSubtree(m, current.id, parent.id))) {
        bag.add('parent_id', 'must not be the category itself or one of its descendants');
      }
    }
    bag.throwIfAny();
    return values;
  }

  /** Whether `id` is `rootId` or below it. */
  private async isInSubtree(m: EntityManager, rootId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `WITH RECURSIVE sub(id) AS (SELECT $1::int UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
       SELECT 1 FROM sub WHERE id = $2 LIMIT 1`,
      [rootId, id],
    );
    return rows.length > 0;
  }
}
