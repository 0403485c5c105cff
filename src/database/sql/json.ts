import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * SQL that renders a row of an entity as a JSON object shaped as TypeORM would hydrate it: keys
 * are property names, `numeric` columns are strings (exact; never a JSON number), timestamps are
 * ISO strings (until jsonRowDecoder turns them into Dates), `date` columns `YYYY-MM-DD` text, jsonb as
 * stored. Built once from the entity metadata (never from input), so hand-written read queries and
 * the entities cannot drift apart.
 */
export function jsonRowSql<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, alias: string): string {
  const columns = dataSource.getMetadata(entity).columns;
  const pairs = columns.map((c) => {
    const ref = `${alias}."${c.databaseName}"`;
    const value = c.type === 'numeric' || c.type === 'decimal' ? `${ref}::text` : c.type === 'date' ? `${ref}::text` : ref;
    return `'${c.propertyName}', ${value}`;
  });
  // json_build_object takes at most 100 arguments; wider rows are built in parts and merged.
  const parts: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) parts.push(`json_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return parts.length === 1 ? parts[0] : `(${parts.map((p) => `${p}::jsonb`).join(' || ')})::json`;
}

/** `COALESCE(json_agg(expr ORDER BY …), '[]')`: an empty relation is an empty array, never null. */
export function jsonArraySql(expression: string, orderBy: string): string {
  return `COALESCE(json_agg(${expression} ORDER BY ${orderBy}), '[]'::json)`;
}

/** The column types TypeORM hydrates as a Date (the driver's timestamp parsers). */
const TIMESTAMP_TYPES: ReadonlySet<unknown> = new Set([
  'timestamp',
  'timestamptz',
  'timestamp with time zone',
  'timestamp without time zone',
]);

/**
 * Turns a row of `E` as jsonRowSql rendered it into the entity TypeORM would have hydrated: each
 * timestamp column's ISO text becomes a Date, in place; nothing else changes (numeric and date
 * columns are text in the entity too, jsonb is as stored). Built once per entity from its metadata;
 * repositories apply it to every row (nested ones too) before handing it out, so every row a
 * repository returns has its entity's types.
 */
export function jsonRowDecoder<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>): (row: T) => T {
  const keys = dataSource
    .getMetadata(entity)
    .columns.filter((c) => TIMESTAMP_TYPES.has(c.type))
    .map((c) => c.propertyName);
  return (row) => {
    const r = row as Record<string, unknown>;
    for (const key of keys) {
      const value = r[key];
      if (typeof value === 'string') r[key] = isoDate(value);
    }
    return row;
  };
}

/** Applies `decode` to each row of a list (JSON arrays of rows; null and absent stay as they are). */
export function decodeRows<T>(rows: T[] | null | undefined, decode: (row: T) => unknown): void {
  if (rows) for (const row of rows) decode(row);
}

/** The last text isoDate read, and its time: the rows of one statement share timestamps (now() of a write). */
let lastText = '';
let lastMs = 0;

/**
 * A Date of PostgreSQL's JSON text of a timestamp. The shape PostgreSQL writes on a UTC session
 * (`YYYY-MM-DDTHH:MM:SS[.ffffff]+00:00`) is read digit by digit, the fraction truncated to the
 * millisecond (seconds are never rounded up); any other text (another offset, no offset, years before 1000 or
 * past 9999) goes through `new Date`, which reads ISO 8601 as the driver reads timestamps.
 */
export function isoDate(text: string): Date {
  if (text !== lastText) {
    lastMs = utcIsoMs(text);
    if (Number.isNaN(lastMs)) lastMs = new Date(text).getTime();
    lastText = text;
  }
  return new Date(lastMs);
}

/** Days from 1970-01-01 to a day of the proleptic Gregorian calendar (month 1–12), without Date. */
function epochDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** Epoch milliseconds of `YYYY-MM-DDTHH:MM:SS[.f…]` followed by `+00:00` or `Z`; NaN for anything else. */
function utcIsoMs(s: string): number {
  const n = s.length;
  const c = (i: number) => s.charCodeAt(i);
  if (n < 20 || c(4) !== 45 || c(7) !== 45 || c(10) !== 84 || c(13) !== 58 || c(16) !== 58) return Number.NaN;
  let end: number;
  if (c(n - 1) === 90) end = n - 1;
  else if (c(n - 6) === 43 && c(n - 5) === 48 && c(n - 4) === 48 && c(n - 3) === 58 && c(n - 2) === 48 && c(n - 1) === 48) end = n - 6;
  else return Number.NaN;
  let ms = 0;
  if (end > 19) {
    if (c(19) !== 46 || end === 20) return Number.NaN;
    for (let i = 20, scale = 100; i < end; i++, scale /= 10) {
      const d = c(i) - 48;
      if (d < 0 || d > 9) return Number.NaN;
      if (i < 23) ms += d * scale;
    }
  } else if (end !== 19) return Number.NaN;
  // Two digits at i; a character that is no digit makes `bad` true.
  let bad = false;
  const two = (i: number) => {
    const hi = c(i) - 48;
    const lo = c(i + 1) - 48;
    if (hi < 0 || hi > 9 || lo < 0 || lo > 9) bad = true;
    return hi * 10 + lo;
  };
  const year = two(0) * 100 + two(2);
  const month = two(5);
  const day = two(8);
  const seconds = two(11) * 3600 + two(14) * 60 + two(17);
  if (bad || year < 1000) return Number.NaN;
  return (epochDay(year, month, day) * 86_400 + seconds) * 1000 + ms;
}
