// expect: no-restricted-syntax Statements, query builders and table metadata belong to repositories (*.repository.ts): call the module's repository.
import type { EntityManager } from 'typeorm';

class Product {}

export async function probe(m: EntityManager) {
  return m.decrement(Product, { id: 1 }, 'stock', 1);
}
