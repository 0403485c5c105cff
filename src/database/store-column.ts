import { Column } from 'typeorm';

/**
 * The `store_id` of a table of a store's data: the store the row belongs to. The database fills it
 * from the transaction's store (`app_store_id()`, the setting store-scope.ts makes) and row-level
 * security holds every statement to it, so the api never writes or reads it: TypeORM leaves it out
 * of its inserts, updates and selects.
 */
export function StoreColumn(): PropertyDecorator {
  return Column({ type: 'integer', default: () => 'app_store_id()', select: false, insert: false, update: false });
}
