/** Period arithmetic of subscriptions, in UTC. Pure: no Nest, no TypeORM. */

export type IntervalUnit = 'day' | 'week' | 'month' | 'year';

export interface Interval {
  unit: IntervalUnit;
  count: number;
}

const DAY_MS = 86_400_000;

/** The last instant a period boundary may reach: timestamps are presented with four-digit years. */
export const LAST_REPRESENTABLE = new Date(Date.UTC(9999, 11, 31, 23, 59, 59));

export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/**
 * `from` moved forward by `count` units, keeping the time of day. Months and years land on
 * `anchorDay` (default: the day of `from`), clamped to the end of a shorter month, so a period
 * anchored on the 31st runs Jan 31 → Feb 29 → Mar 31 instead of drifting to the 29th.
 */
export function addInterval(from: Date, interval: Interval, anchorDay = from.getUTCDate()): Date {
  const { unit, count } = interval;
  if (unit === 'day') return addDays(from, count);
  if (unit === 'week') return addDays(from, 7 * count);
  const months = unit === 'year' ? 12 * count : count;
  const target = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const day = Math.min(anchorDay, daysInMonth(year, month));
  const result = new Date(from.getTime());
  result.setUTCFullYear(year, month, day);
  return result;
}

/**
 * The day of month later month/year periods aim for, after a boundary has been reached: month and
 * year steps keep their anchor (a clamped Feb 29 still aims for the 31st); day and week steps, and
 * trials, move it to the boundary itself, so a later switch to a monthly plan continues from there.
 */
export function anchorAfter(boundary: Date, unit: IntervalUnit | 'trial', anchorDay: number): number {
  return unit === 'month' || unit === 'year' ? anchorDay : boundary.getUTCDate();
}
