import { scopeGroupOf } from '../../../common/auth/resource-scopes.js';
import type { ScopeGroup } from '../../../common/auth/scopes.js';
import { BULK_RESOURCES, type BulkResource } from './bulk-resources.js';

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

/** The scope groups of the bulk resources (catalog, customers, …): whose scopes the bulk routes need, resource by resource. */
export const BULK_SCOPE_GROUPS: readonly ScopeGroup[] = [
  ...new Set(BULK_RESOURCES.map((r) => scopeGroupOf(EVENT_RESOURCE_OF[r])).filter((g): g is ScopeGroup => g !== null)),
];
