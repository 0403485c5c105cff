import { addDays, addInterval, anchorAfter, daysInMonth } from './billing-interval.js';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('addInterval', () => {
  it('adds days and weeks as exact 24-hour days in UTC, keeping the time of day', () => {
    expect(iso(addInterval(at('2024-02-28T10:30:00Z'), { unit: 'day', count: 1 }))).toBe('2024-02-29T10:30:00.000Z');
    expect(iso(addInterval(at('2023-02-28T10:30:00Z'), { unit: 'day', count: 1 }))).toBe('2023-03-01T10:30:00.000Z');
    expect(iso(addInterval(at('2024-03-30T23:59:59Z'), { unit: 'day', count: 3 }))).toBe('2024-04-02T23:59:59.000Z');
    expect(iso(addInterval(at('2024-12-25T00:00:00Z'), { unit: 'week', count: 2 }))).toBe('2025-01-08T00:00:00.000Z');
  });

  it('adds months, clamping to the end of a shorter month', () => {
    expect(iso(addInterval(at('2024-01-15T08:00:00Z'), { unit: 'month', count: 1 }))).toBe('2024-02-15T08:00:00.000Z');
    expect(iso(addInterval(at('2024-01-31T08:00:00Z'), { unit: 'month', count: 1 }))).toBe('2024-02-29T08:00:00.000Z');
    expect(iso(addInterval(at('2023-01-31T08:00:00Z'), { unit: 'month', count: 1 }))).toBe('2023-02-28T08:00:00.000Z');
    expect(iso(addInterval(at('2024-03-31T00:00:00Z'), { unit: 'month', count: 1 }))).toBe('2024-04-30T00:00:00.000Z');
    expect(iso(addInterval(at('2024-11-30T12:00:00Z'), { unit: 'month', count: 3 }))).toBe('2025-02-28T12:00:00.000Z');
    expect(iso(addInterval(at('2024-12-31T12:00:00Z'), { unit: 'month', count: 1 }))).toBe('2025-01-31T12:00:00.000Z');
    expect(iso(addInterval(at('2024-05-31T12:00:00Z'), { unit: 'month', count: 25 }))).toBe('2026-06-30T12:00:00.000Z');
  });

  it('adds years as twelve months, so Feb 29 becomes Feb 28 in a common year', () => {
    expect(iso(addInterval(at('2024-02-29T06:00:00Z'), { unit: 'year', count: 1 }))).toBe('2025-02-28T06:00:00.000Z');
    expect(iso(addInterval(at('2024-02-29T06:00:00Z'), { unit: 'year', count: 4 }))).toBe('2028-02-29T06:00:00.000Z');
    expect(iso(addInterval(at('2023-07-04T06:00:00Z'), { unit: 'year', count: 2 }))).toBe('2025-07-04T06:00:00.000Z');
  });

  it('aims month and year steps at the anchor day, so a clamped period returns to the 31st', () => {
    const monthly = { unit: 'month', count: 1 } as const;
    const feb = addInterval(at('2024-01-31T09:00:00Z'), monthly, 31);
    const mar = addInterval(feb, monthly, 31);
    const apr = addInterval(mar, monthly, 31);
    expect([feb, mar, apr].map(iso)).toEqual(['2024-02-29T09:00:00.000Z', '2024-03-31T09:00:00.000Z', '2024-04-30T09:00:00.000Z']);
    // Without the anchor the day of the start is used: Feb 29 + 1 month = Mar 29.
    expect(iso(addInterval(feb, monthly))).toBe('2024-03-29T09:00:00.000Z');
    expect(iso(addInterval(at('2025-02-28T00:00:00Z'), { unit: 'year', count: 3 }, 29))).toBe('2028-02-29T00:00:00.000Z');
    // Day and week steps ignore the anchor.
    expect(iso(addInterval(at('2024-02-29T00:00:00Z'), { unit: 'week', count: 1 }, 31))).toBe('2024-03-07T00:00:00.000Z');
  });

  it('knows the length of months', () => {
    expect([daysInMonth(2024, 1), daysInMonth(2023, 1), daysInMonth(1900, 1), daysInMonth(2000, 1), daysInMonth(2024, 3)]).toEqual([
      29, 28, 28, 29, 30,
    ]);
    expect(iso(addDays(at('2024-01-01T00:00:00Z'), 366))).toBe('2025-01-01T00:00:00.000Z');
  });

  it('keeps the anchor after month and year steps and moves it after day, week and trial steps', () => {
    const feb29 = at('2024-02-29T00:00:00Z');
    expect(anchorAfter(feb29, 'month', 31)).toBe(31);
    expect(anchorAfter(feb29, 'year', 31)).toBe(31);
    expect(anchorAfter(feb29, 'week', 31)).toBe(29);
    expect(anchorAfter(feb29, 'day', 31)).toBe(29);
    expect(anchorAfter(feb29, 'trial', 31)).toBe(29);
  });
});
