import { formatMoney } from '../../../common/money/money.js';
import { isValidSaleRule, parseSaleRule, type PriceSource, type PriceTierInput, resolveUnitPrice } from './unit-price.js';

type Product = PriceSource & { base_price: string };
const product = (over: Partial<Product> = {}): Product => ({
  base_price: '20.00',
  is_on_sale: false,
  sale_price_or_discount: null,
  tiers: [],
  ...over,
});
const variant = (over: Partial<PriceSource> = {}): PriceSource => ({
  base_price: null,
  is_on_sale: false,
  sale_price_or_discount: null,
  tiers: [],
  ...over,
});
const tier = (customer_group_id: number | null, quantity: number, price: string): PriceTierInput => ({
  customer_group_id,
  quantity,
  price,
});

const price = (args: Parameters<typeof resolveUnitPrice>[0]): string => formatMoney(resolveUnitPrice(args));

describe('resolveUnitPrice: base price', () => {
  it("uses the product's base price without a variant", () => {
    expect(price({ product: product(), quantity: 1, customerGroupId: null })).toBe('20.00');
    expect(price({ product: product(), variant: null, quantity: 1, customerGroupId: null })).toBe('20.00');
  });

  it("prefers the variant's base price, falling back to the product's when null", () => {
    expect(price({ product: product(), variant: variant({ base_price: '24.00' }), quantity: 1, customerGroupId: null })).toBe('24.00');
    expect(price({ product: product(), variant: variant({ base_price: null }), quantity: 1, customerGroupId: null })).toBe('20.00');
  });

  it('rounds the result to cents half up', () => {
    expect(price({ product: product({ base_price: '10.005' }), quantity: 1, customerGroupId: null })).toBe('10.01'); // half → up
    expect(price({ product: product({ base_price: '10.0049' }), quantity: 1, customerGroupId: null })).toBe('10.00');
  });
});

describe('resolveUnitPrice: price tiers', () => {
  // group 3 at 10 is listed first and last to show the order of tiers does not matter
  const tiers = [tier(3, 10, '17.00'), tier(null, 10, '18.00'), tier(null, 50, '15.00'), tier(7, 5, '16.00'), tier(3, 10, '17.00')];
  const p = product({ tiers });

  it('takes the tier with the largest quantity not above the item quantity', () => {
    expect(price({ product: p, quantity: 1, customerGroupId: null })).toBe('20.00'); // no tier ≤ 1
    expect(price({ product: p, quantity: 9, customerGroupId: null })).toBe('20.00'); // the 5-tier is for group 7 only
    expect(price({ product: p, quantity: 10, customerGroupId: null })).toBe('18.00'); // null tier at 10
    expect(price({ product: p, quantity: 49, customerGroupId: null })).toBe('18.00');
    expect(price({ product: p, quantity: 50, customerGroupId: null })).toBe('15.00'); // null tier at 50
  });

  it("lets the customer's group tier beat a null-group tier at equal quantity", () => {
    expect(price({ product: p, quantity: 10, customerGroupId: 3 })).toBe('17.00'); // group 17.00 over null 18.00 at 10
    expect(
      price({
        product: product({ tiers: [tier(null, 10, '18.00'), tier(3, 10, '19.00')] }),
        quantity: 10,
        customerGroupId: 3,
      }),
    ).toBe(
      '19.00', // the group tier wins even when it is dearer
    );
  });

  it('still prefers a larger quantity over a group match', () => {
    expect(price({ product: p, quantity: 50, customerGroupId: 3 })).toBe('15.00'); // null tier at 50 > group tier at 10
  });

  it('ignores a tier for another group', () => {
    expect(price({ product: p, quantity: 5, customerGroupId: 3 })).toBe('20.00'); // 5-tier belongs to group 7
    expect(price({ product: p, quantity: 5, customerGroupId: 7 })).toBe('16.00');
  });

  it("uses the variant's tiers when it has any, over the product's", () => {
    const v = variant({ base_price: '24.00', tiers: [tier(null, 10, '21.00')] });
    expect(price({ product: p, variant: v, quantity: 10, customerGroupId: 3 })).toBe('21.00'); // product's 17.00 not used
    // variant tiers exist but none applies: the variant base price, not the product's 5-tier 16.00
    expect(price({ product: p, variant: v, quantity: 5, customerGroupId: 7 })).toBe('24.00');
  });

  it("never uses the product's tiers for a variant, even one without tiers of its own", () => {
    const v = variant({ base_price: '24.00' });
    expect(price({ product: p, variant: v, quantity: 10, customerGroupId: null })).toBe('24.00'); // the product's 10-tier (18.00) is not the variant's
    expect(price({ product: p, variant: v, quantity: 1, customerGroupId: null })).toBe('24.00');
  });
});

describe('resolveUnitPrice: sale', () => {
  const onSale = (rule: string | null, base = '20.00'): Product =>
    product({ base_price: base, is_on_sale: true, sale_price_or_discount: rule });
  const sale = (rule: string | null, base = '20.00') => price({ product: onSale(rule, base), quantity: 1, customerGroupId: null });

  it('replaces the price with a sale price', () => {
    expect(sale('12.00')).toBe('12.00');
    expect(sale('0')).toBe('0.00');
  });

  it('subtracts an amount off', () => {
    expect(sale('-2.50')).toBe('17.50'); // 20.00 − 2.50
  });

  it('takes a percent off, rounding half up', () => {
    expect(sale('15%')).toBe('17.00'); // 20.00 − 20.00×0.15 = 20.00 − 3.00
    expect(sale('12.5%', '19.99')).toBe('17.49'); // 19.99 − 2.49875 = 17.49125 → 17.49
    expect(sale('15%', '0.50')).toBe('0.43'); // 0.50 − 0.075 = 0.425 → half up 0.43
    expect(sale('100%')).toBe('0.00');
  });

  it('never goes below zero', () => {
    expect(sale('-25.00')).toBe('0.00'); // 20.00 − 25.00 = −5.00 → 0.00
  });

  it('ignores a malformed or missing rule', () => {
    for (const bad of ['abc', '12,00', '--2', '', '%', '-2.5%', '150%', '1.2.3', '+3.00']) {
      expect(sale(bad)).toBe('20.00');
    }
    expect(sale(null)).toBe('20.00');
  });

  it('ignores the rule when not on sale', () => {
    const p = product({ is_on_sale: false, sale_price_or_discount: '12.00' });
    expect(price({ product: p, quantity: 1, customerGroupId: null })).toBe('20.00');
  });

  it('applies to the tier price', () => {
    const p = product({ tiers: [tier(null, 10, '18.00')], is_on_sale: true, sale_price_or_discount: '10%' });
    expect(price({ product: p, quantity: 10, customerGroupId: null })).toBe('16.20'); // 18.00 − 1.80
    const q = product({ tiers: [tier(null, 10, '18.00')], is_on_sale: true, sale_price_or_discount: '-0.55' });
    expect(price({ product: q, quantity: 10, customerGroupId: null })).toBe('17.45'); // 18.00 − 0.55
  });

  it("uses the variant's sale flag and rule when a variant is given", () => {
    const p = onSale('12.00');
    // product on sale, variant not: no sale
    expect(price({ product: p, variant: variant(), quantity: 1, customerGroupId: null })).toBe('20.00');
    // variant on sale, product not: variant rule on the product's base price
    const v = variant({ is_on_sale: true, sale_price_or_discount: '-1.00' });
    expect(price({ product: product(), variant: v, quantity: 1, customerGroupId: null })).toBe('19.00'); // 20.00 − 1.00
    // percent off the variant's own base: 24.00 − 24.00×0.333 = 24.00 − 7.992 = 16.008 → 16.01
    const w = variant({ base_price: '24.00', is_on_sale: true, sale_price_or_discount: '33.3%' });
    expect(price({ product: p, variant: w, quantity: 1, customerGroupId: null })).toBe('16.01');
  });
});

describe('parseSaleRule / isValidSaleRule', () => {
  it('parses each kind; amount_off carries the positive amount', () => {
    expect(parseSaleRule('12.00')).toMatchObject({ kind: 'price' });
    expect(parseSaleRule('12.00')?.value.toFixed(2)).toBe('12.00');
    expect(parseSaleRule('-2.50')).toMatchObject({ kind: 'amount_off' });
    expect(parseSaleRule('-2.50')?.value.toFixed(2)).toBe('2.50');
    expect(parseSaleRule('12.5%')).toMatchObject({ kind: 'percent_off' });
    expect(parseSaleRule('12.5%')?.value.toFixed(1)).toBe('12.5');
    expect(parseSaleRule('0%')?.kind).toBe('percent_off');
    expect(parseSaleRule('100%')?.kind).toBe('percent_off');
  });

  it('rejects malformed rules', () => {
    for (const bad of ['', 'abc', '100.01%', '-5%', '12,00', '1e3', '.5', '5.', '--1', '+1', '%']) {
      expect(parseSaleRule(bad)).toBeNull();
      expect(isValidSaleRule(bad)).toBe(false);
    }
    expect(isValidSaleRule('15%')).toBe(true);
    expect(isValidSaleRule('-2.50')).toBe(true);
    expect(isValidSaleRule('12')).toBe(true);
  });
});
