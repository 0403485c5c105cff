import { normalizeFieldValue } from './field-value.js';

describe('normalizeFieldValue', () => {
  const ok = (value: string) => ({ ok: true, value });
  it('keeps strings up to 255 characters', () => {
    expect(normalizeFieldValue({ type: 'string', options: null }, 'abc')).toEqual(ok('abc'));
    expect(normalizeFieldValue({ type: 'string', options: null }, 'x'.repeat(256))).toEqual({
      ok: false,
      message: 'must be at most 255 characters',
    });
  });
  it('turns numbers and booleans into text', () => {
    expect(normalizeFieldValue({ type: 'integer', options: null }, 42)).toEqual(ok('42'));
    expect(normalizeFieldValue({ type: 'integer', options: null }, '007')).toEqual(ok('7'));
    expect(normalizeFieldValue({ type: 'boolean', options: null }, true)).toEqual(ok('1'));
    expect(normalizeFieldValue({ type: 'boolean', options: null }, 'false')).toEqual(ok('0'));
  });
  it('rejects values of the wrong type', () => {
    expect(normalizeFieldValue({ type: 'integer', options: null }, '4.5')).toEqual({ ok: false, message: 'must be an integer' });
    expect(normalizeFieldValue({ type: 'decimal', options: null }, '1e5')).toEqual({ ok: false, message: 'must be a decimal number' });
    expect(normalizeFieldValue({ type: 'boolean', options: null }, 'yes')).toEqual({
      ok: false,
      message: 'must be a boolean (true, false, 1 or 0)',
    });
    expect(normalizeFieldValue({ type: 'string', options: null }, { a: 1 })).toEqual({
      ok: false,
      message: 'must be a string, number or boolean',
    });
    expect(normalizeFieldValue({ type: 'string', options: null }, null)).toEqual({
      ok: false,
      message: 'must be a string, number or boolean',
    });
  });
  it('checks calendar dates', () => {
    expect(normalizeFieldValue({ type: 'date', options: null }, '2024-02-29')).toEqual(ok('2024-02-29'));
    expect(normalizeFieldValue({ type: 'date', options: null }, '2023-02-29')).toEqual({
      ok: false,
      message: 'must be a date (YYYY-MM-DD)',
    });
  });
  it('accepts only listed options for select', () => {
    const rule = { type: 'select' as const, options: ['red', 'blue'] };
    expect(normalizeFieldValue(rule, 'red')).toEqual(ok('red'));
    expect(normalizeFieldValue(rule, 'Red')).toEqual({ ok: false, message: 'must be one of: red, blue' });
  });
  it('accepts decimals with up to six places', () => {
    expect(normalizeFieldValue({ type: 'decimal', options: null }, 12.5)).toEqual(ok('12.5'));
    expect(normalizeFieldValue({ type: 'decimal', options: null }, '-0.000001')).toEqual(ok('-0.000001'));
  });
});
