import { ApiError } from '../http/api-error.js';
import { requestContext } from '../http/request-context.js';
import { type ScopeGroup, missingScope } from './scopes.js';

/**
 * The one map of a resource to the scope group that reads it: the routes' groups said once more
 * for the doors that are not routes (an `embed` of another group's resource, the events of GET
 * /events and of webhook deliveries). A resource is named as events name it (`quote`,
 * `customer.address`, `product.variant.pricetier`); its first segment decides.
 */
export const RESOURCE_SCOPE_GROUPS = {
  country: 'geography',
  customfielddefinition: 'custom_fields',
  taxclass: 'tax',
  category: 'catalog',
  product: 'catalog',
  product_type: 'catalog',
  review: 'reviews',
  customer: 'customers',
  customergroup: 'customers',
  coupon: 'coupons',
  billingplan: 'billing_plans',
  subscription: 'subscriptions',
  shipment: 'shipments',
  quote: 'quotes',
  order: 'orders',
  webhook: 'webhooks',
} as const satisfies Record<string, ScopeGroup>;

/** The scope group of a resource (by its first segment); null for a name the map does not know. */
export function scopeGroupOf(resource: string): ScopeGroup | null {
  const head = resource.split('.')[0];
  return Object.hasOwn(RESOURCE_SCOPE_GROUPS, head) ? RESOURCE_SCOPE_GROUPS[head as keyof typeof RESOURCE_SCOPE_GROUPS] : null;
}

/** `<group>:read` of a resource; null for a name the map does not know (which nothing may read). */
export function readScopeOf(resource: string): string | null {
  const group = scopeGroupOf(resource);
  return group && `${group}:read`;
}

/** Whether `scopes` read `resource` (`*`, `<group>:read` or `<group>:*`). */
export function mayRead(scopes: readonly string[], resource: string): boolean {
  const scope = readScopeOf(resource);
  return scope !== null && missingScope([...scopes], scope) === null;
}

/** The scopes of the request's API key (every scope outside a request: the workers, the CLI). */
export function requestScopes(): string[] {
  return requestContext.get()?.principal?.scopes ?? ['*'];
}

/** 403 naming `<group>:read` when the request's key may not read `resource` (an embed of another group's resource, say). */
export function requireRead(resource: string): void {
  requireAccess(resource, 'read');
}

/** 403 naming `<group>:<access>` when the request's key lacks it for `resource` (a bulk job's resource). */
export function requireAccess(resource: string, access: 'read' | 'write'): void {
  const group = scopeGroupOf(resource);
  const missing = group === null ? resource : missingScope(requestScopes(), `${group}:${access}`);
  if (missing) throw new ApiError(403, `The access token lacks the scope "${missing}".`);
}

/**
 * A product's purchase `cost` is catalog data: shown inside a quote or an order (`items[].product`,
 * bare or embedded as `{"data": …}`) to a key without `catalog:read`, it reads null. Answers a copy;
 * the input is left as it is.
 */
export function productCostsFor<T>(scopes: readonly string[], value: T): T {
  if (mayRead(scopes, 'product')) return value;
  return hideProductCosts(value);
}

function hideProductCosts<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => hideProductCosts(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (!Array.isArray(record.items)) return value;
  return { ...record, items: record.items.map(hideItemCost) } as T;
}

function hideItemCost(item: unknown): unknown {
  if (item === null || typeof item !== 'object') return item;
  const product = (item as { product?: unknown }).product;
  if (product === null || typeof product !== 'object') return item;
  const inner = (product as { data?: unknown }).data;
  if (inner !== undefined && inner !== null && typeof inner === 'object' && 'cost' in inner) {
    return { ...item, product: { ...product, data: { ...inner, cost: null } } };
  }
  return 'cost' in product ? { ...item, product: { ...product, cost: null } } : item;
}

/**
 * An `embed` of another group's resource needs that group's read scope: `resources` maps the
 * embeds that are (top-level names) to the resource they show; the first one asked for that the
 * key may not read is a 403 naming its scope.
 */
export function requireEmbedReads(embed: Record<string, unknown>, resources: Record<string, string>): void {
  for (const [name, resource] of Object.entries(resources)) if (Object.hasOwn(embed, name)) requireRead(resource);
}
