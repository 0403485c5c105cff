import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { INT4_MAX } from '../validation/decorators.js';
import { ApiError } from './api-error.js';

export interface KeyLookup {
  /** Column of the other key (`sku`, `number`, `code` …); null when only the id addresses the row. */
  alt: string | null;
  /** Compare the other key case-insensitively. */
  caseInsensitive?: boolean;
  /** Extra equality conditions, e.g. the parent id of a nested resource. */
  where?: Record<string, unknown>;
  /** Lock the row for the rest of the transaction (updates, deletes). */
  lock?: boolean;
  /** Name for the 404 message. */
  label: string;
}

/** An all-digit segment that fits a row id; anything else can only be the other key. */
export function asId(segment: string): number | null {
  if (!/^\d{1,10}$/.test(segment)) return null;
  const n = Number(segment);
  return n >= 1 && n <= INT4_MAX ? n : null;
}

/**
 * The `{a|b}` rule of CONTRACT §2 in one statement: a digit segment is the id first; when no row
 * has that id (or the segment is not digits) the other key is tried. Unknown → 404.
 */
export async function findByKey<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  segment: string,
  lookup: KeyLookup,
): Promise<T> {
  const qb = manager.createQueryBuilder(entity, 'r');
  for (const [column, value] of Object.entries(lookup.where ?? {})) {
    qb.andWhere(`r.${column} = :w_${column}`, { [`w_${column}`]: value });
  }
  const id = asId(segment);
  const altExpr = lookup.alt ? (lookup.caseInsensitive ? `lower(r.${lookup.alt}) = lower(:alt)` : `r.${lookup.alt} = :alt`) : null;
  if (id !== null && altExpr) {
    qb.andWhere(`(r.id = :id OR ${altExpr})`, { id, alt: segment }).orderBy(`CASE WHEN r.id = :id THEN 0 ELSE 1 END`);
  } else if (id !== null) {
    qb.andWhere('r.id = :id', { id });
  } else if (altExpr) {
    qb.andWhere(altExpr, { alt: segment });
  } else {
    throw ApiError.notFound(`${lookup.label} ${segment} was not found.`);
  }
  if (lookup.lock) qb.setLock('pessimistic_write');
  const row = await qb.limit(1).getOne();
  if (!row) throw ApiError.notFound(`${lookup.label} ${segment} was not found.`);
  return row;
}
