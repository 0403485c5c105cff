import { Injectable } from '@nestjs/common';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { tableOf } from '../../database/table.js';
import { Category } from './categories/category.entity.js';

/**
 * The catalog tables whose rows carry a `url_name` and other unique keys, checked one row at a time:
 * categories (a product's are checked with the product write, for every product at once).
 */
export type NamedTable = 'categories';

const NAMED: Record<NamedTable, EntityTarget<ObjectLiteral>> = { categories: Category };

/**
 * The statements behind the catalog's input checks (catalog-checks.ts): categories that must exist,
 * unique keys already in use, URL names already taken (tax classes and customer groups are their
 * modules' to read).
 */
@Injectable()
export class CatalogChecksRepository {
  @GenerateSql({ args: [SqlArg.manager, 1] })
  categoryExists(m: EntityManager, id: number): Promise<boolean> {
    return m.getRepository(Category).existsBy({ id });
  }

  /** Which of `ids` are categories, in one statement whatever their number (a batch's references); none for an empty list. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async existingCategoryIds(m: EntityManager, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await runStatement<{ id: number }>(m, `SELECT id FROM ${tableOf(m.connection, Category)} WHERE id = ANY($1::int[])`, [
      ids,
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /**
   * The unique keys among `values` (column → value; null and undefined are skipped) that a row of
   * `table` other than `exceptId` holds, in one statement; none when there is nothing to check.
   */
  @GenerateSql(
    { name: 'create', args: [SqlArg.manager, 'categories', { url_name: 'cups', api_code: 'CUPS' }, null] },
    { name: 'update', args: [SqlArg.manager, 'categories', { url_name: 'cups', api_code: 'CUPS' }, 1] },
  )
  async takenKeys(m: EntityManager, table: NamedTable, values: Record<string, unknown>, exceptId: number | null): Promise<string[]> {
    const fields = Object.entries(values).filter(([, v]) => v !== undefined && v !== null);
    if (fields.length === 0) return [];
    const qb = m.createQueryBuilder(NAMED[table], 'r').select(['r.id', ...fields.map(([f]) => `r.${f}`)]);
    qb.where(`(${fields.map(([f]) => `r.${f} = :${f}`).join(' OR ')})`, Object.fromEntries(fields));
    if (exceptId !== null) qb.andWhere('r.id <> :exceptId', { exceptId });
    const rows = await qb.limit(fields.length).getMany();
    return fields.filter(([f, v]) => rows.some((r) => r[f] === v)).map(([f]) => f);
  }

  /**
   * The URL names of `table` that are `base` or `base-<number>` (their stored `url_name_base` is
   * `base`), after taking a transaction-scoped
   * advisory lock on the slug: two concurrent creates of the same name take turns instead of
   * colliding on the unique index.
   */
  @GenerateSql({ args: [SqlArg.manager, 'categories', 'cups'] })
  async takenUrlNames(m: EntityManager, table: NamedTable, base: string): Promise<string[]> {
    await runStatement(m, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}.url_name:${base}`]);
    const rows = await runStatement<{ url_name: string }>(
      m,
      `SELECT url_name FROM ${tableOf(m.connection, NAMED[table])} WHERE url_name = $1 OR url_name_base = $1`,
      [base],
    );
    return rows.map((r) => r.url_name);
  }
}
