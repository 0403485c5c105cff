import { Decimal } from 'decimal.js';
import { formatMoney, toDecimal } from '../../../common/money/money.js';
import type { TaxRateInput } from '../../tax/domain/tax.js';
import { allocateFixedDiscount, type PricedLineInput, priceQuote, type QuoteTotals } from './quote-pricing.js';

const d = (s: string): Decimal => toDecimal(s);
const money = (xs: Decimal[]): string[] => xs.map((x) => formatMoney(x));
const line = (unit: string, quantity: number, extras: string[] = [], taxRates: TaxRateInput[] = []): PricedLineInput => ({
  unitPrice: d(unit),
  extrasPrices: extras.map(d),
  quantity,
  taxRates,
});
const rate = (value: string, priority: number, is_compound = false): TaxRateInput => ({
  country: '*',
  state: '*',
  zip: '*',
  city: '*',
  rate: value,
  priority,
  is_compound,
});
const summary = (q: QuoteTotals) => ({
  lines: q.lines.map((l) => ({
    price: formatMoney(l.price),
    subtotal: formatMoney(l.subtotal),
    discount: formatMoney(l.discount),
    total: formatMoney(l.total),
    tax: formatMoney(l.tax),
  })),
  subtotal: formatMoney(q.subtotal),
  total_discount: formatMoney(q.total_discount),
  total_tax: formatMoney(q.total_tax),
  total: formatMoney(q.total),
});

describe('allocateFixedDiscount', () => {
  it('splits in proportion to the subtotals', () => {
    expect(money(allocateFixedDiscount([d('30.00'), d('70.00')], d('10.00')))).toEqual(['3.00', '7.00']);
  });

  it('hands the leftover cents to the largest remainders', () => {
    // 100c over 1000c/2000c/3000c of 6000c: 16 r4000, 33 r2000, 50 r0 → 99c; the extra cent goes to line 1
    expect(money(allocateFixedDiscount([d('10.00'), d('20.00'), d('30.00')], d('1.00')))).toEqual(['0.17', '0.33', '0.50']);
  });

  it('breaks remainder ties in favour of the earlier line', () => {
    // 100c over three equal lines: 33 r1000 each → 99c; the one extra cent goes to the first
    expect(money(allocateFixedDiscount([d('10.00'), d('10.00'), d('10.00')], d('1.00')))).toEqual(['0.34', '0.33', '0.33']);
    // 2c: 0 r2000 each → two extra cents, to the first two
    expect(money(allocateFixedDiscount([d('10.00'), d('10.00'), d('10.00')], d('0.02')))).toEqual(['0.01', '0.01', '0.00']);
    // 11c over 500c/1000c/1000c of 2500c: 2 r500, 4 r1000, 4 r1000 → 10c; the tie at r1000 goes to line 2, not line 3
    expect(money(allocateFixedDiscount([d('5.00'), d('10.00'), d('10.00')], d('0.11')))).toEqual(['0.02', '0.05', '0.04']);
  });

  it('gives nothing to zero subtotals, and nothing at all when the sum is zero', () => {
    expect(money(allocateFixedDiscount([d('0.00'), d('10.00'), d('0.00')], d('3.00')))).toEqual(['0.00', '3.00', '0.00']);
    expect(money(allocateFixedDiscount([d('0.00'), d('0.00')], d('3.00')))).toEqual(['0.00', '0.00']);
    expect(allocateFixedDiscount([], d('3.00'))).toEqual([]);
  });

  it('never hands out more than the subtotals', () => {
    expect(money(allocateFixedDiscount([d('1.00'), d('2.00')], d('5.00')))).toEqual(['1.00', '2.00']);
  });
});

describe('priceQuote', () => {
  it('adds extras to the unit price and multiplies by quantity', () => {
    // price 10.00 + 1.50 + 0.25 = 11.75; subtotal 11.75 × 3 = 35.25
    expect(summary(priceQuote([line('10.00', 3, ['1.50', '0.25'])], null))).toEqual({
      lines: [{ price: '11.75', subtotal: '35.25', discount: '0.00', total: '35.25', tax: '0.00' }],
      subtotal: '35.25',
      total_discount: '0.00',
      total_tax: '0.00',
      total: '35.25',
    });
  });

  it('rounds the price to cents before multiplying', () => {
    // 9.995 → 10.00 (half up), × 3 = 30.00 (not 29.985 → 29.99)
    expect(summary(priceQuote([line('9.995', 3)], null)).lines[0]).toMatchObject({ price: '10.00', subtotal: '30.00' });
  });

  it('applies a percentage coupon per line, rounded half up', () => {
    const q = priceQuote([line('10.00', 3, ['1.50', '0.25']), line('19.99', 1)], {
      discount_type: 'percentage',
      discount_value: '15',
    });
    // 35.25 × 15% = 5.2875 → 5.29; 19.99 × 15% = 2.9985 → 3.00
    expect(summary(q)).toEqual({
      lines: [
        { price: '11.75', subtotal: '35.25', discount: '5.29', total: '29.96', tax: '0.00' },
        { price: '19.99', subtotal: '19.99', discount: '3.00', total: '16.99', tax: '0.00' },
      ],
      subtotal: '55.24', // 35.25 + 19.99
      total_discount: '8.29', // 5.29 + 3.00
      total_tax: '0.00',
      total: '46.95', // 29.96 + 16.99
    });
  });

  it('caps a percentage discount at the subtotal', () => {
    const q = priceQuote([line('10.00', 1)], { discount_type: 'percentage', discount_value: '150' });
    expect(summary(q).lines[0]).toMatchObject({ discount: '10.00', total: '0.00' }); // 15.00 capped to 10.00
  });

  it('caps a fixed amount at the quote subtotal', () => {
    const q = priceQuote([line('4.00', 1), line('3.00', 2)], {
      discount_type: 'fixed_amount',
      discount_value: '25.00',
    });
    // D = min(25.00, 4.00 + 6.00) = 10.00 → 4.00 and 6.00
    expect(summary(q)).toMatchObject({ subtotal: '10.00', total_discount: '10.00', total_tax: '0.00', total: '0.00' });
    expect(money(q.lines.map((l) => l.discount))).toEqual(['4.00', '6.00']);
  });

  it('splits a fixed amount by largest remainder', () => {
    const q = priceQuote([line('10.00', 1), line('5.00', 2), line('2.50', 4)], {
      discount_type: 'fixed_amount',
      discount_value: '1.00',
    });
    // three subtotals of 10.00: 33 r1000 each, the extra cent to the first line
    expect(money(q.lines.map((l) => l.discount))).toEqual(['0.34', '0.33', '0.33']);
    expect(money(q.lines.map((l) => l.total))).toEqual(['9.66', '9.67', '9.67']);
  });

  it('taxes each line total, rounded once per line', () => {
    // (10.10 − 0) × (2.5% + 2.5%) = 0.505 → 0.51 (0.25 + 0.25 = 0.50 if each rate were rounded)
    const q = priceQuote([line('10.10', 1, [], [rate('2.5000', 1), rate('2.5000', 1)])], null);
    expect(summary(q)).toMatchObject({ total_tax: '0.51', total: '10.61' });
  });

  it('prices a mixed quote to the cent', () => {
    const q = priceQuote(
      [
        line('19.99', 3, ['2.50'], [rate('8.8750', 1), rate('1.0000', 2, true)]),
        line('5.00', 2, [], [rate('8.8750', 1)]),
        line('7.25', 4), // tax exempt
      ],
      { discount_type: 'fixed_amount', discount_value: '5.00' },
    );
    // prices: 19.99 + 2.50 = 22.49; 5.00; 7.25
    // subtotals: 22.49 × 3 = 67.47; 5.00 × 2 = 10.00; 7.25 × 4 = 29.00; quote 106.47 = 10647c
    // 500c split: 500×6747/10647 = 316 r9048; 500×1000/10647 = 46 r10238; 500×2900/10647 = 136 r2008
    //   498c, 2 left → line 2 (r10238), then line 1 (r9048): 3.17, 0.47, 1.36
    // totals: 67.47 − 3.17 = 64.30; 10.00 − 0.47 = 9.53; 29.00 − 1.36 = 27.64
    // tax 1: 64.30 × 8.875% = 5.706625; (64.30 + 5.706625) × 1% = 0.70006625; 6.40669125 → 6.41
    // tax 2: 9.53 × 8.875% = 0.8457875 → 0.85; tax 3: 0.00
    expect(summary(q)).toEqual({
      lines: [
        { price: '22.49', subtotal: '67.47', discount: '3.17', total: '64.30', tax: '6.41' },
        { price: '5.00', subtotal: '10.00', discount: '0.47', total: '9.53', tax: '0.85' },
        { price: '7.25', subtotal: '29.00', discount: '1.36', total: '27.64', tax: '0.00' },
      ],
      subtotal: '106.47',
      total_discount: '5.00', // 3.17 + 0.47 + 1.36
      total_tax: '7.26', // 6.41 + 0.85
      total: '108.73', // 64.30 + 9.53 + 27.64 = 101.47, + 7.26
    });
  });

  it('prices an empty quote as zero', () => {
    expect(summary(priceQuote([], { discount_type: 'fixed_amount', discount_value: '5.00' }))).toEqual({
      lines: [],
      subtotal: '0.00',
      total_discount: '0.00',
      total_tax: '0.00',
      total: '0.00',
    });
  });
});
