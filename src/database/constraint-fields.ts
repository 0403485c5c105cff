import type { DataSource } from 'typeorm';
import { foldedColumnOf } from './lookup-columns.js';

/**
 * The field a unique or foreign key names, by the constraint's name: what a refusal reports when
 * PostgreSQL keeps its `Key (…)=(…)` detail to itself, as it does for a table under row-level
 * security (docs/architecture.md#stores: the detail could show another store's row). Read once
 * from the entities' mapping; the last column a client chose, never the store's.
 */
export interface ConstraintField {
  column: string;
  /** Compared case-insensitively (its stored `lower(…)`, `<column>_key`). */
  folded: boolean;
}

const fields = new Map<string, ConstraintField>();

/** Reads every unique index, unique constraint and foreign key of the mapping (the data source's, once initialized). */
export function registerConstraintFields(ds: DataSource): void {
  for (const meta of ds.entityMetadatas) {
    const keys = [
      ...meta.indices
        .filter((i) => i.isUnique || i.name?.startsWith('UQ_'))
        .map((i) => ({ name: i.name, columns: i.columns.map((c) => c.databaseName) })),
      ...meta.uniques.map((u) => ({ name: u.name, columns: u.columns.map((c) => c.databaseName) })),
      ...meta.foreignKeys.map((f) => ({ name: f.name, columns: f.columnNames })),
    ];
    // A key compared in any case is its stored lower() (`@FoldedKey`): the field is the column it folds.
    const folds = new Map(meta.columns.map((c) => [c.databaseName, foldedColumnOf(c)]));
    for (const { name, columns } of keys) {
      const chosen = columns.filter((c) => c !== 'store_id');
      if (chosen.length === 0) continue;
      const last = chosen[chosen.length - 1];
      const folded = folds.get(last);
      fields.set(name, folded ? { column: folded, folded: true } : { column: last, folded: false });
    }
  }
}

/** The field constraint `name` is about, if the mapping knows it. */
export function constraintField(name: string | undefined): ConstraintField | null {
  return (name && fields.get(name)) || null;
}
