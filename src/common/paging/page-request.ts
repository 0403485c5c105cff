import { ApiError } from '../http/api-error.js';
import { Page, type Pagination } from '../http/envelope.js';
import { type ListQuery, MAX_LIMIT, type SyncListQuery } from './list-query.dto.js';

/** API sort name → column of the listed table (alias `r` in the repository's statement). */
export type Sortable = Record<string, string>;

/**
 * `meta.pagination.total` is exact while at most this many rows match past the start of the page;
 * beyond it, counting every match on every request would scan millions of index entries, so `total`
 * is PostgreSQL's planner estimate instead (never less than the rows already counted). The same
 * rule on every collection; `total_pages` follows `total`. See docs/api.md#collections.
 */
export const TOTAL_EXACT_ROWS = 10_000;

/** Whole-second bounds of a timestamp filter: `min` inclusive, `before` exclusive. */
interface TimeRange {
  min?: Date;
  before?: Date;
}

const wholeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/**
 * The bounds of `<x>_min` / `<x>_max`. Timestamps are shown to the second, so the bounds take whole
 * seconds: a row shown as updated at 10:00:00 (stored 10:00:00.6) is inside `updated_at_max=10:00:00`.
 */
function timeRange(min: Date | undefined, max: Date | undefined): TimeRange | undefined {
  if (!min && !max) return undefined;
  return {
    ...(min && { min: wholeSecond(min) }),
    ...(max && { before: new Date(wholeSecond(max).getTime() + 1000) }),
  };
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
  /** `updated_at_min` / `updated_at_max` of a top-level collection (a range of its `(updated_at, id)` index). */
  updated?: TimeRange;
}

/** The one check of `sort`, by own names: `sort=constructor` must not find Object.prototype.constructor. */
export function pageRequest(query: ListQuery | SyncListQuery, sortable: Sortable): PageRequest {
  const sort = query.sort ?? 'id';
  const column = Object.hasOwn(sortable, sort) ? sortable[sort] : undefined;
  if (!column) throw ApiError.field('sort', `must be one of: ${Object.keys(sortable).join(', ')}`);
  const limit = query.limit ?? MAX_LIMIT;
  const page = query.page ?? 1;
  const req: PageRequest = { sort, column, order: query.order ?? 'ASC', limit, page, offset: (page - 1) * limit, cursor: query.cursor };
  const updated =
    'updated_at_min' in query || 'updated_at_max' in query ? timeRange(query.updated_at_min, query.updated_at_max) : undefined;
  if (updated) req.updated = updated;
  return req;
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
