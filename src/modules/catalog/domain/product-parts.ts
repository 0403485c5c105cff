/**
 * The writable fields of a product and of each list part a product write carries, and how a part's
 * sent members are matched to its stored rows (domain/part-sync.ts): what the one product write
 * replaces, whatever its door.
 */
import { type KeyOf, optionsKey, tierKey } from './part-sync.js';

/** The writable fields of a product, as a PUT replaces them (category_ids and the parts apart). */
export const PRODUCT_FIELDS = [
  'name', 'sku', 'url_name', 'title', 'barcode', 'description', 'short_description', 'meta_description', 'meta_keywords',
  'base_price', 'weight', 'out_of_stock_threshold', 'cost', 'depth', 'width', 'height', 'low_stock_threshold', 'in_stock_amount',
  'sale_price_or_discount', 'sort_order', 'expected_availability_date', 'enabled', 'enabled_backend', 'is_on_sale', 'track_inventory',
  'allow_preorder', 'hide_out_of_stock', 'allow_negative_stock', 'is_catalog_visible', 'is_search_visible',
  'enable_product_shipping_rates', 'is_subscription_only', 'manufacturer', 'type', 'tax_class_id',
] as const; // prettier-ignore

/** The parts a product PUT may carry, each a list replaced as a whole when sent. */
export type ProductPart = 'options' | 'variants' | 'price_tiers' | 'extras' | 'attributes';

/** What one member write addresses (`/product/{p}/variant/{id}`, …): a list part of a product, or a variant's price tiers. */
export type MemberPart = ProductPart | 'variant_price_tiers';

/** How each list part is stored and matched. */
export interface PartSpec {
  /** The table its rows are stored in (the batch write repository's name for it). */
  table: ProductPart;
  fields: readonly string[];
  keys: readonly [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>][];
  /** The field a repeated key is reported on. */
  keyField: string;
}

const byField = (f: string): [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>] => {
  const k = (x: Record<string, unknown>) => (x[f] === undefined || x[f] === null ? null : String(x[f]));
  return [k, k];
};
export const byTier: [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>] = [(x) => tierKey(x), (x) => tierKey(x)];
const byOptions: [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>] = [
  (x) => optionsKey(x.options as Record<string, string> | undefined),
  (x) => optionsKey(x.options as Record<string, string> | undefined),
];

export const TIER_FIELDS = ['customer_group_id', 'quantity', 'price'];
export const PARTS: Record<ProductPart, PartSpec> = {
  options: { table: 'options', fields: ['name', 'values', 'sort_order'], keys: [byField('name')], keyField: 'name' },
  variants: {
    table: 'variants',
    fields: [
      'sku', 'base_price', 'cost', 'weight', 'depth', 'width', 'height', 'enabled', 'is_on_sale', 'sale_price_or_discount',
      'track_inventory', 'in_stock_amount', 'expected_availability_date', 'options',
    ], // prettier-ignore
    keys: [byField('sku'), byOptions],
    keyField: 'sku',
  },
  price_tiers: { table: 'price_tiers', fields: TIER_FIELDS, keys: [byTier], keyField: 'quantity' },
  extras: { table: 'extras', fields: ['sku', 'name', 'price', 'weight', 'sort_order'], keys: [byField('sku')], keyField: 'sku' },
  attributes: { table: 'attributes', fields: ['name', 'value', 'sort_order'], keys: [byField('name')], keyField: 'name' },
};
export const PART_NAMES = Object.keys(PARTS) as ProductPart[];
