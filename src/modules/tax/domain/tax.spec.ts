import { formatMoney } from '../../../common/money/money.js';
import { computeTax, matchingRates, rateMatches, type TaxLocation, type TaxRateInput } from './tax.js';

const rate = (over: Partial<TaxRateInput>): TaxRateInput => ({
  country: '*',
  state: '*',
  zip: '*',
  city: '*',
  rate: '0.0000',
  priority: 1,
  is_compound: false,
  ...over,
});
const la: TaxLocation = { country: 'US', state: 'CA', zip: '90210', city: 'Los Angeles' };

describe('rateMatches', () => {
  it("matches '*' in every part", () => {
    expect(rateMatches(rate({}), la)).toBe(true);
    expect(rateMatches(rate({ country: 'US' }), la)).toBe(true);
  });

  it('compares each part case-insensitively and trimmed', () => {
    expect(rateMatches(rate({ country: 'us', state: ' ca ', zip: '90210', city: 'LOS ANGELES' }), la)).toBe(true);
    expect(rateMatches(rate({ country: 'US' }), { ...la, country: ' us ' })).toBe(true);
  });

  it('fails when any part differs', () => {
    expect(rateMatches(rate({ country: 'CA' }), la)).toBe(false);
    expect(rateMatches(rate({ country: 'US', state: 'NY' }), la)).toBe(false);
    expect(rateMatches(rate({ zip: '90211' }), la)).toBe(false);
    expect(rateMatches(rate({ city: 'Los' }), la)).toBe(false);
  });

  it("matches a missing location part only with '*'", () => {
    const noState: TaxLocation = { country: 'US', state: null, zip: null, city: null };
    expect(rateMatches(rate({ country: 'US' }), noState)).toBe(true);
    expect(rateMatches(rate({ country: 'US', state: 'CA' }), noState)).toBe(false);
    expect(rateMatches(rate({ zip: '' }), noState)).toBe(false);
  });
});

describe('matchingRates', () => {
  it('keeps matching rates sorted by priority, then id', () => {
    const rates = [
      rate({ id: 5, priority: 2 }),
      rate({ id: 3, priority: 1, country: 'us' }),
      rate({ id: 1, priority: 2, state: 'CA' }),
      rate({ id: 2, priority: 1, country: 'FR' }),
    ];
    expect(matchingRates(rates, la).map((r) => r.id)).toEqual([3, 1, 5]);
  });
});

describe('computeTax', () => {
  const tax = (amount: string, rates: TaxRateInput[]) => formatMoney(computeTax(amount, rates));

  it('is zero without rates', () => {
    expect(tax('100.00', [])).toBe('0.00');
  });

  it('applies a 4-decimal percent and rounds half up', () => {
    expect(tax('100.00', [rate({ rate: '8.8750' })])).toBe('8.88'); // 100.00 × 8.875% = 8.875 → 8.88
    expect(tax('10.70', [rate({ rate: '25.0000' })])).toBe('2.68'); // 10.70 × 25% = 2.675 → 2.68
    expect(computeTax(19.99, [rate({ rate: '7.0000' })]).toFixed(2)).toBe('1.40'); // 19.99 × 7% = 1.3993 → 1.40
  });

  it('compounds a higher priority on the lower priorities’ tax', () => {
    const rates = [rate({ rate: '5.0000', priority: 1 }), rate({ rate: '10.0000', priority: 2, is_compound: true })];
    expect(tax('100.00', rates)).toBe('15.50'); // 5.00 + (100.00 + 5.00) × 10% = 5.00 + 10.50
    // given in any order, priorities still run ascending
    expect(tax('100.00', [...rates].reverse())).toBe('15.50');
  });

  it('applies a non-compound rate to the amount only, whatever its priority', () => {
    const rates = [rate({ rate: '5.0000', priority: 1 }), rate({ rate: '10.0000', priority: 2 })];
    expect(tax('100.00', rates)).toBe('15.00'); // 5.00 + 10.00
  });

  it('does not compound a lowest-priority compound rate on anything', () => {
    expect(tax('100.00', [rate({ rate: '10.0000', is_compound: true })])).toBe('10.00');
  });

  it('adds rates at the same priority side by side', () => {
    const rates = [
      rate({ rate: '5.0000', priority: 1 }),
      rate({ rate: '3.0000', priority: 1 }),
      rate({ rate: '2.0000', priority: 2, is_compound: true }),
    ];
    expect(tax('100.00', rates)).toBe('10.16'); // 5.00 + 3.00 + (100.00 + 8.00) × 2% = 8.00 + 2.16
  });

  it('does not compound two compound rates of the same priority on each other', () => {
    const rates = [
      rate({ id: 1, rate: '5.0000', priority: 1 }),
      rate({ id: 2, rate: '10.0000', priority: 2, is_compound: true }),
      rate({ id: 3, rate: '10.0000', priority: 2, is_compound: true }),
    ];
    // 5.00 + 105.00 × 10% + 105.00 × 10% = 5.00 + 10.50 + 10.50 (not 10.50 + 11.55)
    expect(tax('100.00', rates)).toBe('26.00');
  });

  it('rounds once per item, not once per rate', () => {
    const rates = [rate({ rate: '2.5000' }), rate({ rate: '2.5000' })];
    // 10.10 × 2.5% = 0.2525 each; rounded separately 0.25 + 0.25 = 0.50, rounded once 0.505 → 0.51
    expect(tax('10.10', rates)).toBe('0.51');
  });

  it('rounds a compound chain once too', () => {
    const rates = [rate({ rate: '0.5000', priority: 1 }), rate({ rate: '0.5000', priority: 2, is_compound: true })];
    // once: 1.00 × 0.5% = 0.005; (1.00 + 0.005) × 0.5% = 0.005025; 0.010025 → 0.01
    // per rate it would be round(0.005) = 0.01, then round((1.00 + 0.01) × 0.5% = 0.00505) = 0.01 → 0.02
    expect(tax('1.00', rates)).toBe('0.01');
  });
});
