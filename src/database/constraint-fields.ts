import type { DataSource } from 'typeorm';

/**
 * The field a unique or foreign key names, by the constraint's name: what a refusal reports when
 * PostgreSQL keeps its `Key (…)=(…)` detail to itself, as it does for a table under row-level
 * security (docs/architecture.md#stores: the detail could show another store's row). Read once
 * from the entities' mapping; the last column a client chose, never the store's.
 */
export interface ConstraintField {
  column: string;
  /** Compared case-insensitively (a `lower(…)` index). */
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
    for (const { name, columns } of keys) {
      const chosen = columns.filter((c) => c !== 'store_id');
      if (chosen.length) fields.set(name, { column: chosen[chosen.length - 1], folded: false });
      // An index on an expression is not mapped column by column: `UQ_<table>_<column>` on lower(<column>).
      else if (name.startsWith(`UQ_${meta.tableName}_`))
        fields.set(name, { column: name.slice(`UQ_${meta.tableName}_`.length), folded: true });
    }
  }
}

/** The field constraint `name` is about, if the mapping knows it. */
export function constraintField(name: string | undefined): ConstraintField | null {
  return (name && fields.get(name)) || null;
}
