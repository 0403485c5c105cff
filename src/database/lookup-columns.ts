import { Column } from 'typeorm';

/**
 * Columns PostgreSQL computes and stores from another column of the row, so that a lookup compares a
 * column with a value (`=`, which is leakproof) instead of calling a function on the column. Under
 * row-level security PostgreSQL uses an index for a condition only when every function applied to
 * the row's columns is leakproof; `lower()`, `regexp_replace()`, `~` and `LIKE` are not, and only a
 * superuser may mark them. With these columns, every lookup by a key in any case or by a URL name is
 * one index entry, whoever ran the migrations (docs/api.md#stores). The api never writes or reads
 * them: TypeORM leaves them out of its inserts, updates and selects. The migration that adds one
 * records its expression in `typeorm_metadata`, where TypeORM reads it back (migration LookupColumns).
 */

/** The SQL of a URL name's base: the name without a trailing `-<digits>` (`tee-2` → `tee`). */
const URL_NAME_BASE_SQL = `regexp_replace("url_name", '-[0-9]+$', '')`;

/**
 * `<column>_key`: `lower(<column>)`, stored. A key compared in any case (an e-mail, a coupon code, an
 * `api_code`) is unique and looked up on `(store_id, <column>_key)`.
 */
export function FoldedKey(column: string): PropertyDecorator {
  return Column({ type: 'text', generatedType: 'STORED', asExpression: `lower("${column}")`, select: false, insert: false, update: false });
}

/** The column a `@FoldedKey` column folds, from its expression; null for any other column. */
export function foldedColumnOf(column: { asExpression?: string }): string | null {
  return /^lower\("(\w+)"\)$/.exec(column.asExpression ?? '')?.[1] ?? null;
}

/**
 * `url_name_base`: the URL name without its number (`tee`, `tee-2` and `tee-3` share `tee`), stored:
 * the names a new slug would clash with are found on `(store_id, url_name_base)`.
 */
export function UrlNameBase(): PropertyDecorator {
  return Column({ type: 'text', generatedType: 'STORED', asExpression: URL_NAME_BASE_SQL, select: false, insert: false, update: false });
}
