import { Decimal } from 'decimal.js';
import { formatCurrency, formatDecimal, formatMoney, moneyNumber, roundCents, toDecimal } from './money.js';

describe('toDecimal', () => {
  it('accepts decimal strings, numbers and Decimals exactly', () => {
    expect(toDecimal('12.30').toFixed()).toBe('12.3');
    expect(toDecimal(' 7.5 ').toFixed()).toBe('7.5');
    expect(toDecimal(0.1).toFixed()).toBe('0.1'); // the shortest form of the double, not 0.1000000000000000055…
    expect(toDecimal(new Decimal('-3.25')).toFixed()).toBe('-3.25');
  });

  it('throws on non-finite or garbage input', () => {
    for (const bad of ['', 'abc', '1,5', '12.3.4', '0x10', 'Infinity', 'NaN', '1_000']) {
      expect(() => toDecimal(bad)).toThrow();
    }
    expect(() => toDecimal(NaN)).toThrow();
    expect(() => toDecimal(Infinity)).toThrow();
    expect(() => toDecimal(new Decimal(NaN))).toThrow();
    expect(() => toDecimal(null as unknown as string)).toThrow();
  });

  it('is not limited to 20 significant digits', () => {
    // 99999999999999999.99 × 1.0001 = 99999999999999999.99 + 9999999999999.999999
    //   = 100009999999999999.989999 (24 significant digits; the default Decimal keeps 20)
    expect(toDecimal('99999999999999999.99').times('1.0001').toFixed()).toBe('100009999999999999.989999');
  });
});

describe('roundCents', () => {
  it('rounds half up where float rounding would not', () => {
    expect(roundCents(toDecimal('0.125')).toFixed(2)).toBe('0.13'); // exactly half a cent → up
    expect(roundCents(toDecimal('2.675')).toFixed(2)).toBe('2.68'); // (2.675).toFixed(2) is '2.67' in floats
    expect((2.675).toFixed(2)).toBe('2.67'); // …which is why floats are not used
    expect(roundCents(toDecimal('1.005')).toFixed(2)).toBe('1.01'); // float: '1.00'
    expect(roundCents(toDecimal('0.124999')).toFixed(2)).toBe('0.12'); // below half → down
  });

  it('rounds negative halves away from zero', () => {
    expect(roundCents(toDecimal('-0.125')).toFixed(2)).toBe('-0.13');
    expect(roundCents(toDecimal('-2.675')).toFixed(2)).toBe('-2.68');
    expect(roundCents(toDecimal('-2.674')).toFixed(2)).toBe('-2.67');
  });
});

describe('formatMoney / moneyNumber', () => {
  it('always prints two decimals', () => {
    expect(formatMoney(12.3)).toBe('12.30');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('-2.5')).toBe('-2.50');
    expect(formatMoney('10.825')).toBe('10.83'); // 10.825 is a half cent → up
    expect(formatMoney(new Decimal('1234567.891'))).toBe('1234567.89');
  });

  it('never prints negative zero', () => {
    expect(formatMoney('-0')).toBe('0.00');
    expect(formatMoney('-0.004')).toBe('0.00'); // rounds to -0.00 → shown as 0.00
    expect(formatMoney(-0)).toBe('0.00');
  });

  it('gives a JSON number rounded to cents', () => {
    expect(moneyNumber('12.30')).toBe(12.3);
    expect(moneyNumber('2.675')).toBe(2.68);
    expect(Object.is(moneyNumber('-0.001'), 0)).toBe(true); // +0, not -0
    expect(JSON.stringify({ total: moneyNumber('15.5') })).toBe('{"total":15.5}');
  });
});

describe('formatCurrency', () => {
  it('formats the rounded decimal with Intl', () => {
    expect(formatCurrency('1234.5', 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatCurrency('1234.565', 'USD', 'en-US')).toBe('$1,234.57'); // half cent → up before formatting
    expect(formatCurrency('-2.5', 'USD', 'en-US')).toBe('-$2.50');
    expect(formatCurrency('-0.001', 'USD', 'en-US')).toBe('$0.00');
    expect(formatCurrency('1234.5', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('does not lose digits beyond float precision', () => {
    // 2^53 ≈ 9.007e15, so this amount is not representable as a double
    expect(formatCurrency('12345678901234567.89', 'USD', 'en-US')).toBe('$12,345,678,901,234,567.89');
  });
});

describe('formatDecimal', () => {
  it('prints fixed places, half up', () => {
    expect(formatDecimal('8.875', 4)).toBe('8.8750');
    expect(formatDecimal('8.87505', 4)).toBe('8.8751'); // half of the 4th place → up
    expect(formatDecimal('0.00004', 4)).toBe('0.0000');
    expect(formatDecimal('-0.00004', 4)).toBe('0.0000');
    expect(formatDecimal(7, 0)).toBe('7');
  });
});

describe('formatMoney on PostgreSQL numeric(…, 2) text', () => {
  it('answers the same as the decimal arithmetic', () => {
    for (const v of ['0.00', '12.30', '-4.05', '999999999999.99', '100.10']) {
      expect(formatMoney(v)).toBe(formatDecimal(new Decimal(v), 2));
    }
    // Not two-decimal text as PostgreSQL prints it: the arithmetic decides.
    expect(formatMoney('-0.00')).toBe('0.00');
    expect(formatMoney('007.50')).toBe('7.50');
    expect(formatMoney('1.005')).toBe('1.01');
  });
});
