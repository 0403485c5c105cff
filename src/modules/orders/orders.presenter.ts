import { embedded } from '../../common/embed/embed.js';
import { timestamp } from '../../common/format/format.js';
import { formatMoney } from '../../common/money/money.js';
import type { ProductJson } from '../catalog/catalog.presenter.js';
import type { CustomerJson } from '../customers/customers.presenter.js';
import type { OrderItem } from './order-item.entity.js';
import type { Order } from './order.entity.js';

/** An order line as the API shows it: the frozen copy of its quote line; `product` with `embed=items.product`. */
function presentOrderItem(i: OrderItem, product?: ProductJson | null) {
  return {
    id: i.id,
    order_id: i.order_id,
    shop_product_id: i.product_id,
    shop_product_variant_id: i.variant_id,
    sku: i.sku,
    name: i.name,
    options: i.options,
    extras: i.extras.map((x) => ({ sku: x.sku, name: x.name, price: formatMoney(x.price) })),
    quantity: i.quantity,
    price: formatMoney(i.price),
    discount: formatMoney(i.discount),
    tax: formatMoney(i.tax),
    total: formatMoney(i.total),
    ...(product !== undefined ? { product: embedded(product) } : {}),
  };
}

export interface OrderRelations {
  items: OrderItem[];
  /** With `embed=items.product`: product id → product (absent when the product is gone). */
  products?: Map<number, ProductJson>;
  /** With `embed=customer`. */
  customer?: CustomerJson | null;
}

/** An order as the API shows it (docs/api.md#orders), field by field. */
export function presentOrder(o: Order, r: OrderRelations) {
  return {
    id: o.id,
    number: o.number,
    quote_id: o.quote_id,
    customer_id: o.customer_id,
    customer_emails: o.customer_emails,
    status: o.status,
    payment_status: o.payment_status,
    fulfillment_status: o.fulfillment_status,
    currency: o.currency,
    coupon_code: o.coupon_code,
    subtotal: formatMoney(o.subtotal),
    total_discount: formatMoney(o.total_discount),
    total_tax: formatMoney(o.total_tax),
    total: formatMoney(o.total),
    shipping_address: o.shipping_address,
    notes: o.notes,
    items: r.items.map((i) =>
      presentOrderItem(i, r.products ? (i.product_id !== null ? (r.products.get(i.product_id) ?? null) : null) : undefined),
    ),
    cancelled_at: timestamp(o.cancelled_at),
    created_at: timestamp(o.created_at),
    updated_at: timestamp(o.updated_at),
    ...(r.customer !== undefined ? { customer: embedded(r.customer) } : {}),
  };
}

export type OrderJson = ReturnType<typeof presentOrder>;

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    OrderView: OrderJson;
  }
}
