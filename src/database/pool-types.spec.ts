import pg from 'pg';
import { calendarDay, parseInt8, parseTimestamptz, poolTypes } from './pool-types.js';

describe("the api pools' value types", () => {
  it('reads a bigint as the number it is, up to Number.MAX_SAFE_INTEGER either way', () => {
    expect(parseInt8('0')).toBe(0);
    expect(parseInt8('1795300000000')).toBe(1_795_300_000_000);
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseInt8('-9007199254740991')).toBe(-Number.MAX_SAFE_INTEGER);
  });

  it('refuses a value it could only round, naming it', () => {
    expect(() => parseInt8('9007199254740992')).toThrow(
      'A bigint value (9007199254740992) is beyond Number.MAX_SAFE_INTEGER; select it as text (::text) to read it exactly',
    );
    expect(() => parseInt8('-9223372036854775808')).toThrow(RangeError);
  });

  it("gives the pool parseInt8 for INT8, a DATE's own text, and pg's own parsers for every other type", () => {
    expect(poolTypes.getTypeParser(pg.types.builtins.INT8, 'text')).toBe(parseInt8);
    expect(poolTypes.getTypeParser(pg.types.builtins.DATE, 'text')).toBe(calendarDay);
    expect(calendarDay('2026-02-28')).toBe('2026-02-28');
    expect(poolTypes.getTypeParser(pg.types.builtins.INT4, 'text')).toBe(pg.types.getTypeParser(pg.types.builtins.INT4, 'text'));
    expect(poolTypes.getTypeParser(pg.types.builtins.TIMESTAMPTZ)).toBe(parseTimestamptz);
    // pg's own table is left as it was: other clients of the process still read INT8 as text, DATE as pg does.
    expect(pg.types.getTypeParser(pg.types.builtins.INT8, 'text')('12')).toBe('12');
    expect(pg.types.getTypeParser(pg.types.builtins.DATE, 'text')('2026-02-28')).toBeInstanceOf(Date);
  });

  describe('a TIMESTAMPTZ', () => {
    const pgParse = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => unknown;
    const iso = (text: string) => (parseTimestamptz(text) as Date).toISOString();

    it('is read by position as the instant PostgreSQL wrote, to the millisecond', () => {
      expect(iso('2026-11-29 09:07:33.059852+00')).toBe('2026-11-29T09:07:33.059Z');
      expect(iso('2026-11-29 09:07:33+00')).toBe('2026-11-29T09:07:33.000Z');
      expect(iso('2026-11-29 09:07:33.5+00')).toBe('2026-11-29T09:07:33.500Z');
      expect(iso('2026-11-29 09:07:33.07+00')).toBe('2026-11-29T09:07:33.070Z');
      expect(iso('2026-11-29 09:07:33.999999+00')).toBe('2026-11-29T09:07:33.999Z');
      expect(iso('2020-01-01 00:00:00+05:30')).toBe('2019-12-31T18:30:00.000Z');
      expect(iso('2019-12-31 18:30:00.25-08')).toBe('2020-01-01T02:30:00.250Z');
      expect(iso('2024-02-29 23:59:59.001-00:30')).toBe('2024-03-01T00:29:59.001Z');
    });

    it("leaves every other shape to pg's own parser, which reads it as before", () => {
      for (const text of [
        'infinity',
        '-infinity',
        '0099-01-01 00:00:00+00',
        '0044-03-15 12:00:00+00 BC',
        '12345-01-01 00:00:00+00',
        '1900-01-01 00:00:00+00:19:32',
      ]) {
        expect(parseTimestamptz(text)).toEqual(pgParse(text));
      }
      expect(iso('0099-01-01 00:00:00+00')).toBe('0099-01-01T00:00:00.000Z');
    });

    it("gives pg's own Date for every instant of a spread of them", () => {
      const pad = (v: number, n = 2) => String(v).padStart(n, '0');
      let seed = 7;
      const next = (mod: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % mod;
      for (let i = 0; i < 2000; i++) {
        const fraction = ['', `.${pad(next(1000000), 6)}`, `.${next(10)}`, `.${pad(next(1000), 3)}`][next(4)];
        const offset = ['+00', '-05', '+09:30', '-03:30', '+14'][next(5)];
        const text = `${1000 + next(9000)}-${pad(1 + next(12))}-${pad(1 + next(28))} ${pad(next(24))}:${pad(next(60))}:${pad(next(60))}${fraction}${offset}`;
        expect([text, (parseTimestamptz(text) as Date).getTime()]).toEqual([text, (pgParse(text) as Date).getTime()]);
      }
    });
  });
});
