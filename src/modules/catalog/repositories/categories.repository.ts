import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table } from '../../../database/table.js';
import { Category } from '../category.entity.js';

/** Categories and their tree (through `parent_id`). */
@Injectable()
export class CategoriesRepository {
  /** `{id}` is the id only. */
  readonly categories: Table<Category>;

  constructor(dataSource: DataSource) {
    this.categories = new Table(dataSource, Category, { alt: null, label: 'Category' });
  }

  /** One tree edit at a time (until the transaction ends), so two concurrent moves cannot close a cycle between them. */
  @GenerateSql()
  async lockTree(m: EntityManager): Promise<void> {
    await runStatement(m, 'SELECT pg_advisory_xact_lock(hashtext($1))', ['categories.tree']);
  }

  /** Whether category `id` is `rootId` or below it. */
  @GenerateSql({ args: [SqlArg.manager, 1, 2] })
  async isInSubtree(m: EntityManager, rootId: number, id: number): Promise<boolean> {
    const rows = await runStatement(
      m,
      `WITH RECURSIVE sub(id) AS (SELECT $1::int UNION SELECT c.id FROM ${this.categories.sqlName} c JOIN sub ON c.parent_id = sub.id)
     SELECT 1 FROM sub WHERE id = $2 LIMIT 1`,
      [rootId, id],
    );
    return rows.length > 0;
  }
}
