import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { In } from 'typeorm';
import { FieldErrorBag } from '../../common/http/api-error.js';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { firstFreeSlug, slugify } from './domain/product-text.js';

/** Adds `<field> does not exist` to the bag when the id has no row. */
export async function checkExists(
  m: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  id: number | null | undefined,
  field: string,
  bag: FieldErrorBag,
) {
  if (id === null || id === undefined) return;
  if (!(await m.getRepository(entity).existsBy({ id }))) bag.add(field, 'does not exist');
}

/** Adds `<field>.<index> does not exist` for every id of the list without a row. */
export async function checkAllExist(
  m: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  ids: number[] | undefined,
  field: string,
  bag: FieldErrorBag,
) {
  if (!ids || ids.length === 0) return;
  const found = new Set((await m.getRepository(entity).find({ select: { id: true }, where: { id: In(ids) } })).map((r) => r.id as number));
  ids.forEach((id, i) => {
    if (!found.has(id)) bag.add(`${field}.${i}`, 'does not exist');
  });
}

/**
 * A free `url_name` derived from `name` in `table` (`slug`, `slug-2`, …). A transaction-scoped
 * advisory lock on the slug makes two concurrent creates of the same name take turns instead of
 * colliding on the unique index.
 */
export async function freeUrlName(m: EntityManager, table: string, name: string, fallback: string): Promise<string> {
  const base = slugify(name, fallback);
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}.url_name:${base}`]);
  const rows: { url_name: string }[] = await m.query(`SELECT url_name FROM "${table}" WHERE url_name = $1 OR url_name LIKE $2`, [
    base,
    `${base}-%`,
  ]);
  return firstFreeSlug(
    base,
    rows.map((r) => r.url_name),
  );
}

/** Price tier rules beyond the DTO: the customer group must exist. */
export async function checkTier(m: EntityManager, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const bag = new FieldErrorBag();
  await checkExists(m, CustomerGroup, values.customer_group_id as number | null | undefined, 'customer_group_id', bag);
  bag.throwIfAny();
  return values;
}

/**
 * Adds `<field> is already in use` for each given unique value another row holds, so a request
 * hears about every taken value at once (the unique indexes still decide races).
 */
export async function checkUnique(
  m: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  values: Record<string, unknown>,
  exceptId: number | null,
  bag: FieldErrorBag,
) {
  const fields = Object.entries(values).filter(([, v]) => v !== undefined && v !== null);
  if (fields.length === 0) return;
  const qb = m.createQueryBuilder(entity, 'r').select(['r.id', ...fields.map(([f]) => `r.${f}`)]);
  qb.where(`(${fields.map(([f]) => `r.${f} = :${f}`).join(' OR ')})`, Object.fromEntries(fields));
  if (exceptId !== null) qb.andWhere('r.id <> :exceptId', { exceptId });
  const rows = await qb.limit(fields.length).getMany();
  for (const [f, v] of fields) if (rows.some((r) => r[f] === v)) bag.add(f, 'is already in use');
}
