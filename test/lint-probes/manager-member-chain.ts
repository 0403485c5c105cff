// expect: no-restricted-syntax Statements, query builders and table metadata belong to repositories (*.repository.ts): call the module's repository.
import type { DataSource } from 'typeorm';

export class Probe {
  constructor(private readonly source: DataSource) {}

  all() {
    return this.source.manager.findBy('product', {});
  }
}
