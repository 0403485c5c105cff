import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { FieldErrorBag } from '../../common/http/api-error.js';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { checkUnique, freeUrlName } from './catalog-checks.js';
import { presentCategory } from './catalog.presenter.js';
import { Category } from './category.entity.js';
import type { CategoryPatch } from './dto/category.input.js';

/**
 * Categories form a tree through `parent_id`. Deleting one unlinks it from its products (cascade)
 * and makes its children top-level (SET NULL).
 */
@Injectable()
export class CategoriesService extends CrudResource<Category, ReturnType<typeof presentCategory>> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: Category,
      lookup: { alt: null, label: 'Category' },
      sort: sortableColumns('id', 'name', 'sort_order', 'created_at', 'updated_at'),
      present: async (_m, rows) => rows.map(presentCategory),
      check: (m, values, current) => checked(m, values as Partial<CategoryPatch>, current),
    });
  }
}

/** Unique keys, a parent that exists and is not below the category, and a derived url_name on create. */
async function checked(m: EntityManager, values: Partial<CategoryPatch>, current: Category | null): Promise<Record<string, unknown>> {
  const bag = new FieldErrorBag();
  await checkUnique(m, Category, { url_name: values.url_name, api_code: values.api_code }, current?.id ?? null, bag);
  if (values.parent_id !== undefined && values.parent_id !== null) {
    // One tree edit at a time, so two concurrent moves cannot close a cycle between them.
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['categories.tree']);
    const parent = await m.getRepository(Category).findOneBy({ id: values.parent_id });
    if (!parent) bag.add('parent_id', 'does not exist');
    else if (current && (await isInSubtree(m, current.id, parent.id))) {
      bag.add('parent_id', 'must not be the category itself or one of its descendants');
    }
  }
  bag.throwIfAny();
  const out: Record<string, unknown> = { ...values };
  if (!current && out.url_name == null) out.url_name = await freeUrlName(m, 'categories', values.name as string, 'category');
  return out;
}

/** Whether `id` is `rootId` or below it. */
async function isInSubtree(m: EntityManager, rootId: number, id: number): Promise<boolean> {
  const rows: unknown[] = await m.query(
    `WITH RECURSIVE sub(id) AS (SELECT $1::int UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
     SELECT 1 FROM sub WHERE id = $2 LIMIT 1`,
    [rootId, id],
  );
  return rows.length > 0;
}
