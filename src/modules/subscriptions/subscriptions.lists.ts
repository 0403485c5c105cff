import { defineList } from '../../common/paging/list-spec.js';

export const SUBSCRIPTION_PRODUCT_LIST = defineList({
  sort: ['id', 'product_id', 'variant_id', 'quantity', 'price', 'created_at', 'updated_at'],
  embeds: { product: {} },
});

export const SUBSCRIPTION_LIST = defineList({
  sort: ['id', 'number', 'status', 'customer_id', 'current_period_end', 'created_at', 'updated_at'],
  embeds: { customer: {}, billing_plan: {}, products: SUBSCRIPTION_PRODUCT_LIST.embeds },
});
