/** Output formats of CONTRACT §3. */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An ISO timestamp already in UTC, as PostgreSQL writes timestamptz in JSON on a UTC session. */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:\+00:00|Z)$/;

/** `YYYY-MM-DD HH:MM:SS` in UTC; null stays null. */
export function timestamp(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // The read queries' JSON rows: cut the text instead of parsing a Date (whole seconds, truncated as below).
  if (typeof value === 'string' && ISO_UTC.test(value)) return `${value.slice(0, 10)} ${value.slice(11, 19)}`;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `MM/DD/YYYY` in UTC, the product display dates. */
export function usDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** Flags are 0/1 integers on the wire. */
export function flag(value: boolean | null | undefined): 0 | 1 {
  return value ? 1 : 0;
}

/** Blank text is null on the wire. */
export function blank<T>(value: T | null | undefined): T | null {
  return value === undefined || value === '' ? null : value;
}

/**
 * Accepted timestamp input: `YYYY-MM-DD HH:MM:SS` (UTC) or ISO 8601 with an offset or Z.
 * Returns null when the text is not one of those or names an impossible date.
 */
export function parseTimestamp(text: string): Date | null {
  const plain = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  const m = plain ?? iso;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1) return null;
  const date = new Date(plain ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : text);
  if (Number.isNaN(date.getTime()) || y < 1 || y > 9999) return null;
  return date;
}
