import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { PageRequest, PageRows } from '../common/paging/page-request.js';
import { RowNotFoundError } from './row-not-found.js';
import { type KeyLookup, findByKey } from './sql/key-lookup.js';
import { pageOfQuery } from './sql/page.js';
import {
  type Values,
  changeManyReturning,
  changeReturning,
  deleteById,
  insertManyReturning,
  insertReturning,
  updateReturning,
} from './sql/write.js';

type Row = ObjectLiteral & { id: number };

/**
 * An entity's table as PostgreSQL knows it, quoted (`"quote_items"`), from the TypeORM mapping: the
 * one way a repository names a table in a hand-written statement.
 */
export function tableOf(source: Pick<DataSource, 'getMetadata'>, entity: EntityTarget<ObjectLiteral>): string {
  return `"${source.getMetadata(entity).tableName}"`;
}

/** How a table's rows are addressed: `{id}` or `{id|alt}`, and their name in 404s. */
export type TableKey = Pick<KeyLookup, 'alt' | 'fold' | 'label'>;

/** Rows of a page: equality conditions (an owner's id) and a fixed condition on alias `r` from code. */
export interface TableFilter {
  where?: Record<string, unknown>;
  condition?: string;
}

/**
 * The statements every table of a resource needs (a page, a row by `{id|key}`, insert, update,
 * delete by id), written once. A module's repository holds one per table it owns, next to its own
 * statements, and services reach the table only through that repository.
 */
export class Table<E extends Row> {
  constructor(
    private readonly dataSource: DataSource,
    readonly entity: EntityTarget<E>,
    readonly key: TableKey,
  ) {}

  /** A page with the capped `total` of every collection (two statements). */
  page(m: EntityManager, req: PageRequest, filter: TableFilter = {}): Promise<PageRows<E>> {
    const qb = m.createQueryBuilder(this.entity, 'r');
    for (const [column, value] of Object.entries(filter.where ?? {})) {
      qb.andWhere(`r.${column} = :w_${column}`, { [`w_${column}`]: value });
    }
    if (filter.condition) qb.andWhere(filter.condition);
    return pageOfQuery(m, qb, req);
  }

  /**
   * The row a `{id|key}` segment names (within `where`), locked for the transaction when `lock`;
   * RowNotFoundError when none (a 404 `<label> <segment> was not found.` once it reaches HTTP).
   */
  async find(m: EntityManager, segment: string, options: { lock?: boolean; where?: Record<string, unknown> } = {}): Promise<E> {
    const row = await findByKey(m, this.entity, segment, { ...this.key, ...options });
    if (!row) throw new RowNotFoundError(this.key.label, segment);
    return row;
  }

  /** As find, null when the segment names no row. */
  findOrNull(m: EntityManager, segment: string, options: { lock?: boolean; where?: Record<string, unknown> } = {}): Promise<E | null> {
    return findByKey(m, this.entity, segment, { ...this.key, ...options });
  }

  /**
   * What an insert gives each column it is not sent: the column's literal default (`0`, `'active'`,
   * `{}`), or null. Generated, primary and timestamp columns are not written, so they are not listed;
   * a default computed by SQL is left out too (the column then keeps its value).
   */
  columnDefaults(): ReadonlyMap<string, unknown> {
    if (this.defaults) return this.defaults;
    const defaults = new Map<string, unknown>();
    for (const column of this.dataSource.getMetadata(this.entity).columns) {
      if (column.isPrimary || column.isGenerated || !column.isInsert || column.isCreateDate || column.isUpdateDate) continue;
      if (column.propertyName === 'created_at' || column.propertyName === 'updated_at') continue;
      if (typeof column.default === 'function') continue;
      defaults.set(column.propertyName, column.default === undefined ? null : column.default);
    }
    this.defaults = defaults;
    return defaults;
  }

  private defaults?: ReadonlyMap<string, unknown>;

  /**
   * Up to `limit` rows with an id above `afterId`, in id order, only those updated at or after
   * `updatedMin` when given: one statement per step of a walk through the whole table (an export).
   */
  after(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null = null): Promise<E[]> {
    const qb = m.createQueryBuilder(this.entity, 'r').where('r.id > :afterId', { afterId });
    if (updatedMin) qb.andWhere('r.updated_at >= :updatedMin', { updatedMin });
    return qb.orderBy('r.id', 'ASC').limit(limit).getMany();
  }

  /** Rows whose `column` is one of `ids`, in id order: one statement for the embeds of a whole page. */
  async whereIn(m: EntityManager, column: string, ids: readonly number[]): Promise<E[]> {
    if (ids.length === 0) return [];
    return m
      .createQueryBuilder(this.entity, 'r')
      .where(`r.${column} IN (:...ids)`, { ids: [...new Set(ids)] })
      .orderBy('r.id', 'ASC')
      .getMany();
  }

  insert(m: EntityManager, values: Values<E>): Promise<E> {
    return insertReturning(m, this.entity, values);
  }

  /** The row after the write; a write whose values equal the stored ones changes nothing (updated_at stays). */
  update(m: EntityManager, current: E, values: Values<E>): Promise<E> {
    return updateReturning(m, this.entity, current, values);
  }

  /** As update, and whether anything changed: a PATCH that changes nothing records no event. */
  change(m: EntityManager, current: E, values: Values<E>): Promise<{ row: E; changed: boolean }> {
    return changeReturning(m, this.entity, current, values);
  }

  /** Many rows in one INSERT … RETURNING *, in the order given. */
  insertMany(m: EntityManager, rows: Values<E>[]): Promise<E[]> {
    return insertManyReturning(m, this.entity, rows);
  }

  /** change for many rows in one statement: the rows that changed, as stored after the write. */
  changeMany(m: EntityManager, rows: { id: number; values: Values<E> }[]): Promise<E[]> {
    return changeManyReturning(m, this.entity, rows);
  }

  /**
   * The rows whose `column` is one of `keys` (compared as stored: `upper` keys are stored upper
   * case, `lower` ones compared as their stored `<column>_key`), locked when `lock`: one
   * statement for the members of a batch.
   */
  async whereKeys(
    m: EntityManager,
    column: string,
    keys: readonly string[],
    options: { fold?: 'upper' | 'lower'; lock?: boolean } = {},
  ): Promise<E[]> {
    if (keys.length === 0) return [];
    const folded = keys.map((k) => (options.fold === 'upper' ? k.toUpperCase() : options.fold === 'lower' ? k.toLowerCase() : k));
    const qb = m
      .createQueryBuilder(this.entity, 'r')
      .where(options.fold === 'lower' ? `r.${column}_key IN (:...keys)` : `r.${column} IN (:...keys)`, { keys: [...new Set(folded)] })
      .orderBy('r.id', 'ASC');
    if (options.lock) qb.setLock('pessimistic_write');
    return qb.getMany();
  }

  /** Rows by id, in one statement. */
  async deleteMany(m: EntityManager, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await m
      .createQueryBuilder()
      .delete()
      .from(this.entity)
      .where('id IN (:...ids)', { ids: [...ids] })
      .execute();
  }

  delete(m: EntityManager, id: number): Promise<void> {
    return deleteById(m, this.entity, id);
  }

  /** The table's name as PostgreSQL knows it, quoted, for a repository's hand-written statements. */
  get sqlName(): string {
    return tableOf(this.dataSource, this.entity);
  }
}
