import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { nextNumberSql } from '../../database/sql/counters.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
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
 * Every statement of the subscriptions module: subscriptions and their products. The customers,
 * billing plans and catalog rows they refer to are their modules' to read (CustomersService,
 * BillingPlansService, ProductPricesService).
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

  /** The next subscription number of the store (`S` + its sequence): numbers are never reused. */
  @GenerateSql()
  async nextNumber(m: EntityManager): Promise<string> {
    const [{ seq }] = await runStatement<{ seq: string }>(m, `SELECT ${nextNumberSql('subscription')}::text AS seq`, []);
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
}
