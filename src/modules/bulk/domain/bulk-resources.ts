/** The resources a bulk import or export takes (CONTRACT §18): those with a batch PUT (§17). */
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
