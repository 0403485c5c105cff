import { ApiError } from '../http/api-error.js';
import { Page, type Pagination } from '../http/envelope.js';
import { type ListQuery, MAX_LIMIT } from './list-query.dto.js';

/** API sort name → column of the listed table (alias `r` in the repository's statement). */
export type Sortable = Record<string, string>;

export function sortableColumns(...names: string[]): Sortable {
  return Object.fromEntries(names.map((n) => [n, n]));
}

/**
 * `meta.pagination.total` is exact while at most this many rows match past the start of the page;
 * beyond it, counting every match on every request would scan millions of index entries, so `total`
 * is PostgreSQL's planner estimate instead (never less than the rows already counted). The same
 * rule on every collection; `total_pages` follows `total`. See docs/api.md.
 */
export const TOTAL_EXACT_ROWS = 10_000;

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

/** The one check of `sort`, by own names: `sort=constructor` must not find Object.prototype.constructor. */
export function pageRequest(query: ListQuery, sortable: Sortable): PageRequest {
  const sort = query.sort ?? 'id';
  const column = Object.hasOwn(sortable, sort) ? sortable[sort] : undefined;
  if (!column) throw ApiError.field('sort', `must be one of: ${Object.keys(sortable).join(', ')}`);
  const limit = query.limit ?? MAX_LIMIT;
  const page = query.page ?? 1;
  return { sort, column, order: query.order ?? 'ASC', limit, page, offset: (page - 1) * limit, cursor: query.cursor };
}

/**
 * `meta.pagination` of a page: `cursor` keeps only ids above it (stable pages under concurrent
 * inserts); `next_cursor` is the last id of the page while more rows follow and the order is by id
 * ascending (the order in which a cursor walks).
 */
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

/** Rows of a page and their total, as a repository returns them. */
export interface PageRows<T> {
  rows: T[];
  total: number;
}

/** The page with its rows presented (the presenter may load embeds for the whole page at once). */
export async function toPage<T extends { id: number }, U>(
  req: PageRequest,
  result: PageRows<T>,
  present: (rows: T[]) => U[] | Promise<U[]>,
): Promise<Page<U>> {
  return new Page(await present(result.rows), paginationOf(req, result.total, result.rows));
}
