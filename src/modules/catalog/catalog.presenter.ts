import { flag, timestamp, usDate } from '../../common/format/format.js';
import { formatMoney } from '../../common/money/money.js';
import type { Category } from './categories/category.entity.js';
import type { ProductAttribute } from './parts/product-attribute.entity.js';
import type { ProductExtra } from './parts/product-extra.entity.js';
import type { ProductOption } from './parts/product-option.entity.js';
import type { ProductOwnedColumns } from './parts/product-owned-columns.entity.js';
import type { ProductPriceTier } from './parts/product-price-tier.entity.js';
import type { ProductVariant } from './parts/product-variant.entity.js';
import type { VariantPriceTier } from './parts/variant-price-tier.entity.js';
import type { Product } from './products/product.entity.js';
import type { ProductType } from './product-types/product-type.entity.js';
import { shippingValue, tracksInventory } from './domain/product-type-rules.js';
import { stripHtml } from './domain/product-text.js';
import type { MemberPart } from './domain/product-parts.js';
import type { CustomFieldDefinition } from '../custom-fields/custom-field-definition.entity.js';
import type { ChangeEvent } from '../webhooks/event-recorder.service.js';
import type {
  AttributeView,
  CategoryView,
  ExtraView,
  OptionSummaryView,
  OptionView,
  ProductCustomFieldView,
  ProductPriceTierView,
  ProductTypeView,
  ProductView,
  VariantPriceTierView,
  VariantView,
} from './catalog.views.js';

/** Two-decimal money string; null stays null. */
const money = (v: string | null): string | null => (v === null ? null : formatMoney(v));

/**
 * `YYYY-MM-DD` of a date column: a calendar day, which the entity (and every row a repository hands
 * out: both drivers read DATE as its text, data-source.ts and pglite-pool.ts) carries as that text.
 */
function calendarDate(v: string | null): string | null {
  return v === null ? null : v.slice(0, 10);
}

export function presentCategory(c: Category): CategoryView {
  return {
    id: c.id,
    name: c.name,
    url_name: c.url_name,
    title: c.title,
    description: c.description,
    api_code: c.api_code,
    is_visible: flag(c.is_visible),
    parent_id: c.parent_id,
    sort_order: c.sort_order,
    created_at: timestamp(c.created_at),
    updated_at: timestamp(c.updated_at),
  };
}

/** A price tier's writable fields: what a product PUT (and an export line) carries of it. */
const tierMember = (t: ProductPriceTier | VariantPriceTier) => ({
  customer_group_id: t.customer_group_id,
  quantity: t.quantity,
  price: formatMoney(t.price),
});

function tierFields(t: ProductPriceTier | VariantPriceTier) {
  return {
    ...tierMember(t),
    created_at: timestamp(t.created_at),
    updated_at: timestamp(t.updated_at),
  };
}

export function presentProductTier(t: ProductPriceTier): ProductPriceTierView {
  return { id: t.id, product_id: t.product_id, ...tierFields(t) };
}

export function presentVariantTier(t: VariantPriceTier): VariantPriceTierView {
  return { id: t.id, variant_id: t.variant_id, ...tierFields(t) };
}

/**
 * A row of a product's part as its GET shows it: its id and product, then `fields`, then when it was
 * created and last changed.
 */
function partView<F extends object>(row: ProductOwnedColumns & { created_at: Date; updated_at: Date }, fields: F) {
  return {
    id: row.id,
    product_id: row.product_id,
    ...fields,
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
  };
}

/** A variant's writable fields as stored: what its GET shows of them and what a product PUT (and an export line) carries. */
function variantMember(v: ProductVariant) {
  return {
    sku: v.sku,
    base_price: money(v.base_price),
    cost: money(v.cost),
    weight: money(v.weight),
    depth: money(v.depth),
    width: money(v.width),
    height: money(v.height),
    enabled: flag(v.enabled),
    is_on_sale: flag(v.is_on_sale),
    sale_price_or_discount: v.sale_price_or_discount,
    track_inventory: flag(v.track_inventory),
    in_stock_amount: v.in_stock_amount,
    expected_availability_date: calendarDate(v.expected_availability_date),
    options: v.options,
  };
}

export function presentVariant(v: ProductVariant): VariantView {
  return partView(v, variantMember(v));
}

export function presentOption(o: ProductOption): OptionView {
  return partView(o, { name: o.name, values: o.values, sort_order: o.sort_order, deleted_at: timestamp(o.deleted_at) });
}

/** The short option objects of the product object (specification). */
function presentOptionSummary(o: ProductOption): OptionSummaryView {
  return { id: o.id, product_id: o.product_id, sort_order: o.sort_order, name: o.name, deleted_at: timestamp(o.deleted_at) };
}

/** An attribute's writable fields: what its GET shows of them and what a product PUT (and an export line) carries. */
const attributeMember = (a: ProductAttribute) => ({ name: a.name, value: a.value, sort_order: a.sort_order });

/** An extra's writable fields: what its GET shows of them and what a product PUT (and an export line) carries. */
const extraMember = (e: ProductExtra) => ({
  sku: e.sku,
  name: e.name,
  price: formatMoney(e.price),
  weight: money(e.weight),
  sort_order: e.sort_order,
});

export function presentExtra(e: ProductExtra): ExtraView {
  return partView(e, extraMember(e));
}

export function presentAttribute(a: ProductAttribute): AttributeView {
  return partView(a, attributeMember(a));
}

/** A product custom field: the stored value, else the definition's default, else null. */
export function presentFieldValue(d: CustomFieldDefinition, stored: string | undefined): ProductCustomFieldView {
  return { name: d.name, label: d.label, type: d.type, value: stored ?? d.default_value ?? null };
}

export function presentProductType(t: ProductType): ProductTypeView {
  return {
    id: t.id,
    name: t.name,
    api_code: t.api_code,
    is_default: flag(t.is_default),
    has_shipping: flag(t.has_shipping),
    has_inventory: flag(t.has_inventory),
    has_options: flag(t.has_options),
    has_variants: flag(t.has_variants),
    has_extras: flag(t.has_extras),
    created_at: timestamp(t.created_at),
    updated_at: timestamp(t.updated_at),
  };
}

/** What a product's presentation needs beyond its own row, loaded for a whole page at once. */
export interface ProductRelations {
  /** The product's type: its flags decide `track_inventory` and the shipping dimensions as read. */
  type: ProductType;
  options: ProductOption[];
  category: string | null;
  taxClass: string | null;
  listBasePrice: string;
}

/** The specification's product object, field by field and in its order. */
export function presentProduct(p: Product, r: ProductRelations) {
  // `satisfies`, not a return type: ProductJson stays the literal type the services cast page rows to.
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    url_name: p.url_name,
    title: p.title,
    barcode: p.barcode,
    description: p.description,
    short_description: p.short_description,
    meta_description: p.meta_description,
    meta_keywords: p.meta_keywords,
    description_stripped: stripHtml(p.description),
    base_price: formatMoney(p.base_price),
    weight: shippingValue(formatMoney(p.weight), r.type),
    out_of_stock_threshold: formatMoney(p.out_of_stock_threshold),
    cost: money(p.cost),
    depth: shippingValue(money(p.depth), r.type),
    width: shippingValue(money(p.width), r.type),
    height: shippingValue(money(p.height), r.type),
    low_stock_threshold: p.low_stock_threshold,
    in_stock_amount: p.in_stock_amount,
    sale_price_or_discount: p.sale_price_or_discount,
    sort_order: p.sort_order,
    expected_availability_date: calendarDate(p.expected_availability_date),
    enabled: flag(p.enabled),
    enabled_backend: flag(p.enabled_backend),
    is_on_sale: flag(p.is_on_sale),
    track_inventory: flag(tracksInventory(p.track_inventory, r.type)),
    allow_preorder: flag(p.allow_preorder),
    hide_out_of_stock: flag(p.hide_out_of_stock),
    allow_negative_stock: flag(p.allow_negative_stock),
    is_catalog_visible: flag(p.is_catalog_visible),
    is_search_visible: flag(p.is_search_visible),
    enable_product_shipping_rates: flag(p.enable_product_shipping_rates),
    is_subscription_only: flag(p.is_subscription_only),
    created_at: timestamp(p.created_at),
    updated_at: timestamp(p.updated_at),
    date_created: usDate(p.created_at),
    date_updated: usDate(p.updated_at),
    options: r.options.map(presentOptionSummary),
    category: r.category,
    manufacturer: p.manufacturer,
    tax_class: r.taxClass,
    type: p.type,
    sku_id: `ID-${p.id}`,
    list_base_price: r.listBasePrice,
    list_in_stock_amount: p.in_stock_amount ?? 0,
    product_type_id: p.product_type_id,
    rating_average: p.rating_average,
    rating_count: p.rating_count,
  } satisfies ProductView;
}

/** A product's parts as its export line carries them, read for a whole page at once. */
export interface ProductMemberParts {
  type: Pick<ProductType, 'has_shipping'>;
  /** Live options, in display order. */
  options: ProductOption[];
  /** In id order, each with its price tiers. */
  variants: { row: ProductVariant; tiers: VariantPriceTier[] }[];
  priceTiers: ProductPriceTier[];
  extras: ProductExtra[];
  attributes: ProductAttribute[];
  /** In link order. */
  categoryIds: number[];
  /** The stored values (not the definitions' defaults), by field name, in the definitions' order. */
  customFields: Record<string, string>;
}

/**
 * A product as a member of `PUT /products` (and a line of its import) takes it (the export of
 * docs/api.md#bulk-import-and-export): every writable field as stored, with every part as a list that replaces it, so the line
 * imported into another store makes the same product. The shipping fields are left out for a type
 * without shipping (its PUT refuses them; left out, they take what a create gives).
 */
export function presentProductMember(p: Product, parts: ProductMemberParts) {
  const shipping = parts.type.has_shipping
    ? { weight: formatMoney(p.weight), depth: money(p.depth), width: money(p.width), height: money(p.height) }
    : {};
  return {
    name: p.name,
    sku: p.sku,
    url_name: p.url_name,
    title: p.title,
    barcode: p.barcode,
    description: p.description,
    short_description: p.short_description,
    meta_description: p.meta_description,
    meta_keywords: p.meta_keywords,
    base_price: formatMoney(p.base_price),
    ...shipping,
    out_of_stock_threshold: formatMoney(p.out_of_stock_threshold),
    cost: money(p.cost),
    low_stock_threshold: p.low_stock_threshold,
    in_stock_amount: p.in_stock_amount,
    sale_price_or_discount: p.sale_price_or_discount,
    sort_order: p.sort_order,
    expected_availability_date: calendarDate(p.expected_availability_date),
    enabled: flag(p.enabled),
    enabled_backend: flag(p.enabled_backend),
    is_on_sale: flag(p.is_on_sale),
    track_inventory: flag(p.track_inventory),
    allow_preorder: flag(p.allow_preorder),
    hide_out_of_stock: flag(p.hide_out_of_stock),
    allow_negative_stock: flag(p.allow_negative_stock),
    is_catalog_visible: flag(p.is_catalog_visible),
    is_search_visible: flag(p.is_search_visible),
    enable_product_shipping_rates: flag(p.enable_product_shipping_rates),
    is_subscription_only: flag(p.is_subscription_only),
    manufacturer: p.manufacturer,
    type: p.type,
    tax_class_id: p.tax_class_id,
    product_type_id: p.product_type_id,
    category_ids: parts.categoryIds,
    options: parts.options.map((o) => ({ name: o.name, values: o.values, sort_order: o.sort_order })),
    variants: parts.variants.map(({ row: v, tiers }) => ({
      ...variantMember(v),
      price_tiers: tiers.map(tierMember),
    })),
    price_tiers: parts.priceTiers.map(tierMember),
    extras: parts.extras.map(extraMember),
    attributes: parts.attributes.map(attributeMember),
    custom_fields: parts.customFields,
  };
}

export type ProductMemberJson = ReturnType<typeof presentProductMember>;

/** A product as quotes embed it and GET /product answers it without `embed`. */
export type ProductJson = ReturnType<typeof presentProduct>;

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    ProductView: ProductJson;
  }
}

/**
 * The event of a category link made or removed, by its route or by a product write: `data` is the
 * category as GET /product/{id}/category/{category_id} shows it (as it was, for an unlink); a link has
 * no id of its own, so `resource_id` is the product's.
 */
export function categoryLinkEvent(action: 'created' | 'deleted', productId: number, category: CategoryView): ChangeEvent {
  return { type: `product.category.${action}`, resource: 'product.category', resource_id: productId, data: category };
}

/**
 * The event of a custom field value set (`updated`) or cleared (`deleted`, `data` as it was), by its
 * route or by a product write; `data` as GET /product/{id}/customfield/{name} shows it, `resource_id` the product's.
 */
export function customFieldEvent(action: 'updated' | 'deleted', productId: number, value: ProductCustomFieldView): ChangeEvent {
  return { type: `product.customfield.${action}`, resource: 'product.customfield', resource_id: productId, data: value };
}

/** The resource of each part's events and its presenter (the row as the part's GET shows it). */
const PART_EVENTS: { [P in MemberPart]: { resource: string; present: (row: never) => object } } = {
  options: { resource: 'product.option', present: presentOption },
  variants: { resource: 'product.variant', present: presentVariant },
  price_tiers: { resource: 'product.pricetier', present: presentProductTier },
  extras: { resource: 'product.extra', present: presentExtra },
  attributes: { resource: 'product.attribute', present: presentAttribute },
  variant_price_tiers: { resource: 'product.variant.pricetier', present: presentVariantTier },
};

/** A part's row as its GET shows it. */
export function presentPart(part: MemberPart, row: object): object {
  return (PART_EVENTS[part].present as (row: object) => object)(row);
}

/**
 * The event of a part created, changed or deleted (`product.variant.created`, …), by its item route
 * or by a product write: `data` is the part as its GET shows it (as it was, for a delete).
 */
export function partEvent(part: MemberPart, action: 'created' | 'updated' | 'deleted', row: { id: number }): ChangeEvent {
  const { resource } = PART_EVENTS[part];
  return { type: `${resource}.${action}`, resource, resource_id: row.id, data: presentPart(part, row) } as unknown as ChangeEvent;
}
