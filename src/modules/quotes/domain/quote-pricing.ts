import { Decimal } from 'decimal.js';
import { roundCents, toDecimal } from '../../../common/money/money.js';
import { computeTax, type TaxRateInput } from '../../tax/domain/tax.js';

export interface PricedLineInput {
  unitPrice: Decimal;
  extrasPrices: Decimal[];
  quantity: number;
  /** Already matched to the item's location; empty when the quote is tax exempt. */
  taxRates: TaxRateInput[];
}

export interface CouponInput {
  discount_type: 'percentage' | 'fixed_amount';
  discount_value: string;
}

interface PricedLine {
  price: Decimal;
  subtotal: Decimal;
  discount: Decimal;
  total: Decimal;
  tax: Decimal;
}

export interface QuoteTotals {
  lines: PricedLine[];
  subtotal: Decimal;
  total_discount: Decimal;
  total_tax: Decimal;
  total: Decimal;
}

const sum = (values: Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), toDecimal(0));

const min = (a: Decimal, b: Decimal): Decimal => (a.lte(b) ? a : b);

const toCents = (d: Decimal): bigint => BigInt(roundCents(d).times(100).toFixed(0));
const fromCents = (c: bigint): Decimal => toDecimal(c.toString()).div(100);

/**
 * Splits `amount` (capped at the sum) over lines in proportion to their subtotals, in whole
 * cents by the largest remainder method. Integer (bigint) cents keep the floors and remainders exact.
 */
export function allocateFixedDiscount(subtotals: Decimal[], amount: Decimal): Decimal[] {
  const weights = subtotals.map((s) => (s.isPositive() ? toCents(s) : 0n));
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) return subtotals.map(() => toDecimal(0));
  let cents = toCents(amount);
  if (cents < 0n) cents = 0n;
  if (cents > total) cents = total;

  const shares = weights.map((w) => (cents * w) / total);
  const remainders = weights.map((w) => (cents * w) % total);
  let left = cents - shares.reduce((a, b) => a + b, 0n);
  // Stable sort: equal remainders keep line order, so ties go to the earlier line.
  const order = remainders
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r > 0n)
    .sort((a, b) => (a.r === b.r ? 0 : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares.map(fromCents);
}

/** docs/api.md#quote-pricing steps 4–8 for a whole quote. */
export function priceQuote(lines: PricedLineInput[], coupon: CouponInput | null): QuoteTotals {
  const prices = lines.map((l) => roundCents(sum([l.unitPrice, ...l.extrasPrices])));
  const subtotals = prices.map((p, i) => p.times(lines[i].quantity));
  const quoteSubtotal = sum(subtotals);

  let discounts: Decimal[];
  if (coupon === null) {
    discounts = subtotals.map(() => toDecimal(0));
  } else if (coupon.discount_type === 'percentage') {
    const percent = toDecimal(coupon.discount_value);
    discounts = subtotals.map((s) => min(roundCents(s.times(percent).div(100)), s));
  } else {
    const value = toDecimal(coupon.discount_value);
    discounts = allocateFixedDiscount(subtotals, min(value, quoteSubtotal));
  }

  const priced = lines.map((l, i): PricedLine => {
    const total = subtotals[i].minus(discounts[i]);
    return {
      price: prices[i],
      subtotal: subtotals[i],
      discount: discounts[i],
      total,
      tax: computeTax(total, l.taxRates),
    };
  });
  const totalTax = sum(priced.map((l) => l.tax));
  return {
    lines: priced,
    subtotal: quoteSubtotal,
    total_discount: sum(discounts),
    total_tax: totalTax,
    total: sum(priced.map((l) => l.total)).plus(totalTax),
  };
}
