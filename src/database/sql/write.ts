import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

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
