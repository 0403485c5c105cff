/** Output formats of docs/api.md#envelope-and-formats. */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `00` … `99`, so the clock of a timestamp is three look-ups. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => pad(i));
const DAY_MS = 86_400_000;

/**
 * The last UTC day `timestamp` wrote and its `YYYY-MM-DD`: the timestamps of one response mostly fall
 * on one day, so the calendar is worked out once and the clock is arithmetic on the remainder.
 */
let lastDay = Number.NaN;
let lastDayText = '';

/**
 * `YYYY-MM-DD HH:MM:SS` in UTC, seconds truncated (never rounded); null stays null. The year always
 * has four digits (`0404`): input takes years 0001 to 9999 only (parseTimestamp), so four are enough.
 */
export function timestamp(value: Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const ms = value.getTime();
  if (Number.isNaN(ms)) return null;
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastDayText = `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    lastDay = day;
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${lastDayText} ${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
}

/** `MM/DD/YYYY` in UTC, the product display dates. */
export function usDate(value: Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (Number.isNaN(value.getTime())) return null;
  return `${pad(value.getUTCMonth() + 1)}/${pad(value.getUTCDate())}/${pad(value.getUTCFullYear(), 4)}`;
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
 * Returns null when the text is not one of those, names an impossible date, or is an instant outside
 * years 0001 to 9999 in UTC (`0001-01-01T00:00:00+01:00` is in year 0): what `timestamp` prints back
 * always has a four-digit year.
 */
export function parseTimestamp(text: string): Date | null {
  const plain = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  const m = plain ?? iso;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const probe = new Date(0);
  probe.setUTCFullYear(y, mo - 1, d);
  if (probe.getUTCMonth() !== mo - 1) return null;
  const date = new Date(plain ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : text);
  if (Number.isNaN(date.getTime()) || y < 1 || y > 9999) return null;
  const year = date.getUTCFullYear();
  return year < 1 || year > 9999 ? null : date;
}
