import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { asId } from '../../common/http/identifiers.js';

/** How a `{id|key}` path segment finds its row. */
export interface KeyLookup {
  /** Column of the other key (`sku`, `number`, `code` …); null when only the id addresses the row. */
  alt: string | null;
  /**
   * How the other key ignores case, each on an index: `upper` where stored values are upper case
   * (`code = upper($)` on the plain unique index), `lower` where the table stores `lower(column)` as
   * `<column>_key` (`@FoldedKey`, database/lookup-columns.ts) and indexes it.
   */
  fold?: 'upper' | 'lower';
  /** Extra equality conditions, e.g. the parent id of a nested resource. */
  where?: Record<string, unknown>;
  /** Lock the row for the rest of the transaction (updates, deletes). */
  lock?: boolean;
  /** Name of the resource in the caller's not-found message. */
  label: string;
}

function altCondition(lookup: KeyLookup): string | null {
  if (!lookup.alt) return null;
  if (lookup.fold === 'upper') return `r.${lookup.alt} = upper(:alt)`;
  if (lookup.fold === 'lower') return `r.${lookup.alt}_key = lower(:alt)`;
  return `r.${lookup.alt} = :alt`;
}

/**
 * The `{a|b}` rule in one statement: a digit segment is the id first; when no row has that id (or
 * the segment is not digits) the other key is tried. Unknown → null (the caller says what that
 * means; Table.find throws RowNotFoundError). Every shape uses an index (test/key-lookups.e2e-spec.ts
 * runs EXPLAIN on each).
 */
export async function findByKey<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  segment: string,
  lookup: KeyLookup,
): Promise<T | null> {
  const qb = manager.createQueryBuilder(entity, 'r');
  for (const [column, value] of Object.entries(lookup.where ?? {})) {
    qb.andWhere(`r.${column} = :w_${column}`, { [`w_${column}`]: value });
  }
  const id = asId(segment);
  const alt = altCondition(lookup);
  if (id !== null && alt) {
    qb.andWhere(`(r.id = :id OR ${alt})`, { id, alt: segment }).orderBy(`CASE WHEN r.id = :id THEN 0 ELSE 1 END`);
  } else if (id !== null) {
    qb.andWhere('r.id = :id', { id });
  } else if (alt) {
    qb.andWhere(alt, { alt: segment });
  } else {
    return null;
  }
  if (lookup.lock) qb.setLock('pessimistic_write');
  return qb.limit(1).getOne();
}

/**
 * The same `{id|key}` rule for a hand-written statement over `alias`: its condition, its `ORDER BY`
 * (the id first) and its parameters (`$1`, and `$2` when the segment is digits). `fold: 'upper'` for a
 * key stored upper case (`number = upper($)` on the plain unique index).
 */
export function keySql(alias: string, segment: string, alt: string, fold?: 'upper'): { where: string; order: string; params: unknown[] } {
  const id = asId(segment);
  const key = (n: number) => (fold === 'upper' ? `${alias}.${alt} = upper($${n})` : `${alias}.${alt} = $${n}`);
  if (id === null) return { where: key(1), order: '', params: [segment] };
  return { where: `${alias}.id = $1 OR ${key(2)}`, order: `ORDER BY CASE WHEN ${alias}.id = $1 THEN 0 ELSE 1 END`, params: [id, segment] };
}
