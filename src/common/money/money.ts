import { Decimal } from 'decimal.js';

export type MoneyInput = string | number | Decimal;

// A private constructor so money arithmetic never depends on (or changes) the global Decimal
// settings: 20 significant digits could round a large amount × a 4-decimal rate before the
// cents rounding, and a second rounding there would be a double rounding.
const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

// Plain decimal notation only: Decimal itself would also accept '0x1f', 'Infinity', ' 1_000'.
const DECIMAL_STRING = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function toDecimal(v: MoneyInput): Decimal {
  if (Decimal.isDecimal(v)) {
    if (!v.isFinite()) throw new Error(`Not a finite amount: ${v.toString()}`);
    return new Money(v);
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`Not a finite amount: ${v}`);
    return new Money(v);
  }
  if (typeof v === 'string' && DECIMAL_STRING.test(v.trim())) return new Money(v.trim());
  throw new Error(`Not a decimal amount: ${JSON.stringify(v)}`);
}

/** Half away from zero, so -0.125 → -0.13 mirrors 0.125 → 0.13. */
export function roundCents(d: Decimal): Decimal {
  return toDecimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function formatDecimal(v: MoneyInput, places: number): string {
  const d = toDecimal(v).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  // A negative amount that rounds to zero must not print as '-0.00'.
  return (d.isZero() ? d.abs() : d).toFixed(places);
}

/**
 * Two-decimal text as PostgreSQL prints a numeric(…, 2): already the answer, so the hot read paths
 * skip the decimal arithmetic. "-0.00" never comes from PostgreSQL but would need the slow path.
 */
const TWO_PLACES = /^-?(?:0|[1-9]\d{0,16})\.\d\d$/;

export function formatMoney(v: MoneyInput): string {
  if (typeof v === 'string' && TWO_PLACES.test(v) && !v.startsWith('-0.00')) return v;
  return formatDecimal(v, 2);
}

export function moneyNumber(v: MoneyInput): number {
  return Number(formatMoney(v));
}

// Building a NumberFormat costs far more than formatting with one; a product list formats hundreds.
const currencyFormats = new Map<string, Intl.NumberFormat>();

export function formatCurrency(v: MoneyInput, currency: string, locale: string): string {
  // Intl formats a numeric string exactly (ES2023); lib ES2022 types only declare number | bigint.
  const exact = formatMoney(v) as unknown as number;
  const key = `${locale}|${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    currencyFormats.set(key, format);
  }
  return format.format(exact);
}
