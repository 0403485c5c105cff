import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table } from '../../../database/table.js';
import { Category } from './category.entity.js';

/** Categories and their tree (through `parent_id`). */
@Injectable()
export class CategoriesRepository {
  /** `{id}` is the id only. */
  readonly categories: Table<Category>;
  /** `{id|api_code}`: how a PUT addresses a category (a PUT creates one by its api_code). */
  readonly categoriesByCode: Table<Category>;

  constructor(dataSource: DataSource) {
    this.categories = new Table(dataSource, Category, { alt: null, label: 'Category' });
    this.categoriesByCode = new Table(dataSource, Category, { alt: 'api_code', label: 'Category' });
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

  /** Which of `ids` are categories, in one statement; none for an empty list. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async existingIds(m: EntityManager, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await runStatement<{ id: number }>(m, `SELECT id FROM ${this.categories.sqlName} WHERE id = ANY($1::int[])`, [ids]);
    return new Set(rows.map((r) => r.id));
  }

  /** The rows holding any of these URL names (a batch's given ones), in one statement. */
  @GenerateSql({ args: [SqlArg.manager, ['cups', 'mugs']] })
  async urlNameHolders(m: EntityManager, urlNames: string[]): Promise<Pick<Category, 'id' | 'url_name'>[]> {
    if (urlNames.length === 0) return [];
    return runStatement(m, `SELECT id, url_name FROM ${this.categories.sqlName} WHERE url_name = ANY($1::text[])`, [urlNames]);
  }

  /**
   * The URL names taken among these slugs and their numbered forms (`slug-2`, …), after the advisory
   * lock per slug a single create takes (until the transaction ends), in one statement.
   */
  @GenerateSql({ args: [SqlArg.manager, ['cups', 'mugs']] })
  async takenUrlNames(m: EntityManager, slugs: string[]): Promise<string[]> {
    if (slugs.length === 0) return [];
    const rows = await runStatement<{ url_name: string }>(
      m,
      `WITH locks AS (SELECT pg_advisory_xact_lock(hashtext('categories.url_name:' || s)) FROM unnest($1::text[]) AS s)
       SELECT url_name FROM ${this.categories.sqlName}
        WHERE (SELECT count(*) FROM locks) >= 0
          AND (url_name = ANY($1::text[]) OR url_name_base = ANY($1::text[]))`,
      [slugs],
    );
    return rows.map((r) => r.url_name);
  }

  /**
   * Which of the categories `ids` would be their own ancestor once each takes the parent of the same
   * index in `parents` (null: top-level), the others keeping theirs: the moves of a batch checked
   * together, in one statement.
   */
  @GenerateSql({ args: [SqlArg.manager, [1, 2], [2, 1]] })
  async cyclesAfter(m: EntityManager, ids: number[], parents: (number | null)[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await runStatement<{ id: number }>(
      m,
      `WITH RECURSIVE moved(id, parent_id) AS (SELECT * FROM unnest($1::int[], $2::int[])),
       walk(start, at) AS (
         SELECT id, parent_id FROM moved WHERE parent_id IS NOT NULL
         UNION
         SELECT w.start, CASE WHEN mv.id IS NOT NULL THEN mv.parent_id ELSE c.parent_id END
           FROM walk w
           JOIN ${this.categories.sqlName} c ON c.id = w.at
           LEFT JOIN moved mv ON mv.id = c.id
          WHERE w.at <> w.start AND CASE WHEN mv.id IS NOT NULL THEN mv.parent_id ELSE c.parent_id END IS NOT NULL)
       SELECT DISTINCT start AS id FROM walk WHERE at = start`,
      [ids, parents],
    );
    return rows.map((r) => r.id);
  }
}
