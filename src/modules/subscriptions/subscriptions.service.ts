import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { requireEmbedReads } from '../../common/auth/resource-scopes.js';
import { type EmbedSelection, parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { ChangeEvent, EventTypeOf } from '../webhooks/event-recorder.service.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { presentBillingPlan } from '../customers/billing-plans/billing-plans.presenter.js';
import { BillingPlansService } from '../customers/billing-plans/billing-plans.service.js';
import { presentCustomer } from '../customers/customers.presenter.js';
import { CustomersService } from '../customers/customers.service.js';
import { firstPeriod, planChangeError, renewError, renewal, statusChangeError } from './domain/subscription-state.js';
import type { SubscriptionCreate, SubscriptionListQuery, SubscriptionPatch, SubscriptionPut } from './dto/subscription.input.js';
import { SubscriptionProductsService } from './subscription-products.service.js';
import type { Subscription } from './subscription.entity.js';
import { presentSubscription, presentSubscriptionProduct } from './subscriptions.presenter.js';
import type { SubscriptionView } from './subscriptions.views.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SUBSCRIPTION_LIST } from './subscriptions.lists.js';

/** The embeds of other groups' resources (they need that group's read scope). */
const FOREIGN_EMBEDS = { customer: 'customer', billing_plan: 'billingplan' };
const TOO_LATE = 'The next period would end after 9999-12-31 23:59:59; the subscription cannot be renewed.';

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: SubscriptionsRepository,
    private readonly products: SubscriptionProductsService,
    private readonly events: EventRecorder,
    private readonly customers: CustomersService,
    private readonly plans: BillingPlansService,
  ) {}

  async list(query: SubscriptionListQuery) {
    const embed = parseEmbed(query.embed, SUBSCRIPTION_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const req = pageRequest(query, SUBSCRIPTION_LIST.sortable);
    const m = this.tx.direct;
    const where: Record<string, unknown> = {};
    if (query.status !== undefined) where.status = query.status;
    if (query.customer_id !== undefined) where.customer_id = query.customer_id;
    return toPage(req, await this.repository.subscriptions.page(m, req, { where }), (rows) => this.present(m, rows, embed));
  }

  async get(key: string, query: ItemQuery) {
    const embed = parseEmbed(query.embed, SUBSCRIPTION_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const m = this.tx.direct;
    return (await this.present(m, [await this.repository.subscriptions.find(m, key)], embed))[0];
  }

  /** Starts active, its first period being the plan's trial or one interval; `products` are added with it. */
  create(input: SubscriptionCreate) {
    return this.tx.run(async (m) => {
      const bag = new FieldErrorBag();
      const customer = await this.customers.find(m, input.customer_id!);
      if (!customer) bag.add('customer_id', 'does not exist');
      const plan = await this.plans.find(m, input.billing_plan_id!);
      if (!plan) bag.add('billing_plan_id', 'does not exist');
      const items = input.products
        ? await this.products.prepare(m, input.products, customer?.customer_group_id ?? null, bag, 'products.')
        : [];
      bag.throwIfAny();

      // The database clock, so a defaulted started_at equals created_at.
      const start = input.started_at ?? (await this.repository.now(m));
      const period = firstPeriod(start, plan!);
      if (!period) throw ApiError.field('started_at', 'is too late: the first period would end after 9999-12-31 23:59:59');
      // Taken only once the request is known to be valid, so refused requests leave no gaps.
      const number = await this.repository.nextNumber(m);
      const subscription = await this.repository.subscriptions.insert(m, {
        number,
        customer_id: customer!.id,
        billing_plan_id: plan!.id,
        status: 'active',
        started_at: period.current_period_start,
        ...period,
        renewal_count: 0,
        cancelled_at: null,
      });
      const products = await this.repository.insertProducts(m, subscription.id, items);
      const created = presentSubscription(subscription);
      await this.events.record(m, [
        subscriptionEvent('subscription.created', created),
        ...products.map((p) => this.products.event('created', presentSubscriptionProduct(p))),
      ]);
      return created;
    });
  }

  /**
   * Status changes follow domain/subscription-state.ts (the same status again changes nothing);
   * a new plan applies from the next renewal, the current period staying as it is.
   */
  update(key: string, input: SubscriptionPatch) {
    return this.tx.run(async (m) => {
      const current = await this.repository.subscriptions.find(m, key, { lock: true });
      assertIfMatch(presentSubscription(current));
      const values: Record<string, unknown> = {};
      if (input.billing_plan_id !== undefined && input.billing_plan_id !== current.billing_plan_id) {
        const exists = await this.plans.exists(m, input.billing_plan_id);
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
      const { row, changed } = await this.repository.subscriptions.change(m, current, values);
      const updated = presentSubscription(row);
      // A PATCH that changes nothing changes nothing: no event.
      if (!changed) return updated;
      const events = [subscriptionEvent('subscription.updated', updated)];
      if (values.status === 'cancelled') events.push(subscriptionEvent('subscription.cancelled', updated));
      await this.events.record(m, events);
      return updated;
    });
  }

  /**
   * PUT: the plan becomes the body's; `status` moves only by the rules of PATCH (and by renew), so a
   * left-out status stays. Everything else is read-only after the create. The rules of PATCH hold.
   */
  async replace(key: string, input: SubscriptionPut, query: ItemQuery) {
    const embed = parseEmbed(query.embed, SUBSCRIPTION_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const replaced = await this.update(key, { status: input.status, billing_plan_id: input.billing_plan_id });
    if (Object.keys(embed).length === 0) return replaced;
    // The answer shows the embeds as GET does, read after the write (the event's data stays plain).
    return this.get(String(replaced.id), query);
  }

  /**
   * Moves the period forward by one interval of the current plan. The row lock makes concurrent
   * renewals take turns, each seeing the period the previous one left, so none is skipped or doubled.
   */
  renew(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.repository.subscriptions.find(m, key, { lock: true });
      assertIfMatch(presentSubscription(current));
      const blocked = renewError(current.status);
      if (blocked) throw ApiError.conflict(blocked);
      const plan = await this.plans.referenced(m, current.billing_plan_id);
      const next = renewal(current, plan);
      if (!next) throw ApiError.conflict(TOO_LATE);
      const renewed = presentSubscription(await this.repository.subscriptions.update(m, current, next));
      // The renewal that reaches the plan's renewal_cycles ends the subscription: renewed, then expired.
      const events = [subscriptionEvent('subscription.renewed', renewed)];
      if (next.status === 'expired') events.push(subscriptionEvent('subscription.expired', renewed));
      await this.events.record(m, events);
      return renewed;
    });
  }

  /** One statement per embedded relation for the whole page. */
  private async present(m: EntityManager, rows: Subscription[], embed: EmbedSelection) {
    if (rows.length === 0) return [];
    const byId = async <T extends { id: number }>(load: () => Promise<T[]>) => new Map((await load()).map((r) => [r.id, r]));
    const customers = embed.customer
      ? await byId(() =>
          this.customers.byIds(
            m,
            rows.map((r) => r.customer_id),
          ),
        )
      : null;
    const plans = embed.billing_plan
      ? await byId(() =>
          this.plans.byIds(
            m,
            rows.map((r) => r.billing_plan_id),
          ),
        )
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

/** A subscription event; `data` is the subscription as GET /subscription/{id} shows it after the change. */
function subscriptionEvent(type: EventTypeOf<'subscription'>, data: SubscriptionView): ChangeEvent {
  return { type, resource: 'subscription', resource_id: data.id, data };
}
