import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type PageRequest, type PageRows, TOTAL_EXACT_ROWS } from '../../common/paging/page-request.js';
import type { SqlParams } from './params.js';
import { runStatement } from './statement.js';

/** `ORDER BY` of a page: the sort column, then the id as the tie-breaker, both in the asked order. */
export function orderSql(alias: string, req: PageRequest): string {
  return req.column === 'id' ? `${alias}.id ${req.order}` : `${alias}.${req.column} ${req.order}, ${alias}.id ${req.order}`;
}

/**
 * The conditions every page keeps on alias `alias`: `cursor` (ids above it) and the `updated_at`
 * range of a top-level collection, as SQL with placeholders of `p`.
 */
export function pageConditionsSql(alias: string, req: PageRequest, p: SqlParams): string[] {
  const conditions: string[] = [];
  if (req.updated?.min) conditions.push(`${alias}.updated_at >= ${p.add(req.updated.min)}`);
  if (req.updated?.before) conditions.push(`${alias}.updated_at < ${p.add(req.updated.before)}`);
  if (req.cursor !== undefined) conditions.push(`${alias}.id > ${p.add(req.cursor)}`);
  return conditions;
}

/** The capped count of the rows of `from` (a `table r WHERE …` fragment): up to TOTAL_EXACT_ROWS past the page start, plus one. */
export function cappedCountSql(from: string, req: PageRequest, p: SqlParams): string {
  return `(SELECT count(*)::int FROM (SELECT 1 FROM ${from} LIMIT ${p.add(req.offset + TOTAL_EXACT_ROWS + 1)}) counted)`;
}

/**
 * The page's `total` from its capped count: exact below the cap, else the planner's row estimate
 * of `select` (one EXPLAIN, only then).
 */
export async function pageTotal(
  m: EntityManager,
  counted: number,
  req: PageRequest,
  estimate: () => { select: string; params: unknown[] },
): Promise<number> {
  if (counted <= req.offset + TOTAL_EXACT_ROWS) return counted;
  const { select, params } = estimate();
  // Unnamed: the estimate must follow the filter values, never a generic plan.
  const [row] = await runStatement<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(m, `EXPLAIN (FORMAT JSON) ${select}`, params, {
    prepare: false,
  });
  return Math.max(counted, Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']));
}

/**
 * One page of a TypeORM query over alias `r`, in two statements (capped count, rows), with the
 * `total` rule of every collection (TOTAL_EXACT_ROWS). The rows are entities.
 */
export async function pageOfQuery<T extends ObjectLiteral & { id: number }>(
  m: EntityManager,
  qb: SelectQueryBuilder<T>,
  req: PageRequest,
): Promise<PageRows<T>> {
  const alias = qb.alias;
  if (req.updated?.min) qb.andWhere(`${alias}.updated_at >= :__updated_min`, { __updated_min: req.updated.min });
  if (req.updated?.before) qb.andWhere(`${alias}.updated_at < :__updated_before`, { __updated_before: req.updated.before });
  if (req.cursor !== undefined) qb.andWhere(`${alias}.id > :__cursor`, { __cursor: req.cursor });
  const matching = qb.clone().select('1');
  const [text, params] = matching.getQueryAndParameters();
  const cap = `$${params.length + 1}`;
  const [{ n }] = await runStatement<{ n: number }>(
    m,
    `SELECT count(*)::int AS n FROM (${text} LIMIT ${cap}) counted`,
    [...params, req.offset + TOTAL_EXACT_ROWS + 1],
    {
      prepare: false,
    },
  );
  qb.orderBy(`${alias}.${req.column}`, req.order);
  if (req.column !== 'id') qb.addOrderBy(`${alias}.id`, req.order);
  const rows = await qb.offset(req.offset).limit(req.limit).getMany();
  const total = await pageTotal(m, n, req, () => ({ select: text, params }));
  return { rows, total };
}
