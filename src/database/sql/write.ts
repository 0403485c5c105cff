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

/** UPDATE … RETURNING * by id, bumping updated_at; with nothing to change, the row is read as is. */
export async function updateReturning<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  current: E & { id: number },
  values: Values<E>,
): Promise<E> {
  if (Object.keys(values).length === 0) return current;
  const result = await manager
    .createQueryBuilder()
    .update(entity)
    .set({ ...values, updated_at: () => 'now()' } as never)
    .where('id = :id', { id: current.id })
    .returning('*')
    .execute();
  return manager.create(entity, (result.raw as E[])[0] as never) as E;
}

export async function deleteById(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, id: number): Promise<void> {
  await manager.createQueryBuilder().delete().from(entity).where('id = :id', { id }).execute();
}
