import { embedded } from '../../common/embed/embed.js';
import { timestamp } from '../../common/format/format.js';
import { formatMoney } from '../../common/money/money.js';
import type { ProductJson } from '../catalog/catalog.presenter.js';
import type { BillingPlanJson } from '../customers/billing-plans/billing-plans.presenter.js';
import type { CustomerJson } from '../customers/customers.presenter.js';
import type { SubscriptionProduct } from './subscription-product.entity.js';
import type { Subscription } from './subscription.entity.js';
import type { SubscriptionProductView, SubscriptionView } from './subscriptions.views.js';

export type SubscriptionProductJson = ReturnType<typeof presentSubscriptionProduct>;

export function presentSubscriptionProduct(p: SubscriptionProduct, embeds: { product?: ProductJson } = {}): SubscriptionProductView {
  return {
    id: p.id,
    subscription_id: p.subscription_id,
    product_id: p.product_id,
    variant_id: p.variant_id,
    quantity: p.quantity,
    price: formatMoney(p.price),
    created_at: timestamp(p.created_at),
    updated_at: timestamp(p.updated_at),
    ...(embeds.product ? { product: embedded(embeds.product) } : {}),
  };
}

export interface SubscriptionEmbeds {
  customer?: CustomerJson;
  billing_plan?: BillingPlanJson;
  products?: SubscriptionProductJson[];
}

/** `anchor_day` is internal and stays out. */
export function presentSubscription(s: Subscription, embeds: SubscriptionEmbeds = {}): SubscriptionView {
  return {
    id: s.id,
    number: s.number,
    customer_id: s.customer_id,
    billing_plan_id: s.billing_plan_id,
    status: s.status,
    started_at: timestamp(s.started_at),
    current_period_start: timestamp(s.current_period_start),
    current_period_end: timestamp(s.current_period_end),
    renewal_count: s.renewal_count,
    cancelled_at: timestamp(s.cancelled_at),
    created_at: timestamp(s.created_at),
    updated_at: timestamp(s.updated_at),
    ...(embeds.customer ? { customer: embedded(embeds.customer) } : {}),
    ...(embeds.billing_plan ? { billing_plan: embedded(embeds.billing_plan) } : {}),
    ...(embeds.products ? { products: embedded(embeds.products) } : {}),
  };
}
