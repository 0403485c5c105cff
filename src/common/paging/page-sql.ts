import { readQuery } from '../../database/read-query.js';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../http/api-error.js';
import type { Pagination } from '../http/envelope.js';
import { type ListQuery, MAX_LIMIT } from './list-query.dto.js';
import type { Sortable } from './paginate.js';

/**
 * `meta.pagination.total` of the hand-written list queries is exact while at most this many rows
 * match past the start of the page; beyond it, counting every match on every request would scan
 * millions of index entries, so `total` is PostgreSQL's planner estimate instead (never less than
 * the rows already counted). `total_pages` follows `total`. See docs/api.md.
 */
export const TOTAL_EXACT_ROWS = 10_000;

/** Numbered placeholders for one statement: `p.add(value)` returns `$n`. Values never enter the text. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A list request checked against its resource: the sort column comes from the whitelist only. */
export interface PageRequest {
  sort: string;
  column: string;
  order: 'ASC' | 'DESC';
  limit: number;
  page: number;
  offset: number;
  cursor?: number;
}

export function pageRequest(query: ListQuery, sortable: Sortable): PageRequest {
  const sort = query.sort ?? 'id';
  const column = Object.hasOwn(sortable, sort) ? sortable[sort] : undefined;
  if (!column) throw ApiError.field('sort', `must be one of: ${Object.keys(sortable).join(', ')}`);
  const limit = query.limit ?? MAX_LIMIT;
  const page = query.page ?? 1;
  return { sort, column, order: query.order ?? 'ASC', limit, page, offset: (page - 1) * limit, cursor: query.cursor };
}

/** `ORDER BY` of a page: the sort column, then the id as the tie-breaker, both in the asked order. */
export function orderSql(alias: string, req: PageRequest): string {
  return req.column === 'id' ? `${alias}.id ${req.order}` : `${alias}.${req.column} ${req.order}, ${alias}.id ${req.order}`;
}

/** The capped count of the rows of `from` (a `table r WHERE …` fragment): up to TOTAL_EXACT_ROWS past the page start, plus one. */
export function cappedCountSql(from: string, req: PageRequest, p: SqlParams): string {
  return `(SELECT count(*)::int FROM (SELECT 1 FROM ${from} LIMIT ${p.add(req.offset + TOTAL_EXACT_ROWS + 1)}) counted)`;
}

/**
 * The page's `total` from its capped count: exact below the cap, else the planner's row estimate
 * of `from` (one EXPLAIN, only then).
 */
export async function pageTotal(
  m: EntityManager,
  counted: number,
  req: PageRequest,
  estimate: () => { from: string; params: unknown[] },
): Promise<number> {
  if (counted <= req.offset + TOTAL_EXACT_ROWS) return counted;
  const { from, params } = estimate();
  // Unnamed: the estimate must follow the filter values, never a generic plan.
  const [row] = (await readQuery(m, `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from}`, params, false)) as {
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }[];
  return Math.max(counted, Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']));
}

/** `meta.pagination` of a page (CONTRACT §5): next_cursor only while walking by id ascending and more rows follow. */
export function paginationOf(req: PageRequest, total: number, rows: { id: number }[]): Pagination {
  const more = req.offset + rows.length < total;
  const last = rows[rows.length - 1];
  return {
    total,
    count: rows.length,
    limit: req.limit,
    page: req.page,
    total_pages: Math.ceil(total / req.limit),
    next_cursor: more && req.sort === 'id' && req.order === 'ASC' && last ? last.id : null,
  };
}
