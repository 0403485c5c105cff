import { embedded } from '../../common/embed/embed.js';
import { flag, timestamp } from '../../common/format/format.js';
import { formatMoney, moneyNumber } from '../../common/money/money.js';
import type { ProductJson } from '../catalog/catalog.presenter.js';
import type { CustomerJson, GroupJson } from '../customers/customers.presenter.js';
import type { QuoteDelivery } from './quote-delivery.entity.js';
import { effectiveStatus } from './domain/quote-status.js';
import type { QuoteItem } from './quote-item.entity.js';
import type { Quote } from './quote.entity.js';

function presentQuoteItem(i: QuoteItem, product: ProductJson | null) {
  return {
    id: i.id,
    cart_id: i.quote_id,
    shop_product_id: i.product_id,
    shop_products_related_id: i.related_id,
    shop_product_variant_id: i.variant_id,
    extras: i.extras.map((e) => e.sku),
    options: i.options,
    custom_fields: i.custom_fields,
    quantity: i.quantity,
    postponed: flag(i.postponed),
    key: i.key,
    created_at: timestamp(i.created_at),
    updated_at: timestamp(i.updated_at),
    x_billing_plan_id: i.x_billing_plan_id,
    is_trial_product: flag(i.is_trial_product),
    price: moneyNumber(i.price),
    discount: formatMoney(i.discount),
    total: moneyNumber(i.total),
    product,
  };
}

export interface QuoteRelations {
  items: QuoteItem[];
  products: Map<number, ProductJson>;
  groups: GroupJson[];
  customer?: CustomerJson | null;
}

export function presentQuote(q: Quote, r: QuoteRelations, storeUrl: string) {
  return {
    id: q.id,
    number: q.number,
    name: q.name,
    billing_plan_id: q.billing_plan_id,
    type: q.type,
    status: effectiveStatus(q),
    checkout_step: q.checkout_step,
    customer_id: q.customer_id,
    customer_groups: r.groups.map((g) => ({ ...g, pivot: { shop_cart_id: q.id, shop_customer_group_id: g.id } })),
    customer_emails: q.customer_emails,
    cart_link_id: q.cart_link_id,
    cart_link: `${storeUrl}/cart/${q.cart_link_id}`,
    coupon_code: q.coupon_code,
    expires_x_days: q.expires_x_days,
    expires_at: timestamp(q.expires_at),
    subtotal: formatMoney(q.subtotal),
    total_discount: formatMoney(q.total_discount),
    total: formatMoney(q.total),
    total_tax: formatMoney(q.total_tax),
    last_sent_at: timestamp(q.last_sent_at),
    revision: q.revision,
    accepted_at: timestamp(q.accepted_at),
    declined_at: timestamp(q.declined_at),
    decline_reason: q.decline_reason,
    order_id: q.order_id,
    created_at: timestamp(q.created_at),
    updated_at: timestamp(q.updated_at),
    items: r.items.map((i) => presentQuoteItem(i, r.products.get(i.product_id) ?? null)),
    ...(r.customer !== undefined ? { customer: embedded(r.customer) } : {}),
  };
}

export type QuoteJson = ReturnType<typeof presentQuote>;

/** A delivery of a quote as GET /quote/{id}/deliveries lists it. */
export function presentDelivery(d: QuoteDelivery) {
  return {
    id: d.id,
    recipient: d.recipient,
    // A delivery a worker holds right now is still on its way.
    status: d.status === 'sending' ? 'queued' : d.status,
    attempts: d.attempts,
    last_error: d.last_error,
    message_id: d.message_id,
    sent_at: timestamp(d.sent_at),
    created_at: timestamp(d.created_at),
  };
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    QuoteView: QuoteJson;
    QuoteDeliveryView: ReturnType<typeof presentDelivery>;
  }
}
