import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { Table } from '../../database/table.js';
import type { SyncPlan } from './domain/set-sync.js';

/** What a written plan did: the rows it deleted (as they were), inserted and changed (as they are now). */
export interface WrittenSync<E> {
  removed: E[];
  inserted: E[];
  /** Only the updated rows whose values differed, in id order. */
  changed: E[];
}

/**
 * A plan of planSync written to its table in three statements whatever the number of owners and
 * members: one DELETE of the rows that go, one UPDATE of the rewritten ones (only those whose values
 * differ are written), one INSERT of the new ones. In that order, so a key or a default a removed or
 * rewritten row gives up is free before a new row takes it.
 */
export async function writeSyncPlan<E extends ObjectLiteral & { id: number }>(
  m: EntityManager,
  table: Table<E>,
  plan: SyncPlan<unknown, unknown, E>,
): Promise<WrittenSync<E>> {
  const removed = plan.removed.map((r) => r.row);
  await table.deleteMany(
    m,
    removed.map((r) => r.id),
  );
  // planSync gives a rewritten row's values its `id`; the UPDATE takes it beside them.
  const updates = plan.updated.map(({ row, values: { id: _id, ...values } }) => ({ id: row.id, values }));
  const changed = (await table.changeMany(m, updates)).sort((a, b) => a.id - b.id);
  const inserted = await table.insertMany(
    m,
    plan.inserted.map((x) => x.values),
  );
  return { removed, inserted, changed };
}
