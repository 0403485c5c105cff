/**
 * The resources a bulk import or export takes (docs/api.md#bulk-import-and-export): those with a batch PUT
 * (docs/api.md#put-replace-a-resource).
 */
export const BULK_RESOURCES = [
  'products',
  'customers',
  'customergroups',
  'coupons',
  'countries',
  'customfielddefinitions',
  'categories',
  'producttypes',
] as const;
export type BulkResource = (typeof BULK_RESOURCES)[number];

export function isBulkResource(name: unknown): name is BulkResource {
  return typeof name === 'string' && (BULK_RESOURCES as readonly string[]).includes(name);
}
