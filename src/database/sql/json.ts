import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * SQL that renders a row of an entity as a JSON object shaped as TypeORM would hydrate it: keys
 * are property names, `numeric` columns are strings (exact; never a JSON number), timestamps are
 * ISO strings (until jsonRowDecoder turns them into Dates), `date` columns `YYYY-MM-DD` text, jsonb as
 * stored. Built once from the entity metadata (never from input), so hand-written read queries and
 * the entities cannot drift apart.
 */
export function jsonRowSql<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, alias: string): string {
  // Not the columns TypeORM never selects (a row's store_id: store-column.ts).
  const columns = dataSource.getMetadata(entity).columns.filter((c) => c.isSelect);
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
  return timestampsDecoder<T>(
    dataSource
      .getMetadata(entity)
      .columns.filter((c) => TIMESTAMP_TYPES.has(c.type))
      .map((c) => c.propertyName),
  );
}

/**
 * The same for a row whose shape no entity gives (a hand-built `json_build_object`): the properties
 * `keys` name hold PostgreSQL's JSON text of a timestamp, each turned into a Date in place.
 */
export function timestampsDecoder<T extends object>(keys: readonly string[]): (row: T) => T {
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

/** The number of the two digits at `i`, or -1 when either is no digit. */
function twoDigits(s: string, i: number): number {
  const hi = s.charCodeAt(i) - 48;
  const lo = s.charCodeAt(i + 1) - 48;
  return hi >= 0 && hi <= 9 && lo >= 0 && lo <= 9 ? hi * 10 + lo : -1;
}

/** Epoch milliseconds of `YYYY-MM-DDTHH:MM:SS[.f…]` followed by `+00:00` or `Z`; NaN for anything else. */
function utcIsoMs(s: string): number {
  const n = s.length;
  if (n < 20 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84) return Number.NaN;
  if (s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return Number.NaN;
  let end: number;
  if (s.charCodeAt(n - 1) === 90) end = n - 1;
  else if (s.charCodeAt(n - 6) === 43 && twoDigits(s, n - 5) === 0 && s.charCodeAt(n - 3) === 58 && twoDigits(s, n - 2) === 0) end = n - 6;
  else return Number.NaN;
  let ms = 0;
  if (end > 19) {
    if (s.charCodeAt(19) !== 46 || end === 20) return Number.NaN;
    for (let i = 20, scale = 100; i < end; i++, scale /= 10) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return Number.NaN;
      if (i < 23) ms += d * scale;
    }
  } else if (end !== 19) return Number.NaN;
  const century = twoDigits(s, 0);
  const yy = twoDigits(s, 2);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  const h = twoDigits(s, 11);
  const m = twoDigits(s, 14);
  const sec = twoDigits(s, 17);
  if (century < 10 || yy < 0 || month < 0 || day < 0 || h < 0 || m < 0 || sec < 0) return Number.NaN;
  return (epochDay(century * 100 + yy, month, day) * 86_400 + h * 3600 + m * 60 + sec) * 1000 + ms;
}
