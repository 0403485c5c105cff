import { Column, JoinColumn, ManyToOne, type ObjectType, type RelationOptions, Unique } from 'typeorm';

/**
 * The `store_id` of a table of a store's data: the store the row belongs to. The database fills it
 * from the transaction's store (`app_store_id()`, the setting store-scope.ts makes) and row-level
 * security holds every statement to it, so the api never writes or reads it: TypeORM leaves it out
 * of its inserts, updates and selects.
 */
export function StoreColumn(): PropertyDecorator {
  return Column({ type: 'integer', default: () => 'app_store_id()', select: false, insert: false, update: false });
}

/**
 * A reference to a row of the same store: the foreign key `(store_id, <column>)` → the parent's
 * `(store_id, id)`. PostgreSQL's own check then holds a client's id to its store (its checks look past
 * row-level security, so a key of `<column>` alone would take another store's row). The parent
 * carries `@StoreKey`. Where the reference is cleared on delete (`SET NULL`), the migration clears
 * `<column>` alone (`ON DELETE SET NULL (<column>)`): the row keeps its store.
 */
export function StoreReference<T>(
  parent: string | (() => ObjectType<T>),
  column: string,
  onDelete: NonNullable<RelationOptions['onDelete']>,
): PropertyDecorator {
  const relation = ManyToOne(parent, { onDelete });
  const columns = JoinColumn([
    { name: 'store_id', referencedColumnName: 'store_id' },
    { name: column, referencedColumnName: 'id' },
  ]);
  return (target, property) => {
    relation(target, property);
    columns(target, property);
  };
}

/** `(store_id, id)` made unique, which a `@StoreReference` to the table needs: `UQ_<table>_store_id_id`. */
export function StoreKey(table: string): ClassDecorator {
  return Unique(`UQ_${table}_store_id_id`, ['store_id', 'id']);
}
