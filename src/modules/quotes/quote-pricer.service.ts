import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { isEmailAddress } from '../../common/validation/email.js';
import type { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { findVariant, selectionError } from '../catalog/domain/option-selection.js';
import { resolveUnitPrice, tierInputs } from '../catalog/domain/unit-price.js';
import { type ProductPricing, variantPricing } from '../catalog/products/products.service.js';
import { normalizeFieldValue } from '../custom-fields/domain/field-value.js';
import { isCouponApplicable } from '../customers/coupons/domain/coupon-rules.js';
import { type TaxRateInput, matchingRates, taxRateInput } from '../tax/domain/tax.js';
import { type CouponInput, type PricedLineInput, type QuoteTotals, priceQuote } from './domain/quote-pricing.js';
import type { QuoteItemInput } from './dto/quote.input.js';
import type { QuoteItem, QuoteItemExtra } from './quote-item.entity.js';
import type { Coupon } from '../customers/coupons/coupon.entity.js';
import type { PricingContext } from './repositories/pricing-context.repository.js';

const UNIT_MAX = new Decimal('9999999999.99');
const AMOUNT_MAX = new Decimal('999999999999.99');

/** An item as it will be stored, prices included. */
export type PricedItem = Omit<
  QuoteItem,
  'id' | 'quote_id' | 'quote' | 'product' | 'variant' | 'billing_plan' | 'created_at' | 'updated_at'
>;

export interface PricedQuote {
  items: PricedItem[];
  subtotal: string;
  total_discount: string;
  total_tax: string;
  total: string;
}

/** The customer a quote is for, as pricing sees it. */
export interface PricingCustomer {
  id: number;
  email: string;
  groupId: number | null;
  taxExempt: boolean;
}

/**
 * Turns item input into priced items (docs/api.md#quote-pricing): checks every item against the catalog of the
 * pricing context, reporting problems at `items.N.<field>`, then prices them with the pure domain
 * rules. It reads nothing itself: the context is one statement for any number of items.
 */
@Injectable()
export class QuotePricer {
  /** `customer_emails` checked one by one, so a bad address is reported at its index. */
  static checkEmails(emails: unknown[], bag: FieldErrorBag): string[] {
    emails.forEach((e, i) => {
      if (!isEmailAddress(e)) bag.add(`customer_emails.${i}`, 'must be an e-mail address');
    });
    return emails.filter((e): e is string => typeof e === 'string').map((e) => e.trim());
  }

  /**
   * Prices items from a pricing context read beforehand (PricingContextRepository): no query here.
   * `customer` and `coupon` are the quote's as they will be stored.
   */
  price(
    ctx: PricingContext,
    items: QuoteItemInput[],
    customer: PricingCustomer | null,
    coupon: Coupon | null,
    bag: FieldErrorBag,
  ): PricedQuote {
    const products = pricingProducts(ctx);
    const plans = new Set(ctx.plans ?? []);
    const cartFields = new Map((ctx.cart_fields ?? []).map((d) => [d.name, d]));

    const lines: { item: PricedItem; taxClassId: number | null; unit: Decimal; extras: Decimal[] }[] = [];
    items.forEach((input, n) => {
      const at = (field: string) => `items.${n}.${field}`;
      const product = products.get(input.product_id);
      if (!product) {
        bag.add(at('product_id'), 'does not exist');
        return;
      }
      if (!product.enabled) bag.add(at('product_id'), 'is not enabled');
      const quantity = input.quantity ?? 1;

      const selection = input.options ?? {};
      let variant = null;
      const optionError = selectionError(product.options, selection, product.variants.length > 0);
      if (optionError) bag.add(at('options'), optionError);
      else if (product.variants.length > 0) {
        variant = findVariant(
          product.variants.filter((v) => v.enabled),
          selection as Record<string, string>,
        );
        if (!variant) bag.add(at('options'), 'does not select an enabled variant of the product');
      }

      const extras: QuoteItemExtra[] = [];
      const skus = input.extras ?? [];
      if (new Set(skus).size !== skus.length) bag.add(at('extras'), 'must not repeat an extra');
      for (const sku of skus) {
        const extra = product.extras.find((e) => e.sku === sku);
        if (extra) extras.push({ sku: extra.sku, name: extra.name, price: extra.price });
        else bag.add(at('extras'), `"${sku}" is not an extra of the product`);
      }

      const customFields: Record<string, string> = {};
      for (const [name, raw] of Object.entries(input.custom_fields ?? {})) {
        const definition = cartFields.get(name);
        if (!definition) {
          bag.add(at(`custom_fields.${name}`), 'is not a custom field of carts');
          continue;
        }
        const value = normalizeFieldValue(definition, raw);
        if (value.ok) customFields[name] = value.value;
        else bag.add(at(`custom_fields.${name}`), value.message);
      }

      const planId = input.x_billing_plan_id ?? null;
      if (planId !== null && !plans.has(planId)) bag.add(at('x_billing_plan_id'), 'does not exist');
      if (!bag.empty) return;

      const unit = resolveUnitPrice({ product, variant, quantity, customerGroupId: customer?.groupId ?? null });
      lines.push({
        taxClassId: product.tax_class_id,
        unit,
        extras: extras.map((e) => new Decimal(e.price)),
        item: {
          position: n,
          product_id: product.id,
          variant_id: variant?.id ?? null,
          related_id: null,
          extras,
          options: selection as Record<string, string>,
          custom_fields: customFields,
          quantity,
          postponed: false,
          key: lineKey(product.id, variant?.id ?? null, selection, skus),
          x_billing_plan_id: planId,
          is_trial_product: input.is_trial_product ?? false,
          price: '0',
          subtotal: '0',
          discount: '0',
          total: '0',
          tax: '0',
        },
      });
    });
    if (!bag.empty) return { items: [], subtotal: '0.00', total_discount: '0.00', total_tax: '0.00', total: '0.00' };

    const rates = taxRates(
      ctx,
      customer,
      lines.map((l) => l.taxClassId),
    );
    const terms: CouponInput | null =
      coupon && isCouponApplicable(coupon, new Date())
        ? { discount_type: coupon.discount_type, discount_value: coupon.discount_value }
        : null;
    const priced = priceQuote(
      lines.map<PricedLineInput>((l) => ({
        unitPrice: l.unit,
        extrasPrices: l.extras,
        quantity: l.item.quantity,
        taxRates: rates(l.taxClassId),
      })),
      terms,
    );
    this.checkFits(priced, bag);
    return {
      items: lines.map((l, n) => ({
        ...l.item,
        position: n,
        price: priced.lines[n].price.toFixed(2),
        subtotal: priced.lines[n].subtotal.toFixed(2),
        discount: priced.lines[n].discount.toFixed(2),
        total: priced.lines[n].total.toFixed(2),
        tax: priced.lines[n].tax.toFixed(2),
      })),
      subtotal: priced.subtotal.toFixed(2),
      total_discount: priced.total_discount.toFixed(2),
      total_tax: priced.total_tax.toFixed(2),
      total: priced.total.toFixed(2),
    };
  }

  /**
   * Amounts must fit their columns (a unit price numeric(12,2), line and quote amounts numeric(14,2));
   * the error names what made them too large rather than leaving it to the database. Every item was
   * priced, in input order, so line n is `items.n`.
   */
  private checkFits(priced: QuoteTotals, bag: FieldErrorBag): void {
    priced.lines.forEach((line, n) => {
      if (line.price.gt(UNIT_MAX)) bag.add(`items.${n}.extras`, `make the unit price larger than ${UNIT_MAX.toFixed(2)}`);
      else if (line.subtotal.gt(AMOUNT_MAX)) bag.add(`items.${n}.quantity`, `makes the line subtotal larger than ${AMOUNT_MAX.toFixed(2)}`);
    });
    if (!bag.empty) return;
    if (priced.subtotal.gt(AMOUNT_MAX)) bag.add('items', `make the quote subtotal larger than ${AMOUNT_MAX.toFixed(2)}`);
    else if (priced.total.gt(AMOUNT_MAX)) bag.add('items', `make the quote total larger than ${AMOUNT_MAX.toFixed(2)}`);
  }
}

/** The customer of a pricing context as pricing sees it. */
export function pricingCustomer(ctx: PricingContext): PricingCustomer | null {
  const c = ctx.customer;
  return c ? { id: c.id, email: c.email, groupId: c.group_id, taxExempt: c.tax_exempt } : null;
}

/** The products of a pricing context in the shape resolveUnitPrice and the checks take. */
function pricingProducts(ctx: PricingContext): Map<number, ProductPricing> {
  return new Map(
    (ctx.products ?? []).map(({ row: p, tiers, options, variants, extras }) => [
      p.id,
      {
        id: p.id,
        base_price: p.base_price,
        is_on_sale: p.is_on_sale,
        sale_price_or_discount: p.sale_price_or_discount,
        tiers: tierInputs(tiers),
        enabled: p.enabled,
        tax_class_id: p.tax_class_id,
        options: options.map((o) => ({ name: o.name, values: o.values })),
        variants: variants.map(({ row: v, tiers: vt }) => variantPricing(v, vt)),
        extras: extras.map((e) => ({ sku: e.sku, name: e.name, price: e.price })),
      },
    ]),
  );
}

/**
 * The rates that apply to each tax class at the customer's default shipping address; none for a
 * quote without customer or address, or for a tax-exempt group.
 */
function taxRates(
  ctx: PricingContext,
  customer: PricingCustomer | null,
  classIds: (number | null)[],
): (classId: number | null) => TaxRateInput[] {
  const address = ctx.customer?.address;
  if (!customer || customer.taxExempt || classIds.length === 0 || !address) return () => [];
  const fallback = ctx.default_tax_class;
  const byClass = new Map<number, TaxRateInput[]>();
  for (const r of ctx.rates ?? []) {
    const list = byClass.get(r.tax_class_id) ?? [];
    list.push(taxRateInput(r));
    byClass.set(r.tax_class_id, list);
  }
  const location = { country: address.country_code, state: address.state_code, zip: address.postal_code, city: address.city };
  return (classId) => {
    const id = classId ?? fallback;
    return id === null ? [] : matchingRates(byClass.get(id) ?? [], location);
  };
}

/** Identifies what a line is (product, variant, options, extras), e.g. to merge equal lines in a cart. */
function lineKey(productId: number, variantId: number | null, options: Record<string, unknown>, extras: string[]): string {
  const canonical = JSON.stringify([productId, variantId, Object.entries(options).sort(), [...extras].sort()]);
  return createHash('sha1').update(canonical).digest('hex');
}
