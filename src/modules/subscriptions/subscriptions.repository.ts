import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
import { ProductPriceTier } from '../catalog/product-price-tier.entity.js';
import { ProductVariant } from '../catalog/product-variant.entity.js';
import { Product } from '../catalog/product.entity.js';
import { VariantPriceTier } from '../catalog/variant-price-tier.entity.js';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { SubscriptionProduct } from './subscription-product.entity.js';
import { Subscription } from './subscription.entity.js';

/** Column values of a checked, priced subscription product (the subscription id is added on insert). */
export interface PreparedItem {
  product_id: number;
  variant_id: number | null;
  quantity: number;
  price: string;
}

/**
 * Every statement of the subscriptions module: subscriptions, their products, and the reads of the
 * customers, billing plans and catalog rows they refer to (existence checks, embeds, prices).
 */
@Injectable()
export class SubscriptionsRepository {
  /** `{id|number}`: digits are the id first, then the number (`S1001`), compared as stored (plain unique index). */
  readonly subscriptions: Table<Subscription>;
  /** `{id}` only, within the subscription of the path. */
  readonly products: Table<SubscriptionProduct>;

  constructor(dataSource: DataSource) {
    this.subscriptions = new Table(dataSource, Subscription, { alt: 'number', label: 'Subscription' });
    this.products = new Table(dataSource, SubscriptionProduct, { alt: null, label: 'Subscription product' });
  }

  /** The database clock, so a defaulted started_at equals created_at. */
  @GenerateSql()
  async now(m: EntityManager): Promise<Date> {
    const [{ now }] = await runStatement<{ now: Date }>(m, 'SELECT now() AS now', []);
    return now;
  }

  /** The next subscription number (`S` + the sequence): numbers are never reused. */
  @GenerateSql()
  async nextNumber(m: EntityManager): Promise<string> {
    const [{ seq }] = await runStatement<{ seq: string }>(m, `SELECT nextval('subscription_number_seq')::text AS seq`, []);
    return `S${seq}`;
  }

  /** The products of many subscriptions, in id order, in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  productsOf(m: EntityManager, subscriptionIds: number[]): Promise<SubscriptionProduct[]> {
    return this.products.whereIn(m, 'subscription_id', subscriptionIds);
  }

  /** Adds priced products to a subscription in one statement, returning the stored rows. */
  @GenerateSql({ args: [SqlArg.manager, 1, [{ product_id: 1, variant_id: null, quantity: 2, price: '9.50' }]] })
  async insertProducts(m: EntityManager, subscriptionId: number, items: PreparedItem[]): Promise<SubscriptionProduct[]> {
    if (items.length === 0) return [];
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(SubscriptionProduct)
      .values(items.map((item) => ({ ...item, subscription_id: subscriptionId })))
      .returning('*')
      .execute();
    return (result.raw as SubscriptionProduct[]).map((row) => m.create(SubscriptionProduct, row));
  }

  @GenerateSql({ args: [SqlArg.manager, 1] })
  customer(m: EntityManager, id: number): Promise<Customer | null> {
    return m.getRepository(Customer).findOneBy({ id });
  }

  /** The group whose prices apply to the customer, or null (no group, or no such customer). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async customerGroupOf(m: EntityManager, customerId: number): Promise<number | null> {
    const row = await m.getRepository(Customer).findOne({ select: { id: true, customer_group_id: true }, where: { id: customerId } });
    return row?.customer_group_id ?? null;
  }

  /** Customers by id (embeds); unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  customersByIds(m: EntityManager, ids: number[]): Promise<Customer[]> {
    return m.getRepository(Customer).find({ where: { id: In(ids) } });
  }

  @GenerateSql({ args: [SqlArg.manager, 1] })
  billingPlan(m: EntityManager, id: number): Promise<BillingPlan | null> {
    return m.getRepository(BillingPlan).findOneBy({ id });
  }

  /** The plan a subscription refers to (its foreign key guarantees it exists). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  planOfSubscription(m: EntityManager, billingPlanId: number): Promise<BillingPlan> {
    return m.getRepository(BillingPlan).findOneByOrFail({ id: billingPlanId });
  }

  @GenerateSql({ args: [SqlArg.manager, 1] })
  billingPlanExists(m: EntityManager, id: number): Promise<boolean> {
    return m.getRepository(BillingPlan).existsBy({ id });
  }

  /** Billing plans by id (embeds); unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  billingPlansByIds(m: EntityManager, ids: number[]): Promise<BillingPlan[]> {
    return m.getRepository(BillingPlan).find({ where: { id: In(ids) } });
  }

  /** Catalog products by id (existence and prices of the products added); unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  catalogProducts(m: EntityManager, ids: number[]): Promise<Product[]> {
    return m.getRepository(Product).find({ where: { id: In(ids) } });
  }

  /** Catalog variants by id; unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  catalogVariants(m: EntityManager, ids: number[]): Promise<ProductVariant[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return m.getRepository(ProductVariant).find({ where: { id: In(ids) } });
  }

  /** The price tiers of these products. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  productPriceTiers(m: EntityManager, productIds: number[]): Promise<ProductPriceTier[]> {
    return m.getRepository(ProductPriceTier).find({ where: { product_id: In(productIds) } });
  }

  /** The price tiers of these variants. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  variantPriceTiers(m: EntityManager, variantIds: number[]): Promise<VariantPriceTier[]> {
    if (variantIds.length === 0) return Promise.resolve([]);
    return m.getRepository(VariantPriceTier).find({ where: { variant_id: In(variantIds) } });
  }
}
