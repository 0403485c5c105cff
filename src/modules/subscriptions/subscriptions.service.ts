import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { insertReturning, updateReturning } from '../../database/sql/write.js';
import { type EmbedSelection, parseEmbed } from '../../common/embed/embed.js';
import { ApiError, FieldErrorBag } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { presentBillingPlan } from '../customers/billing-plans/billing-plans.presenter.js';
import { Customer } from '../customers/customer.entity.js';
import { presentCustomer } from '../customers/customers.presenter.js';
import { firstPeriod, planChangeError, renewError, renewal, statusChangeError } from './domain/subscription-state.js';
import type { SubscriptionCreate, SubscriptionListQuery, SubscriptionPatch } from './dto/subscription.input.js';
import { SUBSCRIPTION_PRODUCT_EMBEDS, SubscriptionProductsService } from './subscription-products.service.js';
import { Subscription } from './subscription.entity.js';
import { findSubscription } from './subscription-keys.js';
import { presentSubscription } from './subscriptions.presenter.js';

const EMBEDS = { customer: {}, billing_plan: {}, products: SUBSCRIPTION_PRODUCT_EMBEDS };
const SORT = sortableColumns('id', 'number', 'status', 'customer_id', 'current_period_end', 'created_at', 'updated_at');
const TOO_LATE = 'The next period would end after 9999-12-31 23:59:59; the subscription cannot be renewed.';

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly products: SubscriptionProductsService,
  ) {}

  async list(query: SubscriptionListQuery) {
    const embed = parseEmbed(query.embed, EMBEDS);
    const m = this.dataSource.manager;
    const qb = m.getRepository(Subscription).createQueryBuilder('r');
    if (query.status !== undefined) qb.andWhere('r.status = :status', { status: query.status });
    if (query.customer_id !== undefined) qb.andWhere('r.customer_id = :customerId', { customerId: query.customer_id });
    return toPage(await paginate(qb, query, SORT), (rows) => this.present(m, rows, embed));
  }

  async get(key: string, query: ItemQuery) {
    const embed = parseEmbed(query.embed, EMBEDS);
    const m = this.dataSource.manager;
    return (await this.present(m, [await findSubscription(m, key)], embed))[0];
  }

  /** Starts active, its first period being the plan's trial or one interval; `products` are added with it. */
  create(input: SubscriptionCreate) {
    return this.tx.run(async (m) => {
      const bag = new FieldErrorBag();
      const customer = await m.getRepository(Customer).findOneBy({ id: input.customer_id! });
      if (!customer) bag.add('customer_id', 'does not exist');
      const plan = await m.getRepository(BillingPlan).findOneBy({ id: input.billing_plan_id! });
      if (!plan) bag.add('billing_plan_id', 'does not exist');
      const items = input.products
        ? await this.products.prepare(m, input.products, customer?.customer_group_id ?? null, bag, 'products.')
        : [];
      bag.throwIfAny();

      // The database clock, so a defaulted started_at equals created_at.
      const start = input.started_at ?? ((await m.query('SELECT now() AS now')) as { now: Date }[])[0].now;
      const period = firstPeriod(start, plan!);
      if (!period) throw ApiError.field('started_at', 'is too late: the first period would end after 9999-12-31 23:59:59');
      // Taken only once the request is known to be valid, so refused requests leave no gaps.
      const [{ seq }] = (await m.query(`SELECT nextval('subscription_number_seq')::text AS seq`)) as { seq: string }[];
      const subscription = await insertReturning(m, Subscription, {
        number: `S${seq}`,
        customer_id: customer!.id,
        billing_plan_id: plan!.id,
        status: 'active',
        started_at: period.current_period_start,
        ...period,
        renewal_count: 0,
        cancelled_at: null,
      });
      await this.products.insertMany(m, subscription.id, items);
      return presentSubscription(subscription);
    });
  }

  /**
   * Status changes follow domain/subscription-state.ts (the same status again changes nothing);
   * a new plan applies from the next renewal, the current period staying as it is.
   */
  update(key: string, input: SubscriptionPatch) {
    return this.tx.run(async (m) => {
      const current = await findSubscription(m, key, true);
      assertIfMatch(presentSubscription(current));
      const values: Record<string, unknown> = {};
      if (input.billing_plan_id !== undefined && input.billing_plan_id !== current.billing_plan_id) {
        const exists = await m.getRepository(BillingPlan).existsBy({ id: input.billing_plan_id });
        if (!exists) throw ApiError.field('billing_plan_id', 'does not exist');
        const blocked = planChangeError(current.status);
        if (blocked) throw ApiError.conflict(blocked);
        values.billing_plan_id = input.billing_plan_id;
      }
      if (input.status !== undefined && input.status !== current.status) {
        const blocked = statusChangeError(current.status, input.status);
        if (blocked) throw ApiError.conflict(blocked);
        values.status = input.status;
        if (input.status === 'cancelled') values.cancelled_at = () => 'now()';
      }
      return presentSubscription(await updateReturning(m, Subscription, current, values));
    });
  }

  /**
   * Moves the period forward by one interval of the current plan. The row lock makes concurrent
   * renewals take turns, each seeing the period the previous one left, so none is skipped or doubled.
   */
  renew(key: string) {
    return this.tx.run(async (m) => {
      const current = await findSubscription(m, key, true);
      assertIfMatch(presentSubscription(current));
      const blocked = renewError(current.status);
      if (blocked) throw ApiError.conflict(blocked);
      const plan = await m.getRepository(BillingPlan).findOneByOrFail({ id: current.billing_plan_id });
      const next = renewal(current, plan);
      if (!next) throw ApiError.conflict(TOO_LATE);
      return presentSubscription(await updateReturning(m, Subscription, current, next));
    });
  }

  /** One query per embedded relation for the whole page. */
  private async present(m: EntityManager, rows: Subscription[], embed: EmbedSelection) {
    if (rows.length === 0) return [];
    const byId = async <T extends { id: number }>(load: () => Promise<T[]>) => new Map((await load()).map((r) => [r.id, r]));
    const customers = embed.customer
      ? await byId(() => m.getRepository(Customer).find({ where: { id: In(rows.map((r) => r.customer_id)) } }))
      : null;
    const plans = embed.billing_plan
      ? await byId(() => m.getRepository(BillingPlan).find({ where: { id: In(rows.map((r) => r.billing_plan_id)) } }))
      : null;
    const products = embed.products
      ? await this.products.forSubscriptions(
          m,
          rows.map((r) => r.id),
          embed.products,
        )
      : null;
    return rows.map((s) =>
      presentSubscription(s, {
        ...(customers ? { customer: presentCustomer(customers.get(s.customer_id)!) } : {}),
        ...(plans ? { billing_plan: presentBillingPlan(plans.get(s.billing_plan_id)!) } : {}),
        ...(products ? { products: products.get(s.id) ?? [] } : {}),
      }),
    );
  }
}
