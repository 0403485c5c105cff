import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { decodeRows, jsonArraySql, jsonRowDecoder, jsonRowSql } from '../../../database/sql/json.js';
import { SqlParams } from '../../../database/sql/params.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { type ProductPricingRow, ProductsRepository } from '../../catalog/products/products.repository.js';
import { CustomFieldDefinition } from '../../custom-fields/custom-field-definition.entity.js';
import type { Coupon } from '../../customers/coupons/coupon.entity.js';
import { CustomersRepository } from '../../customers/customers.repository.js';
import type { TaxRate } from '../../tax/tax-rate.entity.js';
import { TaxRepository } from '../../tax/tax.repository.js';
import { QuoteItem } from '../quote-item.entity.js';
import { tableOf } from '../../../database/table.js';

export type { ProductPricingRow };

/** The place of a customer's default shipping address, as tax rates match it. */
export interface ShippingPlace {
  country_code: string;
  state_code: string | null;
  postal_code: string | null;
  city: string | null;
}

/**
 * Everything pricing and checking a quote write reads, from one statement: the products of the
 * items (tiers, live options, variants with tiers, extras), the customer with its group's tax
 * exemption and default shipping address, billing plans, cart custom fields, the default tax
 * class and the rates of the classes involved, the coupon, and customer groups by api_code.
 */
export interface PricingContext {
  products: ProductPricingRow[] | null;
  customer: { id: number; email: string; group_id: number | null; tax_exempt: boolean; address: ShippingPlace | null } | null;
  plans: number[] | null;
  cart_fields: CustomFieldDefinition[] | null;
  default_tax_class: number | null;
  rates: TaxRate[] | null;
  coupon: Coupon | null;
  groups: { id: number; api_code: string }[] | null;
}

/** What the pricing context is read for; on PATCH, `null` members fall back to the locked quote's own. */
export interface PricingArgs {
  /** Products of the items sent; null: of the quote's stored items (PATCH without items). */
  productIds: number[] | null;
  /** The customer; undefined: the quote's own (PATCH without customer_id). */
  customerId?: number | null;
  planIds: number[];
  cartFields: boolean;
  /** The coupon code; undefined: the quote's own (PATCH without coupon_code). */
  couponCode?: string | null;
  groupCodes: string[];
}

/** @GenerateSql examples: a new quote with every part of the context. */
export const PRICING_ARGS_EXAMPLE: PricingArgs = {
  productIds: [1, 2],
  customerId: 1,
  planIds: [1],
  cartFields: true,
  couponCode: 'WELCOME10',
  groupCodes: ['trade'],
};

/** @GenerateSql examples: PATCH with neither items, customer nor coupon (the quote's own are read). */
export const LOCKED_EXAMPLE: PricingArgs = { productIds: null, planIds: [], cartFields: false, groupCodes: [] };

/**
 * The pricing context: one SELECT list assembled from the fragments of the modules whose tables it
 * reads (catalog: products; customers: the customer, billing plans, coupon, groups; tax: default
 * class and rates), read on its own for a new quote or with the locked quote on PATCH (see
 * QuoteWritesRepository.lockWithContext).
 */
@Injectable()
export class PricingContextRepository {
  /**
   * A pricing context as its statement returned it (contextSelect's columns), with every timestamp
   * as a Date (in place): what each fragment's module decodes, and the cart fields.
   */
  readonly decodeContext: <C extends PricingContext>(context: C) => C;

  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly customers: CustomersRepository,
    private readonly tax: TaxRepository,
  ) {
    const definition = jsonRowDecoder(dataSource, CustomFieldDefinition);
    this.decodeContext = (c) => {
      products.decodePricing(c.products);
      decodeRows(c.cart_fields, definition);
      decodeRows(c.rates, tax.decodeRate);
      if (c.coupon) customers.decodeCoupon(c.coupon);
      return c;
    };
  }

  /** The pricing context of a new quote, in one statement. */
  @GenerateSql(
    { name: 'with every part', args: [SqlArg.manager, PRICING_ARGS_EXAMPLE] },
    {
      name: 'without cart fields',
      args: [SqlArg.manager, { productIds: [], customerId: null, planIds: [], cartFields: false, couponCode: null, groupCodes: [] }],
    },
  )
  async pricingContext(m: EntityManager, args: PricingArgs): Promise<PricingContext> {
    const select = this.contextSelect(args, null, []);
    const [row] = await runStatement<PricingContext>(m, `SELECT ${select.sql}`, select.params);
    return this.decodeContext(row);
  }

  /**
   * The SELECT list of the pricing context for a statement whose parameters so far are `before`;
   * returns it with the statement's parameters, theirs first. `locked` names a CTE of that
   * statement holding the locked quote (PATCH): members of `args` left out (null productIds,
   * undefined customerId or couponCode) are then the quote's own.
   */
  @GenerateSql(
    { name: 'a new quote', args: [PRICING_ARGS_EXAMPLE, null, []] },
    { name: "the locked quote's own items, customer and coupon", args: [LOCKED_EXAMPLE, 'cur', [1, '1']] },
  )
  contextSelect(args: PricingArgs, locked: string | null, before: unknown[]): { sql: string; params: unknown[] } {
    const p = new SqlParams();
    for (const value of before) p.add(value);
    const productIds =
      args.productIds !== null || !locked
        ? `${p.add(args.productIds ?? [])}::int[]`
        : `ARRAY(SELECT si.product_id FROM ${tableOf(this.dataSource, QuoteItem)} si WHERE si.quote_id = (SELECT id FROM ${locked}))`;
    const customerId =
      args.customerId !== undefined || !locked ? `${p.add(args.customerId ?? null)}::int` : `(SELECT customer_id FROM ${locked})`;
    const coupon =
      args.couponCode !== undefined || !locked ? `${p.add(args.couponCode ?? null)}::text` : `(SELECT coupon_code FROM ${locked})`;
    const plans = `${p.add(args.planIds)}::int[]`;
    const groups = `${p.add(args.groupCodes)}::text[]`;
    const sql = `${this.products.pricingJsonSql(productIds)} AS products, ${this.customers.pricingCustomerSql(customerId)} AS customer,
      ${this.customers.billingPlanIdsSql(plans)} AS plans, ${args.cartFields ? this.cartFieldsSql() : 'NULL::json'} AS cart_fields,
      ${this.tax.defaultClassIdSql()} AS default_tax_class, ${this.tax.ratesJsonSql(this.products.taxClassIdsSql(productIds))} AS rates,
      ${this.customers.couponByCodeSql(coupon)} AS coupon, ${this.customers.groupsByApiCodeSql(groups)} AS groups`;
    return { sql, params: p.values };
  }

  /**
   * The custom fields of carts, in display order. Kept here rather than borrowed from the
   * custom-fields module: it is the one read of its table the quotes make, and that module has no
   * fragment for it.
   */
  private cartFieldsSql(): string {
    const d = jsonRowSql(this.dataSource, CustomFieldDefinition, 'd');
    return `(SELECT ${jsonArraySql(d, 'd.sort_order, d.id')} FROM ${tableOf(this.dataSource, CustomFieldDefinition)} d WHERE d.entity = 'cart')`;
  }
}
