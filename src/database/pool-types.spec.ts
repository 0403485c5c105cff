import pg from 'pg';
import { calendarDay, parseInt8, poolTypes } from './pool-types.js';

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
    expect(poolTypes.getTypeParser(pg.types.builtins.TIMESTAMPTZ)).toBe(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text'));
    // pg's own table is left as it was: other clients of the process still read INT8 as text, DATE as pg does.
    expect(pg.types.getTypeParser(pg.types.builtins.INT8, 'text')('12')).toBe('12');
    expect(pg.types.getTypeParser(pg.types.builtins.DATE, 'text')('2026-02-28')).toBeInstanceOf(Date);
  });
});
