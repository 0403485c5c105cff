/**
 * An order's three statuses (docs/api.md#orders) and how they may move. `status`: an order is `open`
 * until it is `completed` (PATCH) or `cancelled` (POST …/cancel); a cancelled order never changes
 * again. `payment_status` is the seller's to set. `fulfillment_status` follows the order's
 * shipments (fulfillmentOf).
 */
export const ORDER_STATUSES = ['open', 'cancelled', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** What an order may be created with. */
export const INITIAL_PAYMENT_STATUSES = ['pending', 'paid'] as const;
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/** The 409 message when an order in `status` cannot be changed by a PATCH, else null. */
export function orderChangeError(number: string, status: string): string | null {
  return status === 'cancelled' ? `Order ${number} is cancelled and cannot be changed.` : null;
}

/** The 409 message when an order in `status` cannot be cancelled, else null: only an open order can. */
export function cancelError(number: string, status: string): string | null {
  if (status === 'open') return null;
  return status === 'cancelled' ? `Order ${number} is cancelled already.` : `Order ${number} is ${status} and cannot be cancelled.`;
}

/**
 * The fulfillment of an order from the statuses of the shipments that name it: none →
 * `unfulfilled`; some, none delivered → `partial`; any delivered → `fulfilled`.
 */
export function fulfillmentOf(shipmentStatuses: readonly string[]): FulfillmentStatus {
  if (shipmentStatuses.length === 0) return 'unfulfilled';
  return shipmentStatuses.includes('delivered') ? 'fulfilled' : 'partial';
}

/**
 * The 409 message when no order can be made from a quote, else null: an accepted quote, or an
 * active one (the seller's own confirmation), becomes an order once.
 */
export function orderableError(q: { number: string; status: string; orderNumber: string | null }): string | null {
  if (q.status === 'ordered') return `Quote ${q.number} was already ordered as ${q.orderNumber ?? 'an order'}.`;
  if (q.status === 'accepted' || q.status === 'active') return null;
  return `Quote ${q.number} is ${q.status} and cannot be ordered.`;
}
