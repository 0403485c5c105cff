import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import type { CustomFieldDefinition } from '../custom-fields/custom-field-definition.entity.js';
import type { TaxRate } from '../tax/tax-rate.entity.js';
import type { QuoteItemInput } from './dto/quote.input.js';
import { type PricedQuote, QuotePricer, type PricingCustomer, pricingCustomer } from './quote-pricer.service.js';
import type { Coupon } from '../customers/coupons/coupon.entity.js';
import type { PricingContext, ProductPricingRow, ShippingPlace } from './repositories/pricing-context.repository.js';

/**
 * QuotePricer against plain pricing contexts (what PricingContextRepository reads in one statement):
 * every check and pricing rule of docs/api.md#quotes and docs/api.md#quote-pricing in milliseconds; the e2e specs prove the reading.
 * Every expected amount is worked out by hand in the comments, to the cent, rounding half away from zero.
 *
 * The catalog mirrors test/quotes-pricing.e2e-spec.ts so both can be read side by side:
 * - Widget 10.00, no tax class (→ Standard, the default); tiers 5 → 9.00, 5 → 8.50 Trade, 10 → 8.00, 3 → 7.00 Charity.
 * - Gadget 40.00, Reduced, on sale 15 % off; extras CASE 5.25, CHARGER 3.10, STRAP 1.00.
 * - Tee 18.00, option Size S/M; variant S without price of its own, M 21.00 on sale 2.50 off, tiers 3 → 19.00 Trade, 2 → 20.00.
 * - Poster 12.00, Standard named, on sale at 9.99.
 * Tax at US / CA / 90001 / Los Angeles: Standard = 7.25 % (CA) + 2.25 % (los angeles) at priority 1 and a compound
 * 1.5 % at priority 2, i.e. t × 11.1425 %; a New York rate must not apply. Reduced = 2.5 % for zip 90001 (not 9 % for 90002).
 */

const STANDARD = 1;
const REDUCED = 2;
const FLAT = 3; // a class with one rate everywhere, for rounding boundaries
const TRADE = 7;
const CHARITY = 8;
const WIDGET = 1;
const GADGET = 2;
const TEE = 3;
const TEE_S = 31;
const TEE_M = 32;
const POSTER = 4;

type ProductSpec = {
  id: number;
  base_price: string;
  enabled?: boolean;
  tax_class_id?: number | null;
  is_on_sale?: boolean;
  sale_price_or_discount?: string | null;
  tiers?: [quantity: number, price: string, group?: number][];
  options?: [name: string, values: string[]][];
  variants?: {
    id: number;
    options: Record<string, string>;
    base_price?: string | null;
    enabled?: boolean;
    is_on_sale?: boolean;
    sale_price_or_discount?: string | null;
    tiers?: [quantity: number, price: string, group?: number][];
  }[];
  extras?: [sku: string, name: string, price: string][];
};

const tierRows = (tiers: [number, string, number?][] = []) =>
  tiers.map(([quantity, price, group]) => ({ quantity, price, customer_group_id: group ?? null }));

/** A product as the pricing context returns it, with only what pricing reads of it. */
function product(p: ProductSpec): ProductPricingRow {
  return {
    row: {
      id: p.id,
      base_price: p.base_price,
      enabled: p.enabled ?? true,
      tax_class_id: p.tax_class_id ?? null,
      is_on_sale: p.is_on_sale ?? false,
      sale_price_or_discount: p.sale_price_or_discount ?? null,
    },
    tiers: tierRows(p.tiers),
    options: (p.options ?? []).map(([name, values]) => ({ name, values })),
    variants: (p.variants ?? []).map((v) => ({
      row: {
        id: v.id,
        product_id: p.id,
        sku: `SKU-${v.id}`,
        enabled: v.enabled ?? true,
        options: v.options,
        base_price: v.base_price ?? null,
        is_on_sale: v.is_on_sale ?? false,
        sale_price_or_discount: v.sale_price_or_discount ?? null,
      },
      tiers: tierRows(v.tiers),
    })),
    extras: (p.extras ?? []).map(([sku, name, price]) => ({ sku, name, price })),
  } as unknown as ProductPricingRow;
}

let rateId = 0;
const rate = (
  classId: number,
  value: string,
  where: Partial<Record<'country' | 'state' | 'zip' | 'city', string>>,
  priority = 1,
  is_compound = false,
) =>
  ({
    id: ++rateId,
    tax_class_id: classId,
    country: where.country ?? '*',
    state: where.state ?? '*',
    zip: where.zip ?? '*',
    city: where.city ?? '*',
    rate: value,
    priority,
    is_compound,
    tax_name: null,
  }) as unknown as TaxRate;

const CATALOG = [
  product({
    id: WIDGET,
    base_price: '10.00',
    tiers: [
      [5, '9.00'],
      [5, '8.50', TRADE],
      [10, '8.00'],
      [3, '7.00', CHARITY],
    ],
  }),
  product({
    id: GADGET,
    base_price: '40.00',
    tax_class_id: REDUCED,
    is_on_sale: true,
    sale_price_or_discount: '15%',
    extras: [
      ['CASE', 'Case', '5.25'],
      ['CHARGER', 'Charger', '3.10'],
      ['STRAP', 'Strap', '1.00'],
    ],
  }),
  product({
    id: TEE,
    base_price: '18.00',
    options: [['Size', ['S', 'M']]],
    variants: [
      { id: TEE_S, options: { Size: 'S' } },
      {
        id: TEE_M,
        options: { Size: 'M' },
        base_price: '21.00',
        is_on_sale: true,
        sale_price_or_discount: '-2.50',
        tiers: [
          [3, '19.00', TRADE],
          [2, '20.00'],
        ],
      },
    ],
  }),
  product({ id: POSTER, base_price: '12.00', tax_class_id: STANDARD, is_on_sale: true, sale_price_or_discount: '9.99' }),
];

const RATES = [
  rate(STANDARD, '7.25', { country: 'US', state: 'CA' }),
  rate(STANDARD, '2.25', { country: 'US', state: 'CA', city: 'los angeles' }),
  rate(STANDARD, '1.5', { country: 'US' }, 2, true),
  rate(STANDARD, '8.875', { country: 'US', state: 'NY' }),
  rate(REDUCED, '2.5', { country: 'US', state: 'CA', zip: '90001' }),
  rate(REDUCED, '9', { country: 'US', state: 'CA', zip: '90002' }),
];

const LA: ShippingPlace = { country_code: 'US', state_code: 'CA', postal_code: '90001', city: 'Los Angeles' };

type Who = { id?: number; group?: number | null; exempt?: boolean; address?: ShippingPlace | null };

/** A pricing context over the catalog above; `customer` as the context reads it (address included). */
function context(over: Partial<PricingContext> & { who?: Who | null } = {}): PricingContext {
  const { who, ...rest } = over;
  return {
    products: CATALOG,
    customer: who
      ? {
          id: who.id ?? 1,
          email: 'buyer@example.com',
          group_id: who.group ?? null,
          tax_exempt: who.exempt ?? false,
          address: who.address === undefined ? LA : who.address,
        }
      : null,
    plans: [5],
    cart_fields: [
      { name: 'gift_wrap', type: 'select', options: ['paper', 'box'] },
      { name: 'count', type: 'integer', options: null },
      { name: 'urgent', type: 'boolean', options: null },
    ] as unknown as CustomFieldDefinition[],
    default_tax_class: STANDARD,
    rates: RATES,
    coupon: null,
    groups: [],
    ...rest,
  };
}

const coupon = (discount_type: 'percentage' | 'fixed_amount', discount_value: string, over: Partial<Coupon> = {}): Coupon =>
  ({
    id: 1,
    code: 'CODE',
    name: null,
    discount_type,
    discount_value,
    is_active: true,
    starts_at: null,
    ends_at: null,
    created_at: new Date('2026-01-01T00:00:00.000Z'),
    updated_at: new Date('2026-01-01T00:00:00.000Z'),
    ...over,
  }) as Coupon;

/** Prices `items` for the context's customer (as the service passes it), returning the result and the bag's errors. */
function price(ctx: PricingContext, items: QuoteItemInput[], c: Coupon | null = null, bag = new FieldErrorBag()) {
  const result = new QuotePricer().price(ctx, items, pricingCustomer(ctx), c, bag);
  return { result, errors: { ...bag.errors } };
}

/** What each line and the quote come to, money as stored (two-decimal text). */
const amounts = (q: PricedQuote) => ({
  lines: q.items.map((i) => [i.price, i.subtotal, i.discount, i.total, i.tax]),
  subtotal: q.subtotal,
  total_discount: q.total_discount,
  total_tax: q.total_tax,
  total: q.total,
});
const totals = (q: PricedQuote) => ({ subtotal: q.subtotal, total_discount: q.total_discount, total_tax: q.total_tax, total: q.total });
const prices = (q: PricedQuote) => q.items.map((i) => i.price);
const NOTHING = { items: [], subtotal: '0.00', total_discount: '0.00', total_tax: '0.00', total: '0.00' };

const mixed = (): QuoteItemInput[] => [
  { product_id: WIDGET, quantity: 6 },
  { product_id: GADGET, quantity: 2, extras: ['CASE', 'CHARGER'] },
  { product_id: TEE, quantity: 3, options: { Size: 'M' } },
  { product_id: TEE, quantity: 1, options: { Size: 'S' } },
  { product_id: POSTER, quantity: 4 },
];

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

describe('QuotePricer', () => {
  describe('a priced quote', () => {
    it('prices a mixed quote for a Trade customer with a percentage coupon, line by line', () => {
      const { result, errors } = price(context({ who: { group: TRADE } }), mixed(), coupon('percentage', '12.5'));
      expect(errors).toEqual({});
      // Widget ×6: tiers ≤ 6 are 5 → 9.00 and 5 → 8.50 (Trade); the group tier wins the tie → 8.50 × 6 = 51.00.
      // Gadget ×2: 40.00 − 15 % = 34.00, + 5.25 + 3.10 = 42.35 × 2 = 84.70.
      // Tee M ×3: variant tiers 3 → 19.00 (Trade) beats 2 → 20.00; − 2.50 = 16.50 × 3 = 49.50.
      // Tee S ×1: the product's 18.00. Poster ×4: 9.99 × 4 = 39.96.
      // 12.5 % per line, half-up: 6.375 → 6.38; 10.5875 → 10.59; 6.1875 → 6.19; 2.25; 4.995 → 5.00.
      // Tax: 44.62 × 11.1425 % = 4.9717835 → 4.97; 74.11 × 2.5 % = 1.85275 → 1.85; 43.31 → 4.82581675 → 4.83;
      //   15.75 → 1.75494375 → 1.75; 34.96 → 3.895418 → 3.90. Σ 17.30. Total 212.75 + 17.30 = 230.05.
      expect(amounts(result)).toEqual({
        lines: [
          ['8.50', '51.00', '6.38', '44.62', '4.97'],
          ['42.35', '84.70', '10.59', '74.11', '1.85'],
          ['16.50', '49.50', '6.19', '43.31', '4.83'],
          ['18.00', '18.00', '2.25', '15.75', '1.75'],
          ['9.99', '39.96', '5.00', '34.96', '3.90'],
        ],
        subtotal: '243.16',
        total_discount: '30.41',
        total_tax: '17.30',
        total: '230.05',
      });
    });

    it('returns each item as it will be stored: position, variant, extras, options, custom fields, plan and key', () => {
      const { result } = price(context({ who: { group: TRADE } }), [
        { product_id: GADGET, quantity: 2, extras: ['CHARGER', 'CASE'], x_billing_plan_id: 5, is_trial_product: true },
        { product_id: TEE, options: { Size: 'M' }, custom_fields: { gift_wrap: 'box', count: ' 042', urgent: true } },
      ]);
      expect(result.items).toEqual([
        {
          position: 0,
          product_id: GADGET,
          variant_id: null,
          related_id: null,
          extras: [
            { sku: 'CHARGER', name: 'Charger', price: '3.10' },
            { sku: 'CASE', name: 'Case', price: '5.25' },
          ],
          options: {},
          custom_fields: {},
          quantity: 2,
          postponed: false,
          // Extras sorted, so the key does not depend on their order.
          key: sha1('[2,null,[],["CASE","CHARGER"]]'),
          x_billing_plan_id: 5,
          is_trial_product: true,
          price: '42.35',
          subtotal: '84.70',
          discount: '0.00',
          total: '84.70',
          tax: '2.12', // 84.70 × 2.5 % = 2.1175
        },
        {
          position: 1,
          product_id: TEE,
          variant_id: TEE_M,
          related_id: null,
          extras: [],
          options: { Size: 'M' },
          // Values in their canonical text: the integer without padding, the boolean as 1.
          custom_fields: { gift_wrap: 'box', count: '42', urgent: '1' },
          quantity: 1, // the default
          postponed: false,
          key: sha1(`[${TEE},${TEE_M},[["Size","M"]],[]]`),
          x_billing_plan_id: null,
          is_trial_product: false,
          price: '18.50', // 21.00 (no tier below 2) − 2.50
          subtotal: '18.50',
          discount: '0.00',
          total: '18.50',
          tax: '2.06', // 18.50 × 11.1425 % = 2.0613625
        },
      ]);
    });

    it('gives equal lines the same key whatever the order of their options and extras, and different lines different keys', () => {
      const many = product({
        id: 9,
        base_price: '1.00',
        options: [
          ['A', ['1', '2']],
          ['B', ['1', '2']],
        ],
        extras: [
          ['X', 'X', '0.10'],
          ['Y', 'Y', '0.20'],
        ],
      });
      const { result } = price(context({ products: [many] }), [
        { product_id: 9, options: { A: '1', B: '2' }, extras: ['X', 'Y'] },
        { product_id: 9, options: { B: '2', A: '1' }, extras: ['Y', 'X'], quantity: 3 },
        { product_id: 9, options: { A: '2', B: '1' }, extras: ['X', 'Y'] },
        { product_id: 9, options: { A: '1' }, extras: ['X', 'Y'] },
      ]);
      const [a, b, c, d] = result.items.map((i) => i.key);
      expect(a).toBe(sha1('[9,null,[["A","1"],["B","2"]],["X","Y"]]'));
      expect(b).toBe(a);
      expect(new Set([a, c, d]).size).toBe(3);
    });

    it('prices no items as a quote of zeros', () => {
      expect(price(context({ who: { group: TRADE } }), [], coupon('fixed_amount', '10')).result).toEqual(NOTHING);
    });

    it('reads a context whose lists are null as empty', () => {
      // An unknown product is the one thing reported of its item.
      const item: QuoteItemInput = { product_id: WIDGET, custom_fields: { gift_wrap: 'box' }, x_billing_plan_id: 5 };
      expect(price(context({ products: null }), [item]).errors).toEqual({ 'items.0.product_id': ['does not exist'] });
      expect(price(context({ plans: null, cart_fields: null }), [item]).errors).toEqual({
        'items.0.custom_fields.gift_wrap': ['is not a custom field of carts'],
        'items.0.x_billing_plan_id': ['does not exist'],
      });
      // No rates: a taxable customer pays no tax.
      const { result } = price(context({ rates: null, who: {} }), [{ product_id: POSTER }]);
      expect(totals(result)).toEqual({ subtotal: '9.99', total_discount: '0.00', total_tax: '0.00', total: '9.99' });
    });
  });

  describe('unit price', () => {
    const unit = (ctx: PricingContext, items: QuoteItemInput[]) => prices(price(ctx, items).result);

    it('takes the tier with the largest quantity up to the item quantity, at its boundaries', () => {
      const widget = (quantity: number) => ({ product_id: WIDGET, quantity });
      // No group: below 5 the base 10.00; 5 to 9 → 9.00; from 10 → 8.00; the Charity 3 → 7.00 never.
      expect(unit(context(), [widget(1), widget(3), widget(4), widget(5), widget(9), widget(10), widget(1000)])).toEqual([
        '10.00',
        '10.00',
        '10.00',
        '9.00',
        '9.00',
        '8.00',
        '8.00',
      ]);
      // Trade: the group tier beats the null one at 5; a larger quantity beats the group tier at 10.
      expect(unit(context({ who: { group: TRADE } }), [widget(4), widget(5), widget(9), widget(10)])).toEqual([
        '10.00',
        '8.50',
        '8.50',
        '8.00',
      ]);
      // Charity: its own tier from 3; at 5 the larger quantity 5 → 9.00 beats it.
      expect(unit(context({ who: { group: CHARITY } }), [widget(2), widget(3), widget(4), widget(5)])).toEqual([
        '10.00',
        '7.00',
        '7.00',
        '9.00',
      ]);
    });

    it('prefers the group tier at equal quantity whichever comes first', () => {
      const groupFirst = product({
        id: 9,
        base_price: '10.00',
        tiers: [
          [5, '8.50', TRADE],
          [5, '9.00'],
        ],
      });
      const ctx = context({ products: [groupFirst], who: { group: TRADE } });
      expect(unit(ctx, [{ product_id: 9, quantity: 5 }])).toEqual(['8.50']);
      expect(unit(context({ products: [groupFirst] }), [{ product_id: 9, quantity: 5 }])).toEqual(['9.00']);
    });

    it("takes a variant's own price and tiers, else the product's price but never the product's tiers", () => {
      const tee = product({
        id: 9,
        base_price: '18.00',
        tiers: [[2, '1.00']],
        options: [['Size', ['S', 'M']]],
        variants: [
          { id: 91, options: { Size: 'S' } },
          { id: 92, options: { Size: 'M' }, base_price: '21.00', tiers: [[3, '19.50']] },
        ],
      });
      const ctx = context({ products: [tee] });
      expect(
        unit(ctx, [
          { product_id: 9, quantity: 5, options: { Size: 'S' } }, // product price; the product's 2 → 1.00 does not apply
          { product_id: 9, quantity: 2, options: { Size: 'M' } }, // the variant's price
          { product_id: 9, quantity: 3, options: { Size: 'M' } }, // the variant's tier
        ]),
      ).toEqual(['18.00', '21.00', '19.50']);
      // Tee M for a customer without group at 2: tier 2 → 20.00 − 2.50; the Trade tier at 3 is not theirs.
      expect(unit(context(), [{ product_id: TEE, quantity: 3, options: { Size: 'M' } }])).toEqual(['17.50']);
    });

    it('applies a sale after the tier: a price, an amount off, a percentage off, never below zero', () => {
      const sale = (id: number, rule: string | null, on = true, base = '10.00') =>
        product({ id, base_price: base, is_on_sale: on, sale_price_or_discount: rule, tiers: [[5, '8.00']] });
      const ctx = context({
        products: [
          sale(1, '7.25'),
          sale(2, '-2.50'),
          sale(3, '15%'),
          sale(4, '-12'),
          sale(5, '100%'),
          sale(6, '12.5%', false),
          sale(7, null),
          sale(8, 'half'),
          sale(9, '150%'),
        ],
      });
      const all = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({ product_id: id }));
      // 7.25; 10 − 2.50; 10 − 1.50; 10 − 12 < 0 → 0; 100 % off → 0; not on sale; on sale without a rule;
      // a rule that does not parse and a percentage over 100 are ignored.
      expect(unit(ctx, all)).toEqual(['7.25', '7.50', '8.50', '0.00', '0.00', '10.00', '10.00', '10.00', '10.00']);
      // At 5 the tier 8.00 is the price the sale applies to; a sale price replaces it.
      const five = all.map((i) => ({ ...i, quantity: 5 }));
      expect(unit(ctx, five)).toEqual(['7.25', '5.50', '6.80', '0.00', '0.00', '8.00', '8.00', '8.00', '8.00']);
    });

    it("takes the variant's sale flag even when it is off and the product is on sale", () => {
      const shirt = product({
        id: 9,
        base_price: '20.00',
        is_on_sale: true,
        sale_price_or_discount: '50%',
        options: [['Size', ['S', 'M']]],
        variants: [
          { id: 91, options: { Size: 'S' } },
          { id: 92, options: { Size: 'M' }, is_on_sale: true, sale_price_or_discount: '-1.00' },
        ],
      });
      expect(
        unit(context({ products: [shirt] }), [
          { product_id: 9, options: { Size: 'S' } },
          { product_id: 9, options: { Size: 'M' } },
        ]),
      ).toEqual(['20.00', '19.00']);
    });

    it('rounds a percentage sale to the cent half away from zero', () => {
      const at = (id: number, base: string) => product({ id, base_price: base, is_on_sale: true, sale_price_or_discount: '50%' });
      // 0.25 / 2 = 0.125 → 0.13 (half-even would give 0.12); 0.15 / 2 = 0.075 → 0.08; 9.99 × 0.85 = 8.4915 → 8.49.
      const ctx = context({
        products: [at(1, '0.25'), at(2, '0.15'), product({ id: 3, base_price: '9.99', is_on_sale: true, sale_price_or_discount: '15%' })],
      });
      expect(unit(ctx, [{ product_id: 1 }, { product_id: 2 }, { product_id: 3 }])).toEqual(['0.13', '0.08', '8.49']);
    });

    it('adds the chosen extras to the unit price, then multiplies by the quantity', () => {
      const { result } = price(context(), [
        { product_id: GADGET, quantity: 3, extras: ['STRAP', 'CASE', 'CHARGER'] },
        { product_id: GADGET, quantity: 1, extras: [] },
      ]);
      // 34.00 + 1.00 + 5.25 + 3.10 = 43.35 × 3 = 130.05; no extras 34.00.
      expect(amounts(result).lines.map(([p, s]) => [p, s])).toEqual([
        ['43.35', '130.05'],
        ['34.00', '34.00'],
      ]);
    });
  });

  describe('coupon', () => {
    const poster = (quantity: number): QuoteItemInput => ({ product_id: POSTER, quantity });

    it('splits a fixed amount over the lines by largest remainder', () => {
      const { result } = price(context({ who: { group: TRADE } }), mixed(), coupon('fixed_amount', '50'));
      // 5000 cents over 5100, 8470, 4950, 1800, 3996 (Σ 24316): 1048 r16832, 1741 r15844, 1017 r20628, 370 r3080,
      // 821 r16564; the 3 cents left go to lines 3, 1 and 5. Tax on 40.51, 67.29 (2.5 %), 39.32, 14.30, 31.74:
      // 4.51382675 → 4.51, 1.68225 → 1.68, 4.381231 → 4.38, 1.5933775 → 1.59, 3.5366295 → 3.54 (Σ 15.70).
      expect(amounts(result)).toEqual({
        lines: [
          ['8.50', '51.00', '10.49', '40.51', '4.51'],
          ['42.35', '84.70', '17.41', '67.29', '1.68'],
          ['16.50', '49.50', '10.18', '39.32', '4.38'],
          ['18.00', '18.00', '3.70', '14.30', '1.59'],
          ['9.99', '39.96', '8.22', '31.74', '3.54'],
        ],
        subtotal: '243.16',
        total_discount: '50.00',
        total_tax: '15.70',
        total: '208.86',
      });
    });

    it('gives an equal remainder to the earlier line', () => {
      const widget = { product_id: WIDGET };
      const { result } = price(context(), [widget, widget, widget], coupon('fixed_amount', '10'));
      expect(amounts(result)).toEqual({
        lines: [
          ['10.00', '10.00', '3.34', '6.66', '0.00'],
          ['10.00', '10.00', '3.33', '6.67', '0.00'],
          ['10.00', '10.00', '3.33', '6.67', '0.00'],
        ],
        subtotal: '30.00',
        total_discount: '10.00',
        total_tax: '0.00',
        total: '20.00',
      });
    });

    it('never discounts more than the subtotal, and a free line carries no tax', () => {
      const ctx = context({ who: { group: TRADE } });
      const huge = price(ctx, [poster(1), { product_id: WIDGET, quantity: 6 }], coupon('fixed_amount', '500')).result;
      expect(amounts(huge)).toEqual({
        lines: [
          ['9.99', '9.99', '9.99', '0.00', '0.00'],
          ['8.50', '51.00', '51.00', '0.00', '0.00'],
        ],
        subtotal: '60.99',
        total_discount: '60.99',
        total_tax: '0.00',
        total: '0.00',
      });
      expect(totals(price(ctx, [poster(3)], coupon('percentage', '100')).result)).toEqual({
        subtotal: '29.97',
        total_discount: '29.97',
        total_tax: '0.00',
        total: '0.00',
      });
      // A stored percentage is at most 100; were one larger, the line discount would still stop at its subtotal.
      expect(totals(price(ctx, [poster(3)], coupon('percentage', '150')).result).total_discount).toBe('29.97');
    });

    it('gives a free line no share of a fixed amount', () => {
      const free = product({ id: 9, base_price: '5.00', is_on_sale: true, sale_price_or_discount: '100%' });
      const ctx = context({ products: [...CATALOG, free] });
      const { result } = price(ctx, [{ product_id: 9 }, poster(1)], coupon('fixed_amount', '1'));
      expect(amounts(result).lines).toEqual([
        ['0.00', '0.00', '0.00', '0.00', '0.00'],
        ['9.99', '9.99', '1.00', '8.99', '0.00'],
      ]);
      // Only free lines: nothing to split.
      expect(totals(price(ctx, [{ product_id: 9, quantity: 2 }], coupon('fixed_amount', '1')).result)).toEqual({
        subtotal: '0.00',
        total_discount: '0.00',
        total_tax: '0.00',
        total: '0.00',
      });
    });

    it('rounds a percentage discount per line half away from zero', () => {
      const cheap = product({ id: 9, base_price: '0.25' });
      const { result } = price(
        context({ products: [cheap] }),
        [{ product_id: 9 }, { product_id: 9, quantity: 3 }],
        coupon('percentage', '50'),
      );
      // 0.25 × 50 % = 0.125 → 0.13 (half-even: 0.12); 0.75 × 50 % = 0.375 → 0.38.
      expect(amounts(result).lines.map(([, s, d, t]) => [s, d, t])).toEqual([
        ['0.25', '0.13', '0.12'],
        ['0.75', '0.38', '0.37'],
      ]);
      expect(totals(result)).toEqual({ subtotal: '1.00', total_discount: '0.51', total_tax: '0.00', total: '0.49' });
    });

    it('discounts the total before tax', () => {
      // Poster ×4 for a taxable customer, 10 % off: 39.96 − 4.00 (3.996) = 35.96; tax 35.96 × 11.1425 % = 4.006843 → 4.01.
      const { result } = price(context({ who: {} }), [poster(4)], coupon('percentage', '10'));
      expect(amounts(result)).toEqual({
        lines: [['9.99', '39.96', '4.00', '35.96', '4.01']],
        subtotal: '39.96',
        total_discount: '4.00',
        total_tax: '4.01',
        total: '39.97',
      });
    });

    describe('applies only while active and inside its window', () => {
      const NOW = new Date('2026-06-01T12:00:00.000Z');
      const at = (ms: number) => new Date(NOW.getTime() + ms);
      beforeEach(() => {
        jest.useFakeTimers({ now: NOW });
      });
      afterEach(() => {
        jest.useRealTimers();
      });
      const discount = (over: Partial<Coupon>) =>
        price(context({ who: {} }), [poster(4)], coupon('percentage', '50', over)).result.total_discount;

      it.each([
        ['without a window', {}, '19.98'],
        ['from its start, inclusive', { starts_at: at(0) }, '19.98'],
        ['up to a millisecond before its end', { ends_at: at(1) }, '19.98'],
        ['inside both bounds', { starts_at: at(-1), ends_at: at(1) }, '19.98'],
        ['not a millisecond before its start', { starts_at: at(1) }, '0.00'],
        ['not at its end (exclusive)', { ends_at: at(0) }, '0.00'],
        ['not once over', { starts_at: new Date('2020-01-01T00:00:00.000Z'), ends_at: new Date('2021-01-01T00:00:00.000Z') }, '0.00'],
        ['not when paused', { is_active: false }, '0.00'],
      ])('%s', (_name, over, expected) => {
        expect(discount(over)).toBe(expected);
      });

      it('prices a quote whose coupon does not apply as one without coupon', () => {
        const late = price(context({ who: {} }), [poster(4)], coupon('fixed_amount', '5', { ends_at: at(-1) })).result;
        // 39.96 + 39.96 × 11.1425 % = 4.452543 → 4.45.
        expect(late).toEqual(price(context({ who: {} }), [poster(4)]).result);
        expect(totals(late)).toEqual({ subtotal: '39.96', total_discount: '0.00', total_tax: '4.45', total: '44.41' });
      });
    });
  });

  describe('tax', () => {
    const items = (): QuoteItemInput[] => [
      { product_id: POSTER, quantity: 4 },
      { product_id: WIDGET, quantity: 3 },
    ];

    it('charges the rates of each class at the default shipping address, compound ones on the tax below them', () => {
      const { result } = price(context({ who: {} }), [...items(), { product_id: GADGET }]);
      // Poster (Standard): 39.96 × 11.1425 % = 4.452543 → 4.45. Widget ×3 (no class → Standard, no tier): 30.00 →
      // 3.34275 → 3.34. Gadget (Reduced, zip 90001 only): 34.00 × 2.5 % = 0.85. New York and 90002 do not match.
      expect(amounts(result)).toEqual({
        lines: [
          ['9.99', '39.96', '0.00', '39.96', '4.45'],
          ['10.00', '30.00', '0.00', '30.00', '3.34'],
          ['34.00', '34.00', '0.00', '34.00', '0.85'],
        ],
        subtotal: '103.96',
        total_discount: '0.00',
        total_tax: '8.64',
        total: '112.60',
      });
    });

    it('matches the location case-insensitively, part by part', () => {
      const shouting = { country_code: 'us', state_code: 'ca', postal_code: '90001', city: 'LOS ANGELES' };
      expect(price(context({ who: { address: shouting } }), [{ product_id: POSTER, quantity: 4 }]).result.total_tax).toBe('4.45');
      // Elsewhere in California: the state rate and the compound one, not the city's.
      // 39.96 × 7.25 % = 2.8971; (39.96 + 2.8971) × 1.5 % = 0.6428565; Σ 3.5399565 → 3.54.
      const sf = { ...LA, city: 'San Francisco', postal_code: '94103' };
      const { result } = price(context({ who: { address: sf } }), [{ product_id: POSTER, quantity: 4 }, { product_id: GADGET }]);
      expect(result.items.map((i) => i.tax)).toEqual(['3.54', '0.00']);
      // A part the address lacks matches only '*': no state, no zip, no city → the country-wide 1.5 % alone.
      const bare = { country_code: 'US', state_code: null, postal_code: null, city: null };
      // 39.96 × 1.5 % = 0.5994 → 0.60.
      expect(price(context({ who: { address: bare } }), [{ product_id: POSTER, quantity: 4 }]).result.total_tax).toBe('0.60');
    });

    it('charges none for a tax-exempt group, a customer without shipping address, or no customer', () => {
      // Charity (exempt) takes its tier: Poster 39.96, Widget ×3 → 7.00 = 21.00.
      const exempt = price(context({ who: { group: CHARITY, exempt: true } }), items()).result;
      expect(amounts(exempt)).toEqual({
        lines: [
          ['9.99', '39.96', '0.00', '39.96', '0.00'],
          ['7.00', '21.00', '0.00', '21.00', '0.00'],
        ],
        subtotal: '60.96',
        total_discount: '0.00',
        total_tax: '0.00',
        total: '60.96',
      });
      const none = { subtotal: '69.96', total_discount: '0.00', total_tax: '0.00', total: '69.96' };
      expect(totals(price(context({ who: { address: null } }), items()).result)).toEqual(none);
      expect(totals(price(context(), items()).result)).toEqual(none);
      // The same items for a taxable customer without group: 4.45 + 3.34.
      expect(totals(price(context({ who: {} }), items()).result)).toEqual({
        subtotal: '69.96',
        total_discount: '0.00',
        total_tax: '7.79',
        total: '77.75',
      });
    });

    it('takes the exemption from the customer priced for', () => {
      const ctx = context({ who: {} });
      const exempt: PricingCustomer = { id: 1, email: 'buyer@example.com', groupId: null, taxExempt: true };
      const bag = new FieldErrorBag();
      expect(new QuotePricer().price(ctx, items(), exempt, null, bag).total_tax).toBe('0.00');
    });

    it('charges none for a product without class when there is no default class', () => {
      const { result } = price(context({ who: {}, default_tax_class: null }), items());
      // The Poster names Standard: 4.45; the Widget has no class and nothing to fall back to.
      expect(result.items.map((i) => i.tax)).toEqual(['4.45', '0.00']);
    });

    it('rounds each item tax once, half away from zero, at the x.xx5 boundary', () => {
      const flat = (value: string) => context({ who: {}, default_tax_class: FLAT, rates: [rate(FLAT, value, {})] });
      const cents = (base: string) => product({ id: 9, base_price: base });
      const tax = (value: string, base: string, quantity = 1) =>
        price({ ...flat(value), products: [cents(base)] }, [{ product_id: 9, quantity }]).result.total_tax;
      expect(tax('0.5', '1.00')).toBe('0.01'); // 0.005 → 0.01 (half-even: 0.00)
      expect(tax('5', '0.50')).toBe('0.03'); // 0.025 → 0.03 (half-even: 0.02)
      expect(tax('5', '0.30')).toBe('0.02'); // 0.015 → 0.02
      expect(tax('0.4999', '1.00')).toBe('0.00'); // 0.004999 → 0.00
      expect(tax('2.5', '10.10')).toBe('0.25'); // 0.2525 → 0.25
      expect(tax('2.5', '10.30')).toBe('0.26'); // 0.2575 → 0.26
      // Two items of 1.00 at 0.5 %: 0.01 each, total 0.02 — rounded per item, not on the sum 0.010.
      const two = price({ ...flat('0.5'), products: [cents('1.00')] }, [{ product_id: 9 }, { product_id: 9 }]).result;
      expect(two.items.map((i) => i.tax)).toEqual(['0.01', '0.01']);
      expect(two.total_tax).toBe('0.02');
    });

    it('rounds the sum of an item’s rates once, not rate by rate', () => {
      // 1.00 at 0.4 % and 0.1 % at the same priority: 0.004 + 0.001 = 0.005 → 0.01; each rounded alone would make 0.00.
      const ctx = context({ who: {}, default_tax_class: FLAT, rates: [rate(FLAT, '0.4', {}), rate(FLAT, '0.1', {})] });
      expect(price({ ...ctx, products: [product({ id: 9, base_price: '1.00' })] }, [{ product_id: 9 }]).result.total_tax).toBe('0.01');
    });
  });

  describe('checks', () => {
    const errorsOf = (items: QuoteItemInput[], ctx = context()) => {
      const { result, errors } = price(ctx, items);
      // Nothing is priced when anything is wrong.
      expect(result).toEqual(NOTHING);
      return errors;
    };

    it('refuses a product that does not exist or is not enabled', () => {
      const off = product({ id: 9, base_price: '1.00', enabled: false });
      expect(errorsOf([{ product_id: 99 }, { product_id: 9 }, { product_id: WIDGET }], context({ products: [...CATALOG, off] }))).toEqual({
        'items.0.product_id': ['does not exist'],
        'items.1.product_id': ['is not enabled'],
      });
    });

    it('reports every problem of a disabled product, not only that', () => {
      const off = product({ id: 9, base_price: '1.00', enabled: false, extras: [['X', 'X', '1.00']] });
      expect(errorsOf([{ product_id: 9, extras: ['Y'] }], context({ products: [off] }))).toEqual({
        'items.0.product_id': ['is not enabled'],
        'items.0.extras': ['"Y" is not an extra of the product'],
      });
    });

    it('refuses options that are not the product’s, values that are not the option’s, and incomplete choices', () => {
      const plain = product({ id: 9, base_price: '1.00' });
      expect(
        errorsOf(
          [
            { product_id: TEE, options: { Colour: 'Red' } },
            { product_id: TEE, options: { Size: 'XL' } },
            { product_id: TEE, options: { Size: 1 } },
            { product_id: TEE },
            { product_id: 9, options: { Size: 'S' } },
          ],
          context({ products: [...CATALOG, plain] }),
        ),
      ).toEqual({
        'items.0.options': ['"Colour" is not an option of the product (options: Size)'],
        'items.1.options': ['"Size" must be one of: S, M'],
        'items.2.options': ['"Size" must be one of: S, M'],
        'items.3.options': ['must choose a value for every option of the product; missing: Size'],
        'items.4.options': ['"Size" is not an option of the product'],
      });
    });

    it('lets a product without variants take some of its options or none', () => {
      const engraved = product({
        id: 9,
        base_price: '1.00',
        options: [
          ['Font', ['Serif', 'Sans']],
          ['Colour', ['Gold']],
        ],
      });
      const { result, errors } = price(context({ products: [engraved] }), [
        { product_id: 9, options: { Font: 'Sans' } },
        { product_id: 9 },
      ]);
      expect(errors).toEqual({});
      expect(result.items.map((i) => [i.variant_id, i.options])).toEqual([
        [null, { Font: 'Sans' }],
        [null, {}],
      ]);
    });

    it('refuses a choice that selects a disabled variant, or none', () => {
      const tee = product({
        id: 9,
        base_price: '18.00',
        options: [
          ['Size', ['S', 'M']],
          ['Colour', ['Red', 'Blue']],
        ],
        variants: [
          { id: 91, options: { Size: 'S', Colour: 'Red' }, enabled: false },
          { id: 92, options: { Size: 'M', Colour: 'Red' } },
        ],
      });
      expect(
        errorsOf(
          [
            { product_id: 9, options: { Size: 'S', Colour: 'Red' } },
            { product_id: 9, options: { Size: 'M', Colour: 'Blue' } },
          ],
          context({ products: [tee] }),
        ),
      ).toEqual({
        'items.0.options': ['does not select an enabled variant of the product'],
        'items.1.options': ['does not select an enabled variant of the product'],
      });
      expect(
        price(context({ products: [tee] }), [{ product_id: 9, options: { Colour: 'Red', Size: 'M' } }]).result.items[0].variant_id,
      ).toBe(92);
    });

    it('refuses extras that are not the product’s, and a repeated extra', () => {
      expect(
        errorsOf([
          { product_id: GADGET, extras: ['CASE', 'GOLD', 'CASE'] },
          { product_id: WIDGET, extras: ['CASE'] },
        ]),
      ).toEqual({
        'items.0.extras': ['must not repeat an extra', '"GOLD" is not an extra of the product'],
        'items.1.extras': ['"CASE" is not an extra of the product'],
      });
    });

    it('refuses custom fields that carts do not have, and values their type does not take', () => {
      expect(
        errorsOf([
          {
            product_id: WIDGET,
            custom_fields: { colour: 'red', gift_wrap: 'bag', count: '4.5', urgent: 'maybe', ['__proto__']: 'x' },
          },
        ]),
      ).toEqual({
        'items.0.custom_fields.colour': ['is not a custom field of carts'],
        'items.0.custom_fields.gift_wrap': ['must be one of: paper, box'],
        'items.0.custom_fields.count': ['must be an integer'],
        'items.0.custom_fields.urgent': ['must be a boolean (true, false, 1 or 0)'],
        'items.0.custom_fields.__proto__': ['is not a custom field of carts'],
      });
    });

    it('refuses a billing plan that does not exist', () => {
      expect(errorsOf([{ product_id: WIDGET, x_billing_plan_id: 6 }])).toEqual({ 'items.0.x_billing_plan_id': ['does not exist'] });
    });

    it('reports every item’s problems at its own index, and prices none of them', () => {
      expect(
        errorsOf([{ product_id: WIDGET }, { product_id: GADGET, extras: ['GOLD'] }, { product_id: WIDGET }, { product_id: 99 }]),
      ).toEqual({
        'items.1.extras': ['"GOLD" is not an extra of the product'],
        'items.3.product_id': ['does not exist'],
      });
    });

    it('prices nothing when the request already has an error elsewhere', () => {
      const bag = new FieldErrorBag().add('name', 'is required');
      const { result, errors } = price(context(), [{ product_id: WIDGET }], null, bag);
      expect(result).toEqual(NOTHING);
      expect(errors).toEqual({ name: ['is required'] });
    });
  });

  describe('amounts that must fit their columns', () => {
    const YACHT = product({ id: 9, base_price: '9999999999.99', extras: [['GOLD', 'Gold plating', '9999999999.99']] });
    // 1099999.89 × 909091 = 999999999999.99 exactly, the largest line amount.
    const BIG = product({ id: 10, base_price: '1099999.89' });
    const PENNY = product({ id: 11, base_price: '0.01' });
    const ctx = context({ products: [...CATALOG, YACHT, BIG, PENNY] });
    const yacht = (quantity: number, extras: string[] = []): QuoteItemInput => ({ product_id: 9, quantity, extras });
    const big = (quantity: number): QuoteItemInput => ({ product_id: 10, quantity });

    it('refuses a unit price over 9999999999.99 at the extras that make it', () => {
      expect(price(ctx, [yacht(1, ['GOLD'])]).errors).toEqual({ 'items.0.extras': ['make the unit price larger than 9999999999.99'] });
      // The unit price is the first thing named: the subtotal of the same line is not reported too, nor the quote's.
      expect(price(ctx, [yacht(1000, ['GOLD']), yacht(60)]).errors).toEqual({
        'items.0.extras': ['make the unit price larger than 9999999999.99'],
      });
    });

    it('refuses a line subtotal over 999999999999.99 at its quantity, and takes one of exactly that', () => {
      expect(price(ctx, [{ product_id: POSTER }, yacht(1000)]).errors).toEqual({
        'items.1.quantity': ['makes the line subtotal larger than 999999999999.99'],
      });
      expect(price(ctx, [big(909092)]).errors).toEqual({
        'items.0.quantity': ['makes the line subtotal larger than 999999999999.99'],
      });
      const { result, errors } = price(ctx, [big(909091)]);
      expect(errors).toEqual({});
      expect(totals(result)).toEqual({
        subtotal: '999999999999.99',
        total_discount: '0.00',
        total_tax: '0.00',
        total: '999999999999.99',
      });
      // The largest unit price, 99 times: 989999999999.01.
      expect(amounts(price(ctx, [yacht(99)]).result).lines).toEqual([
        ['9999999999.99', '989999999999.01', '0.00', '989999999999.01', '0.00'],
      ]);
    });

    it('refuses a quote subtotal over 999999999999.99 at the items', () => {
      // 60 × 9999999999.99 = 599999999999.40, twice: 1199999999998.80.
      expect(price(ctx, [yacht(60), yacht(60)]).errors).toEqual({ items: ['make the quote subtotal larger than 999999999999.99'] });
      expect(price(ctx, [big(909091), { product_id: 11 }]).errors).toEqual({
        items: ['make the quote subtotal larger than 999999999999.99'],
      });
    });

    it('refuses a quote total over 999999999999.99 once tax is added, unless a discount makes room', () => {
      const taxed = { ...ctx, customer: context({ who: {} }).customer, default_tax_class: FLAT, rates: [rate(FLAT, '1', {})] };
      // 999999999999.99 + 1 % tax: over.
      expect(price(taxed, [big(909091)]).errors).toEqual({ items: ['make the quote total larger than 999999999999.99'] });
      // 99 yachts: 989999999999.01 + 9899999999.99 (9899999999.9901) = 999899999999.00: fits.
      const { result, errors } = price(taxed, [yacht(99)]);
      expect(errors).toEqual({});
      expect(totals(result)).toEqual({
        subtotal: '989999999999.01',
        total_discount: '0.00',
        total_tax: '9899999999.99',
        total: '999899999999.00',
      });
      // A 1 % coupon: 989999999999.99 + 9899999999.9999 (→ 9900000000.00) = 999899999999.99.
      const off = price(taxed, [big(909091)], coupon('percentage', '1'));
      expect(off.errors).toEqual({});
      expect(totals(off.result)).toEqual({
        subtotal: '999999999999.99',
        total_discount: '10000000000.00',
        total_tax: '9900000000.00',
        total: '999899999999.99',
      });
    });
  });
});

describe('QuotePricer.checkEmails', () => {
  it('reports each address that is not one at its index and keeps the strings', () => {
    const bag = new FieldErrorBag();
    expect(QuotePricer.checkEmails(['a@example.com', 7, 'nope', null, 'b@example.com'], bag)).toEqual([
      'a@example.com',
      'nope',
      'b@example.com',
    ]);
    expect({ ...bag.errors }).toEqual({
      'customer_emails.1': ['must be an e-mail address'],
      'customer_emails.2': ['must be an e-mail address'],
      'customer_emails.3': ['must be an e-mail address'],
    });
  });

  it('refuses an address with spaces around it rather than trimming it', () => {
    // The trim of the kept strings never changes a valid address: isEmail refuses surrounding spaces.
    const bag = new FieldErrorBag();
    expect(QuotePricer.checkEmails([' a@example.com', 'b@example.com '], bag)).toEqual(['a@example.com', 'b@example.com']);
    expect({ ...bag.errors }).toEqual({
      'customer_emails.0': ['must be an e-mail address'],
      'customer_emails.1': ['must be an e-mail address'],
    });
  });

  it('takes an empty list', () => {
    const bag = new FieldErrorBag();
    expect(QuotePricer.checkEmails([], bag)).toEqual([]);
    expect(bag.empty).toBe(true);
  });
});

describe('pricingCustomer', () => {
  it("is the context's customer as pricing sees it, or null", () => {
    expect(pricingCustomer(context({ who: { id: 4, group: TRADE, exempt: true } }))).toEqual({
      id: 4,
      email: 'buyer@example.com',
      groupId: TRADE,
      taxExempt: true,
    });
    expect(pricingCustomer(context())).toBeNull();
  });
});
