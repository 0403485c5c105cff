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
const TIMESTAMPTZ_OID = pg.types.builtins.TIMESTAMPTZ;
const parsePgTimestamp = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => Date | number | null;

/** The value of `length` ASCII digits of `text` from `at`, or NaN where one is not a digit. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
}

/**
 * A TIMESTAMPTZ as PostgreSQL writes it with DateStyle ISO: `2026-11-29 09:07:33.059852+00`, the
 * fraction optional, the offset `±HH` or `±HH:MM`. Read by position instead of pg's regular
 * expressions (a list of products reads a dozen of them a row; an import chunk, thousands): the same
 * instant, to the millisecond, the fraction past it cut off as pg's Date does. Any other shape
 * (years before 1000 or after 9999, BC, infinity, an offset with seconds) goes to pg's own parser.
 */
export function parseTimestamptz(text: string): Date | number | null {
  const n = text.length;
  if (
    n >= 22 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58
  ) {
    let at = 19;
    let ms = 0;
    if (text.charCodeAt(at) === 46) {
      let end = at + 1;
      while (end < n && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
      const fraction = end - at - 1;
      ms = fraction >= 3 ? digits(text, at + 1, 3) : digits(text, at + 1, fraction) * (fraction === 1 ? 100 : 10);
      at = end;
    }
    const sign = text.charCodeAt(at);
    const rest = n - at;
    if ((sign === 43 || sign === 45) && (rest === 3 || (rest === 6 && text.charCodeAt(at + 3) === 58))) {
      const offset = (digits(text, at + 1, 2) * 60 + (rest === 6 ? digits(text, at + 4, 2) : 0)) * (sign === 43 ? 1 : -1);
      const year = digits(text, 0, 4);
      const time = Date.UTC(
        year,
        digits(text, 5, 2) - 1,
        digits(text, 8, 2),
        digits(text, 11, 2),
        digits(text, 14, 2),
        digits(text, 17, 2),
        ms,
      );
      if (year >= 1000 && !Number.isNaN(time)) return new Date(time - offset * 60_000);
    }
  }
  return parsePgTimestamp(text);
}

/** A DATE is a calendar day: PostgreSQL's `YYYY-MM-DD` text, never a Date at some local midnight. */
export const calendarDay = (text: string): string => text;

/**
 * The type parsers of the api's pg pools (`types` of pg's Pool and Client options): pg's own, with
 * INT8 read by parseInt8, DATE kept as its text and TIMESTAMPTZ read by parseTimestamptz. Scoped to the pools given it, unlike
 * `pg.types.setTypeParser`, so other pg clients of the process (tests, the benchmark) are left as they are.
 */
export const poolTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === INT8_OID && format !== 'binary') return parseInt8;
    if (oid === DATE_OID && format !== 'binary') return calendarDay;
    if (oid === TIMESTAMPTZ_OID && format !== 'binary') return parseTimestamptz;
    return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  },
};
