import pg from 'pg';

/**
 * An INT8 (bigint, count(*), nextval) as PostgreSQL sends it, as a JS number: every bigint column of
 * the schema (event and delivery ids) fits one exactly. A value past Number.MAX_SAFE_INTEGER would
 * come out rounded, so it is refused instead; a statement that needs such a value selects it as text.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`A bigint value (${text}) is beyond Number.MAX_SAFE_INTEGER; select it as text (::text) to read it exactly`);
  }
  return value;
}

const INT8_OID = pg.types.builtins.INT8;
const DATE_OID = pg.types.builtins.DATE;

/** A DATE is a calendar day: PostgreSQL's `YYYY-MM-DD` text, never a Date at some local midnight. */
export const calendarDay = (text: string): string => text;

/**
 * The type parsers of the api's pg pools (`types` of pg's Pool and Client options): pg's own, with
 * INT8 read by parseInt8 and DATE kept as its text. Scoped to the pools given it, unlike
 * `pg.types.setTypeParser`, so other pg clients of the process (tests, the benchmark) are left as they are.
 */
export const poolTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === INT8_OID && format !== 'binary') return parseInt8;
    if (oid === DATE_OID && format !== 'binary') return calendarDay;
    return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  },
};
