import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { Table } from '../../database/table.js';
import type { SyncPlan } from './domain/set-sync.js';

/** What a written plan did to one row: the action its event names, and the row (as it was when deleted). */
interface SyncChange<E> {
  action: 'deleted' | 'created' | 'updated';
  row: E;
}

/** What a written plan did. */
export interface WrittenSync<E> {
  /**
   * Every row it deleted, inserted or changed (an update that wrote the same values is not one), in
   * the order their events are recorded: deletions, creations, then updates in id order.
   */
  changes: SyncChange<E>[];
  /** The plan's rows as they now are (kept ones as stored, rewritten ones as written, new ones), in id order. */
  rows: E[];
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
  const now = new Map(plan.updated.map(({ row }) => [row.id, row]));
  for (const row of [...changed, ...inserted]) now.set(row.id, row);
  return {
    changes: [
      ...removed.map((row) => ({ action: 'deleted' as const, row })),
      ...inserted.map((row) => ({ action: 'created' as const, row })),
      ...changed.map((row) => ({ action: 'updated' as const, row })),
    ],
    rows: [...now.values()].sort((a, b) => a.id - b.id),
  };
}
