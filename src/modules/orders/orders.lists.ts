import { defineList } from '../../common/paging/list-spec.js';

/** `items` are always present; `embed=items` alone embeds nothing more. */
export const ORDER_LIST = defineList({
  sort: ['id', 'number', 'status', 'payment_status', 'fulfillment_status', 'customer_id', 'total', 'created_at', 'updated_at'],
  embeds: { items: { product: {} }, customer: {} },
});
