import { defineList } from '../../common/paging/list-spec.js';

/**
 * A quote's `embed=customer` takes the customer's embeds below it; camelCase spellings
 * (`shippingAddresses`) are accepted by parseEmbed.
 */
export const CUSTOMER_LIST = defineList({
  sort: ['id', 'email', 'last_name', 'created_at', 'updated_at'],
  embeds: { group: {}, shipping_addresses: {}, billing_addresses: {} },
});

export const ADDRESS_LIST = defineList({ sort: ['id', 'kind', 'created_at', 'updated_at'] });

export const CUSTOMER_GROUP_LIST = defineList({ sort: ['id', 'name', 'api_code', 'created_at', 'updated_at'] });

export const COUPON_LIST = defineList({ sort: ['id', 'code', 'created_at', 'updated_at', 'ends_at'] });

export const BILLING_PLAN_LIST = defineList({ sort: ['id', 'name', 'created_at', 'updated_at'] });
