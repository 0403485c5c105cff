import type { BulkResource } from './bulk-resources.js';

/** Each bulk resource as events and scopes name its members (`products` → `product`). */
export const EVENT_RESOURCE_OF: Record<BulkResource, string> = {
  products: 'product',
  customers: 'customer',
  customergroups: 'customergroup',
  coupons: 'coupon',
  countries: 'country',
  customfielddefinitions: 'customfielddefinition',
  categories: 'category',
  producttypes: 'product_type',
};
