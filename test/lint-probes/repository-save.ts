// expect: no-restricted-syntax Statements, query builders and table metadata belong to repositories (*.repository.ts): call the module's repository.
import type { Repository } from 'typeorm';

export function probe(productRepository: Repository<{ id: number }>) {
  return productRepository.save({ id: 1 });
}
