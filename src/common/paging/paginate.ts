import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ApiError } from '../http/api-error.js';
import { Page, type Pagination } from '../http/envelope.js';
import { type ListQuery, MAX_LIMIT } from './list-query.dto.js';

/** API sort name → column of the root entity. */
export type Sortable = Record<string, string>;

export function sortableColumns(...names: string[]): Sortable {
  return Object.fromEntries(names.map((n) => [n, n]));
}

/**
 * One page of a query, in two statements (count, rows). `cursor` keeps only ids above it, which is
 * what keeps pages stable under concurrent inserts; `next_cursor` is the last id of the page while
 * more rows follow and the order is by id ascending (the order in which a cursor walks).
 */
export async function paginate<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: ListQuery,
  sortable: Sortable,
): Promise<{ rows: T[]; pagination: Pagination }> {
  const sort = query.sort ?? 'id';
  // Own names only: `sort=constructor` must not find Object.prototype.constructor.
  const column = Object.hasOwn(sortable, sort) ? sortable[sort] : undefined;
  if (!column) throw ApiError.field('sort', `must be one of: ${Object.keys(sortable).join(', ')}`);
  const order = query.order ?? 'ASC';
  const limit = query.limit ?? MAX_LIMIT;
  const page = query.page ?? 1;
  const alias = qb.alias;
  if (query.cursor !== undefined) qb.andWhere(`${alias}.id > :__cursor`, { __cursor: query.cursor });
  const total = await qb.clone().getCount();
  qb.orderBy(`${alias}.${column}`, order);
  if (column !== 'id') qb.addOrderBy(`${alias}.id`, order);
  const rows = await qb
    .offset((page - 1) * limit)
    .limit(limit)
    .getMany();
  const more = (page - 1) * limit + rows.length < total;
  const last = rows[rows.length - 1] as { id?: number } | undefined;
  return {
    rows,
    pagination: {
      total,
      count: rows.length,
      limit,
      page,
      total_pages: Math.ceil(total / limit),
      next_cursor: more && sort === 'id' && order === 'ASC' && last?.id !== undefined ? last.id : null,
    },
  };
}

/** The page with its rows presented (the presenter may load embeds for the whole page at once). */
export async function toPage<T, U>(
  result: { rows: T[]; pagination: Pagination },
  present: (rows: T[]) => U[] | Promise<U[]>,
): Promise<Page<U>> {
  return new Page(await present(result.rows), result.pagination);
}
