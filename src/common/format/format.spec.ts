import { flag, parseTimestamp, timestamp, usDate } from './format.js';

describe('output formats', () => {
  it('prints timestamps as YYYY-MM-DD HH:MM:SS in UTC', () => {
    expect(timestamp(new Date('2024-03-05T07:08:09.999+02:00'))).toBe('2024-03-05 05:08:09');
    expect(timestamp(null)).toBeNull();
    expect(timestamp(new Date('invalid'))).toBeNull();
  });
  it('prints product display dates as MM/DD/YYYY', () => {
    expect(usDate(new Date('2024-12-31T23:59:59Z'))).toBe('12/31/2024');
  });
  it('prints every year of four digits or fewer with four, zeros in front', () => {
    expect(timestamp(new Date('0404-02-29T00:00:01Z'))).toBe('0404-02-29 00:00:01');
    expect(timestamp(new Date('0001-01-01T00:00:00Z'))).toBe('0001-01-01 00:00:00');
    expect(timestamp(new Date('0099-12-31T23:59:59.999Z'))).toBe('0099-12-31 23:59:59');
    expect(timestamp(new Date('9999-12-31T23:59:59Z'))).toBe('9999-12-31 23:59:59');
    expect(usDate(new Date('0404-02-29T00:00:01Z'))).toBe('02/29/0404');
    expect(usDate(new Date('0012-07-04T00:00:00Z'))).toBe('07/04/0012');
  });
  it('prints flags as 0/1', () => {
    expect([flag(true), flag(false), flag(null)]).toEqual([1, 0, 0]);
  });
});

describe('parseTimestamp', () => {
  it('reads the output form as UTC and ISO 8601 with an offset', () => {
    expect(parseTimestamp('2024-03-05 05:08:09')?.toISOString()).toBe('2024-03-05T05:08:09.000Z');
    expect(parseTimestamp('2024-03-05T07:08:09+02:00')?.toISOString()).toBe('2024-03-05T05:08:09.000Z');
    expect(parseTimestamp('2024-03-05T05:08Z')?.toISOString()).toBe('2024-03-05T05:08:00.000Z');
    expect(parseTimestamp('2024-03-05T05:08:09.123-0500')?.toISOString()).toBe('2024-03-05T10:08:09.123Z');
  });
  it('reads years from 0001, 29 February of a leap year before 100 too', () => {
    expect(parseTimestamp('0404-02-29 00:00:01')?.toISOString()).toBe('0404-02-29T00:00:01.000Z');
    expect(parseTimestamp('0001-01-01 00:00:00')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parseTimestamp('0004-02-29T12:00:00Z')?.toISOString()).toBe('0004-02-29T12:00:00.000Z');
    expect(parseTimestamp('9999-12-31 23:59:59')?.toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });
  it.each([
    '0000-01-01 00:00:00',
    '0000-02-29 00:00:00',
    // Year 0001 written with an offset that puts its instant in year 0 (UTC), and 9999 into 10000.
    '0001-01-01T00:00:00+01:00',
    '9999-12-31T23:30:00-01:00',
    '10000-01-01 00:00:00',
    '-0001-01-01 00:00:00',
    '0003-02-29 00:00:00',
  ])('refuses %j: outside years 0001 to 9999 in UTC, or no such day', (text) => expect(parseTimestamp(text)).toBeNull());
  it.each(['2024-03-05', '2024-03-05T05:08:09', '2023-02-29 00:00:00', '2024-13-01 00:00:00', '2024-01-01 24:00:00', 'yesterday', ''])(
    'refuses %j',
    (text) => expect(parseTimestamp(text)).toBeNull(),
  );
});

describe('timestamp across days', () => {
  it('truncates to the second on every day it meets, in any order', () => {
    // One entry of the day cache: alternate days, midnight on both sides, before 1970.
    const cases: [string, string][] = [
      ['2026-11-23T10:31:05.999Z', '2026-11-23 10:31:05'],
      ['2026-11-24T00:00:00.000Z', '2026-11-24 00:00:00'],
      ['2026-11-23T23:59:59.999Z', '2026-11-23 23:59:59'],
      ['2026-11-23T00:00:00.000Z', '2026-11-23 00:00:00'],
      ['1969-12-31T23:59:59.999Z', '1969-12-31 23:59:59'],
      ['1969-12-31T00:00:00.001Z', '1969-12-31 00:00:00'],
      ['1970-01-01T00:00:00.000Z', '1970-01-01 00:00:00'],
      ['2024-02-29T12:00:00.500Z', '2024-02-29 12:00:00'],
      ['2026-11-23T10:31:06.000Z', '2026-11-23 10:31:06'],
    ];
    for (const [iso, text] of cases) expect([iso, timestamp(new Date(iso))]).toEqual([iso, text]);
  });
});
