// expect: no-restricted-syntax Statements, query builders and table metadata belong to repositories (*.repository.ts): call the module's repository.
import type { EntityManager } from 'typeorm';

export async function probe(manager: EntityManager | undefined) {
  return manager?.count('product');
}
