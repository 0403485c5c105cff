import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { runStatement } from './statement.js';

/** Column values for a write: typed entity fields or the checked fields of a body. */
export type Values<E> = Partial<E> | Record<string, unknown>;

/** INSERT … RETURNING *: the stored row, with database defaults, in one statement. */
export async function insertReturning<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  values: Values<E>,
): Promise<E> {
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(entity)
    .values(values as never)
    .returning('*')
    .execute();
  return manager.create(entity, (result.raw as E[])[0] as never) as E;
}

/**
 * UPDATE … RETURNING * by id, bumping updated_at, only when a value differs from the stored one (a
 * write that changes nothing moves neither updated_at nor the ETag, and records no event): one
 * statement whose WHERE compares each column with `IS DISTINCT FROM`, in the column's own type.
 * `changed` is false when no value differed (then `row` is `current`). A value given as SQL (a
 * function, e.g. `() => 'now()'`) always counts as a change.
 */
export async function changeReturning<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  current: E & { id: number },
  values: Values<E>,
): Promise<{ row: E; changed: boolean }> {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return { row: current, changed: false };
  const metadata = manager.connection.getMetadata(entity);
  const differs: string[] = [];
  const params: Record<string, unknown> = { id: current.id };
  let always = false;
  entries.forEach(([name, value], i) => {
    const column = metadata.findColumnWithPropertyName(name);
    if (typeof value === 'function' || !column) {
      always = true;
      return;
    }
    // The SQL type as the driver names it (a column typed from its TypeScript type has a constructor here).
    const type = manager.connection.driver.normalizeType(column);
    const key = `d_${i}`;
    params[key] = type === 'jsonb' || type === 'json' ? (value === null ? null : JSON.stringify(value)) : value;
    // char/varchar compare as text (a cast to bare char would cut the value to one character).
    const cast = ['char', 'varchar', 'character varying', 'character', 'text'].includes(type) ? 'text' : type;
    differs.push(`"${column.databaseName}"${cast === 'text' ? '::text' : ''} IS DISTINCT FROM CAST(:${key} AS ${cast})`);
  });
  const qb = manager
    .createQueryBuilder()
    .update(entity)
    .set({ ...values, updated_at: () => 'now()' } as never)
    .where('id = :id');
  if (!always) qb.andWhere(`(${differs.join(' OR ')})`);
  const result = await qb.setParameters(params).returning('*').execute();
  const raw = (result.raw as E[])[0];
  if (!raw) return { row: current, changed: false };
  return { row: manager.create(entity, raw as never) as E, changed: true };
}

/** UPDATE … RETURNING * by id (see changeReturning): the row as stored after the write. */
export async function updateReturning<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  current: E & { id: number },
  values: Values<E>,
): Promise<E> {
  return (await changeReturning(manager, entity, current, values)).row;
}

export async function deleteById(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, id: number): Promise<void> {
  await manager.createQueryBuilder().delete().from(entity).where('id = :id', { id }).execute();
}

/** INSERT of many rows … RETURNING *, in one statement (the rows in the order given). */
export async function insertManyReturning<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: Values<E>[],
): Promise<E[]> {
  if (rows.length === 0) return [];
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(entity)
    .values(rows as never)
    .returning('*')
    .execute();
  return (result.raw as E[]).map((raw) => manager.create(entity, raw as never) as E);
}

/**
 * changeReturning for many rows in one statement: `UPDATE … FROM json_to_recordset($1)` by id, each
 * column cast to its own type, writing (and bumping updated_at of) only the rows where some value
 * `IS DISTINCT FROM` the stored one. Every row carries the same columns (a PUT writes all of them);
 * values given as SQL are not taken here. Returns the rows that changed, as stored after the write.
 */
export async function changeManyReturning<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: { id: number; values: Values<E> }[],
): Promise<E[]> {
  if (rows.length === 0) return [];
  const metadata = manager.connection.getMetadata(entity);
  const names = Object.keys(rows[0].values);
  const columns = names.map((name) => {
    const column = metadata.findColumnWithPropertyName(name);
    if (!column) throw new Error(`${metadata.tableName} has no column ${name}`);
    return { name, db: column.databaseName, type: manager.connection.driver.normalizeType(column) };
  });
  const recordType = (type: string) => (['char', 'varchar', 'character varying', 'character'].includes(type) ? 'text' : type);
  const definition = ['"id" integer', ...columns.map((c) => `"${c.db}" ${recordType(c.type)}`)].join(', ');
  const sets = columns.map((c) => `"${c.db}" = v."${c.db}"`).join(', ');
  const differs = columns.map((c) => `t."${c.db}" IS DISTINCT FROM v."${c.db}"`).join(' OR ');
  const documents = rows.map((r) => {
    const doc: Record<string, unknown> = { id: r.id };
    for (const c of columns) doc[c.db] = (r.values as Record<string, unknown>)[c.name] ?? null;
    return doc;
  });
  const table = `"${metadata.tableName}"`;
  const sql = `UPDATE ${table} t SET ${sets}, "updated_at" = now()
    FROM json_to_recordset($1::json) AS v(${definition})
    WHERE t.id = v.id AND (${differs}) RETURNING t.*`;
  const list = await runStatement<E>(manager, sql, [JSON.stringify(documents)]);
  return list.map((r) => manager.create(entity, r as never) as E);
}
