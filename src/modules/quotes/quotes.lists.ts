import { defineList } from '../../common/paging/list-spec.js';
import { CUSTOMER_LIST } from '../customers/customers.lists.js';

export const QUOTE_LIST = defineList({
  sort: ['id', 'customer_id', 'name', 'created_at', 'updated_at', 'x_billing_plan_id'],
  columns: { x_billing_plan_id: 'billing_plan_id' },
  embeds: { customer: CUSTOMER_LIST.embeds },
});

export const QUOTE_DELIVERY_LIST = defineList({ sort: ['id', 'created_at'] });
