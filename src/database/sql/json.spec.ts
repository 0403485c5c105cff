import type { DataSource } from 'typeorm';
import { decodeRows, isoDate, jsonRowDecoder } from './json.js';

describe('isoDate', () => {
  it('reads PostgreSQL JSON timestamps of a UTC session, the fraction truncated to the millisecond', () => {
    const cases: [string, string][] = [
      ['2026-11-23T10:31:05.999999+00:00', '2026-11-23T10:31:05.999Z'],
      ['2026-11-23T10:31:05+00:00', '2026-11-23T10:31:05.000Z'],
      ['2026-11-23T10:31:05.5+00:00', '2026-11-23T10:31:05.500Z'],
      ['2026-11-23T10:31:05.12Z', '2026-11-23T10:31:05.120Z'],
      ['2026-11-23T23:59:59.9999996+00:00', '2026-11-23T23:59:59.999Z'],
      ['1969-12-31T23:59:59.25+00:00', '1969-12-31T23:59:59.250Z'],
      // Other shapes go through Date's own reading: another offset, and the same text twice.
      ['2026-11-23T10:31:05.123+01:00', '2026-11-23T09:31:05.123Z'],
      ['2026-11-23T10:31:05.123+01:00', '2026-11-23T09:31:05.123Z'],
      ['2026-11-23T10:31:05-05:30', '2026-11-23T16:01:05.000Z'],
      ['0999-01-02T03:04:05+00:00', '0999-01-02T03:04:05.000Z'],
    ];
    for (const [text, iso] of cases) expect([text, isoDate(text).toISOString()]).toEqual([text, iso]);
  });

  it('agrees with Date on instants across the calendar (leap days, centuries, before 1970)', () => {
    // A fixed walk over 1000–9999 in steps of a prime number of milliseconds, so every field varies.
    const step = 2_718_281_828_459;
    for (let ms = Date.UTC(1000, 0, 1); ms < Date.UTC(9999, 11, 31); ms += step) {
      const text = new Date(ms).toISOString().replace('Z', '456+00:00');
      expect([text, isoDate(text).getTime()]).toEqual([text, ms]);
    }
    for (const text of ['2000-02-29T23:59:59Z', '1900-03-01T00:00:00Z', '2100-02-28T12:00:00.5Z', '1600-02-29T00:00:00Z']) {
      expect([text, isoDate(text).getTime()]).toEqual([text, Date.parse(text)]);
    }
  });

  it('answers a new Date each time, even for the text it read last', () => {
    const a = isoDate('2026-11-23T10:31:05+00:00');
    const b = isoDate('2026-11-23T10:31:05+00:00');
    expect(a).not.toBe(b);
    expect(a.getTime()).toBe(b.getTime());
  });

  it('reads text that is no timestamp as an invalid Date, as Date does', () => {
    expect(Number.isNaN(isoDate('2026-11-23T10:31:0x+00:00').getTime())).toBe(true);
    expect(Number.isNaN(isoDate('yesterday').getTime())).toBe(true);
  });
});

describe('jsonRowDecoder', () => {
  /** The metadata of an entity with two timestamps, a date, a numeric and a jsonb column. */
  const dataSource = {
    getMetadata: () => ({
      columns: [
        { propertyName: 'id', type: 'integer' },
        { propertyName: 'price', type: 'numeric' },
        { propertyName: 'due_on', type: 'date' },
        { propertyName: 'data', type: 'jsonb' },
        { propertyName: 'created_at', type: 'timestamptz' },
        { propertyName: 'deleted_at', type: 'timestamp with time zone' },
      ],
    }),
  } as unknown as DataSource;
  interface Row {
    id: number;
    price: string;
    due_on: string;
    data: unknown;
    created_at: Date;
    deleted_at: Date | null;
  }

  it('turns each timestamp column into a Date in place and leaves every other value as it is', () => {
    const decode = jsonRowDecoder<Row>(dataSource, 'Row');
    const data = { at: '2026-11-23T10:31:05+00:00' };
    const row = {
      id: 1,
      price: '10.00',
      due_on: '2026-12-01',
      data,
      created_at: '2026-11-23T10:31:05.123456+00:00',
      deleted_at: null,
    } as unknown as Row;
    expect(decode(row)).toBe(row);
    expect(row).toEqual({
      id: 1,
      price: '10.00',
      due_on: '2026-12-01',
      data,
      created_at: new Date('2026-11-23T10:31:05.123Z'),
      deleted_at: null,
    });
    expect(data.at).toBe('2026-11-23T10:31:05+00:00');
    // A row decoded twice stays as it is.
    expect(decode(row).created_at).toEqual(new Date('2026-11-23T10:31:05.123Z'));
    const rows = [{ ...row, deleted_at: '2026-11-24T00:00:00+00:00' } as unknown as Row];
    decodeRows(rows, decode);
    expect(rows[0].deleted_at).toEqual(new Date('2026-11-24T00:00:00Z'));
    decodeRows(null, decode);
  });
});
