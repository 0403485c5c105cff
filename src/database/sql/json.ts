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
 * millisecond as the driver does; any other text (another offset, no offset, years before 1000 or
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

/** Where `YYYY-MM-DDTHH:MM:SS` has its digits. */
const DIGIT_PLACES = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const digit = (s: string, i: number): number => s.charCodeAt(i) - 48;
const two = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);

/** Epoch milliseconds of `YYYY-MM-DDTHH:MM:SS[.f…]` followed by `+00:00` or `Z`; NaN for anything else. */
function utcIsoMs(s: string): number {
  const n = s.length;
  if (
    n < 20 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  ) {
    return Number.NaN;
  }
  let end: number;
  if (s.endsWith('+00:00')) end = n - 6;
  else if (s.endsWith('Z')) end = n - 1;
  else return Number.NaN;
  let ms = 0;
  if (end > 19) {
    if (s.charCodeAt(19) !== 46 || end === 20) return Number.NaN;
    for (let i = 20, scale = 100; i < end; i++, scale /= 10) {
      const d = digit(s, i);
      if (d < 0 || d > 9) return Number.NaN;
      if (i < 23) ms += d * scale;
    }
  } else if (end !== 19) return Number.NaN;
  for (const i of DIGIT_PLACES) {
    const d = digit(s, i);
    if (d < 0 || d > 9) return Number.NaN;
  }
  const year = two(s, 0) * 100 + two(s, 2);
  if (year < 1000) return Number.NaN;
  return Date.UTC(year, two(s, 5) - 1, two(s, 8), two(s, 11), two(s, 14), two(s, 17), ms);
}
