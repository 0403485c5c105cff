import { Decimal } from 'decimal.js';
import { roundCents, toDecimal } from '../../../common/money/money.js';

export interface PriceTierInput {
  customer_group_id: number | null;
  quantity: number;
  price: string;
}

/** Price tiers as resolveUnitPrice takes them, from tier rows (entities or the read queries' JSON). */
export const tierInputs = (rows: readonly PriceTierInput[] | undefined): PriceTierInput[] =>
  (rows ?? []).map((t) => ({ customer_group_id: t.customer_group_id, quantity: t.quantity, price: t.price }));

export interface PriceSource {
  base_price: string | null;
  is_on_sale: boolean;
  sale_price_or_discount: string | null;
  tiers: PriceTierInput[];
}

/** `value` is always non-negative: for 'amount_off' it is the amount subtracted. */
export interface SaleRule {
  kind: 'price' | 'amount_off' | 'percent_off';
  value: Decimal;
}

const SALE_PRICE = /^\d+(\.\d+)?$/; // "12.00"
const AMOUNT_OFF = /^-(\d+(\.\d+)?)$/; // "-2.50"
const PERCENT_OFF = /^(\d+(\.\d+)?)%$/; // "15%", "12.5%"

export function parseSaleRule(s: string): SaleRule | null {
  const rule = s.trim();
  if (SALE_PRICE.test(rule)) return { kind: 'price', value: toDecimal(rule) };
  const off = AMOUNT_OFF.exec(rule);
  if (off) return { kind: 'amount_off', value: toDecimal(off[1]) };
  const pct = PERCENT_OFF.exec(rule);
  if (pct) {
    const value = toDecimal(pct[1]);
    return value.lte(100) ? { kind: 'percent_off', value } : null;
  }
  return null;
}

export function isValidSaleRule(s: string): boolean {
  return parseSaleRule(s) !== null;
}

function bestTier(tiers: PriceTierInput[], quantity: number, groupId: number | null): PriceTierInput | null {
  let best: PriceTierInput | null = null;
  for (const tier of tiers) {
    if (tier.quantity > quantity) continue;
    if (tier.customer_group_id !== null && tier.customer_group_id !== groupId) continue;
    const better =
      best === null ||
      tier.quantity > best.quantity ||
      (tier.quantity === best.quantity && best.customer_group_id === null && tier.customer_group_id !== null);
    if (better) best = tier;
  }
  return best;
}

function applySale(price: Decimal, rule: SaleRule): Decimal {
  switch (rule.kind) {
    case 'price':
      return rule.value;
    case 'amount_off':
      return price.minus(rule.value);
    case 'percent_off':
      return price.minus(price.times(rule.value).div(100));
  }
}

/** docs/api.md#quote-pricing steps 1–3: base price, price tier, sale. */
export function resolveUnitPrice(args: {
  product: PriceSource & { base_price: string };
  variant?: PriceSource | null;
  quantity: number;
  customerGroupId: number | null;
}): Decimal {
  const { product, quantity, customerGroupId } = args;
  const variant = args.variant ?? null;

  // docs/api.md#quote-pricing step 2: variant tiers for a variant, product tiers otherwise (no fallback between them).
  const tiers = variant ? variant.tiers : product.tiers;
  const tier = bestTier(tiers, quantity, customerGroupId);
  let price = toDecimal(tier ? tier.price : (variant?.base_price ?? product.base_price));

  // The sale flag belongs to whatever is being bought: a variant's own flag wins even when false.
  const sale = variant ?? product;
  const rule = sale.is_on_sale && sale.sale_price_or_discount !== null ? parseSaleRule(sale.sale_price_or_discount) : null;
  if (rule) {
    const onSale = applySale(price, rule);
    price = onSale.isNegative() ? toDecimal(0) : onSale;
  }

  return roundCents(price);
}
