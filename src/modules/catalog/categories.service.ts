import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { sortableColumns } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { CatalogChecks } from './catalog-checks.js';
import { presentCategory } from './catalog.presenter.js';
import type { Category } from './category.entity.js';
import type { CategoryPatch } from './dto/category.input.js';
import { CategoriesRepository } from './repositories/categories.repository.js';
import { EventRecorder } from '../webhooks/event-recorder.js';

/**
 * Categories form a tree through `parent_id`. Deleting one unlinks it from its products (cascade)
 * and makes its children top-level (SET NULL).
 */
@Injectable()
export class CategoriesService extends CrudResource<Category, ReturnType<typeof presentCategory>> {
  constructor(tx: TransactionRunner, repository: CategoriesRepository, checks: CatalogChecks, recorder: EventRecorder) {
    super(tx, {
      events: recorder.for('category'),
      table: repository.categories,
      sort: sortableColumns('id', 'name', 'sort_order', 'created_at', 'updated_at'),
      present: async (_m, rows) => rows.map(presentCategory),
      check: (m, values, current) => checked(repository, checks, m, values as Partial<CategoryPatch>, current),
    });
  }
}

/** Unique keys, a parent that exists and is not below the category, and a derived url_name on create. */
async function checked(
  repository: CategoriesRepository,
  checks: CatalogChecks,
  m: EntityManager,
  values: Partial<CategoryPatch>,
  current: Category | null,
): Promise<Record<string, unknown>> {
  const bag = new FieldErrorBag();
  await checks.unique(m, 'categories', { url_name: values.url_name, api_code: values.api_code }, current?.id ?? null, bag);
  if (values.parent_id !== undefined && values.parent_id !== null) {
    // One tree edit at a time, so two concurrent moves cannot close a cycle between them.
    await repository.lockTree(m);
    await checks.categoryExists(m, values.parent_id, 'parent_id', bag);
    if (!bag.has('parent_id') && current && (await repository.isInSubtree(m, current.id, values.parent_id))) {
      bag.add('parent_id', 'must not be the category itself or one of its descendants');
    }
  }
  bag.throwIfAny();
  const out: Record<string, unknown> = { ...values };
  if (!current && out.url_name == null) out.url_name = await checks.freeUrlName(m, 'categories', values.name as string, 'category');
  return out;
}
