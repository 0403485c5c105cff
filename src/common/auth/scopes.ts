import { SetMetadata, applyDecorators } from '@nestjs/common';

const SCOPE_GROUPS = [
  'quotes',
  'customers',
  'catalog',
  'geography',
  'custom_fields',
  'shipments',
  'tax',
  'subscriptions',
  'coupons',
  'billing_plans',
  'webhooks',
  'orders',
  'reviews',
  'store',
] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

export const ALL_SCOPES: string[] = [...SCOPE_GROUPS.flatMap((g) => [`${g}:read`, `${g}:write`, `${g}:*`]), 'quotes:send', '*'];

export const SCOPE_GROUP_KEY = 'scope:group';
export const SCOPE_KEY = 'scope:required';

/** The controller's scope group: GET/HEAD/OPTIONS need `<group>:read`, other methods `<group>:write`. */
export const ScopeGroup = (group: ScopeGroup) => SetMetadata(SCOPE_GROUP_KEY, group);

/**
 * A route that needs a specific scope instead of its group's read/write one; several scopes are
 * all needed (`POST /quote/{id}/order` needs `quotes:write` and `orders:write`).
 */
export const RequireScope = (...scopes: string[]) => SetMetadata(SCOPE_KEY, scopes.join(' '));

/**
 * The scope of a route that names its resource in its input (`POST /imports?resource=customers`):
 * any key passes the route's check, and the handler requires that resource's scope
 * (resource-scopes.ts `requireAccess`) before it reads a body.
 */
export const BY_RESOURCE = 'scope:by-resource';
/** The scope groups a by-resource route's resource may belong to: the document lists each one's scope. */
export const SCOPE_RESOURCE_GROUPS_KEY = 'scope:resource-groups';
export const ScopeByResource = (groups: readonly ScopeGroup[] = []) =>
  applyDecorators(SetMetadata(SCOPE_KEY, BY_RESOURCE), SetMetadata(SCOPE_RESOURCE_GROUPS_KEY, [...new Set(groups)]));

/** A route any key of the store may call, whatever its scopes (`GET /store`). */
export const ANY_KEY = 'scope:any-key';
export const AnyKey = () => SetMetadata(SCOPE_KEY, ANY_KEY);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function scopeFor(group: string, method: string): string {
  return `${group}:${READ_METHODS.has(method.toUpperCase()) ? 'read' : 'write'}`;
}

/** `*` grants everything, `<group>:*` everything in the group. `required` may name several scopes (space-separated), all needed. */
export function hasScope(granted: string[], required: string): boolean {
  return missingScope(granted, required) === null;
}

/** The first scope of `required` (space-separated) that `granted` lacks, or null. */
export function missingScope(granted: string[], required: string): string | null {
  if (required === BY_RESOURCE || required === ANY_KEY) return null;
  for (const one of required.split(' ')) {
    if (!(granted.includes('*') || granted.includes(one) || granted.includes(`${one.split(':')[0]}:*`))) return one;
  }
  return null;
}
