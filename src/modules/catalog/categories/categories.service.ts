import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CrudResource } from '../../../common/crud/crud-resource.js';
import { ApiError } from '../../../common/http/api-error.js';
import { FieldErrorBag } from '../../../common/http/field-error-bag.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { CatalogChecks } from '../catalog-checks.service.js';
import { presentCategory } from '../catalog.presenter.js';
import type { Category } from './category.entity.js';
import type { CategoryCreate, CategoryPatch } from './dto/category.input.js';
import { keptUrlName } from '../domain/part-sync.js';
import { firstFreeSlug, slugify } from '../domain/product-text.js';
import { CategoriesRepository } from './categories.repository.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { CATEGORY_LIST } from '../catalog.lists.js';

/**
 * Categories form a tree through `parent_id`. Deleting one unlinks it from its products (cascade)
 * and makes its children top-level (SET NULL).
 */
@Injectable()
export class CategoriesService extends CrudResource<Category, CategoryJson> {
  /** PUT and the batch: the same rules, rows addressed by `{id|api_code}` and created by api_code (docs/api.md#put-replace-a-resource). */
  private readonly byCode: CrudResource<Category, CategoryJson>;

  constructor(tx: TransactionRunner, repository: CategoriesRepository, checks: CatalogChecks, recorder: EventRecorder) {
    const spec = {
      events: recorder.for('category'),
      list: CATEGORY_LIST,
      present: async (_m: EntityManager, rows: Category[]) => rows.map(presentCategory),
      check: (m: EntityManager, values: Record<string, unknown>, current: Category | null) =>
        checked(repository, checks, m, values as Partial<CategoryPatch>, current),
    };
    super(tx, { ...spec, table: repository.categories });
    this.byCode = new CrudResource(tx, {
      ...spec,
      table: repository.categoriesByCode,
      createByKey: true,
      checkMany: (m, members) => checkedMany(repository, m, members),
    });
  }

  /** PUT: the category becomes the body; an `api_code` nothing has creates it (201). */
  override replace(key: string, input: CategoryCreate) {
    return this.byCode.replace(key, input);
  }

  /** The batch PUT: each member upserted by its api_code as its item PUT would be, in one transaction. */
  override upsertMany(inputs: CategoryCreate[]) {
    const keyless = inputs.flatMap((input, i) => (input.api_code == null ? [i] : []));
    if (keyless.length) throw ApiError.unprocessable(Object.fromEntries(keyless.map((i) => [`${i}.api_code`, ['is required']])));
    return this.byCode.upsertMany(inputs);
  }
}

type CategoryJson = ReturnType<typeof presentCategory>;

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
  // A create, or a PUT that leaves url_name out: derived from the name (a PUT keeps the stored one while it is the name's).
  if (out.url_name == null && (!current || 'url_name' in out)) {
    const kept = current ? keptUrlName(current.url_name, slugify(String(out.name), 'category')) : null;
    out.url_name = kept ?? (await checks.freeUrlName(m, 'categories', out.name as string, 'category'));
  }
  return out;
}

/**
 * `checked` for a batch, in a fixed number of statements: URL names another row holds or an earlier
 * member takes, parents that exist, moves that would close a cycle (the batch's moves together), and
 * URL names derived from the names where left out. api_code needs no check: members are matched by it.
 */
async function checkedMany(
  repository: CategoriesRepository,
  m: EntityManager,
  members: { values: Record<string, unknown>; current: Category | null }[],
): Promise<Record<string, unknown>[]> {
  const bag = new FieldErrorBag();
  const out = members.map(({ values }) => ({ ...values }));
  const given = out.map((v) => (typeof v.url_name === 'string' ? v.url_name : null));
  const holders = new Map(
    (await repository.urlNameHolders(m, [...new Set(given.filter((u) => u !== null))])).map((h) => [h.url_name, h.id]),
  );
  const firstWith = new Map<string, number>();
  given.forEach((url, i) => {
    if (url === null) return;
    const holder = holders.get(url);
    if (holder !== undefined && holder !== members[i].current?.id) bag.add(`${i}.url_name`, 'is already in use');
    else if (firstWith.has(url)) bag.add(`${i}.url_name`, `is the same as member ${firstWith.get(url)}'s`);
    else firstWith.set(url, i);
  });
  const parents = out.map((v) => (typeof v.parent_id === 'number' ? v.parent_id : null));
  const found = await repository.existingIds(m, [...new Set(parents.filter((p) => p !== null))]);
  parents.forEach((p, i) => {
    if (p !== null && !found.has(p)) bag.add(`${i}.parent_id`, 'does not exist');
  });
  const moves = members.flatMap(({ current }, i) =>
    current && !bag.has(`${i}.parent_id`) ? [{ i, id: current.id, parent: parents[i] }] : [],
  );
  if (moves.some((mv) => mv.parent !== null)) {
    await repository.lockTree(m);
    const cyclic = new Set(
      await repository.cyclesAfter(
        m,
        moves.map((mv) => mv.id),
        moves.map((mv) => mv.parent),
      ),
    );
    for (const mv of moves)
      if (cyclic.has(mv.id)) bag.add(`${mv.i}.parent_id`, 'must not be the category itself or one of its descendants');
  }
  bag.throwIfAny();
  const derive: { i: number; slug: string }[] = [];
  out.forEach((v, i) => {
    if (v.url_name != null) return;
    const slug = slugify(String(v.name), 'category');
    const current = members[i].current;
    const kept = current ? keptUrlName(current.url_name, slug) : null;
    if (kept) v.url_name = kept;
    else derive.push({ i, slug });
  });
  const taken = new Set([...(await repository.takenUrlNames(m, [...new Set(derive.map((d) => d.slug))])), ...firstWith.keys()]);
  for (const v of out) if (typeof v.url_name === 'string') taken.add(v.url_name);
  for (const { i, slug } of derive) {
    const name = firstFreeSlug(slug, taken);
    taken.add(name);
    out[i].url_name = name;
  }
  return out;
}
