import { Field } from '../../openapi/fields.js';
import { FIELD_TYPES } from '../custom-fields/domain/field-value.js';

/** Response views of the catalog, field by field as catalog.presenter.ts builds them. */

const SALE_RULE = 'A sale price (`"12.00"`), an amount off (`"-2.50"`) or a percentage off (`"15%"`).';

export class CategoryView {
  @Field.id() id: number;
  @Field.text({ example: 'Apparel' }) name: string;
  @Field.text({ example: 'apparel' }) url_name: string;
  @Field.text({ nullable: true, example: 'All our apparel' }) title: string | null;
  @Field.text({ nullable: true, example: '<p>Cotton and linen.</p>' }) description: string | null;
  @Field.text({ nullable: true, example: 'apparel' }) api_code: string | null;
  @Field.flag() is_visible: 0 | 1;
  @Field.integer({ nullable: true, example: null, description: 'Parent category id.' }) parent_id: number | null;
  @Field.integer() sort_order: number;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

export class ProductPriceTierView {
  @Field.id() id: number;
  @Field.id() product_id: number;
  @Field.integer({ nullable: true, example: null, description: 'Null: every customer.' }) customer_group_id: number | null;
  @Field.integer({ minimum: 1, example: 10 }) quantity: number;
  @Field.money() price: string;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

export class VariantPriceTierView {
  @Field.id() id: number;
  @Field.id() variant_id: number;
  @Field.integer({ nullable: true, example: null, description: 'Null: every customer.' }) customer_group_id: number | null;
  @Field.integer({ minimum: 1, example: 10 }) quantity: number;
  @Field.money() price: string;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

export class VariantView {
  @Field.id() id: number;
  @Field.id() product_id: number;
  @Field.text({ nullable: true, example: 'DEMO-TSHIRT-WHT-L' }) sku: string | null;
  @Field.money({ nullable: true, description: "Null: the product's base price." }) base_price: string | null;
  @Field.money({ nullable: true }) cost: string | null;
  @Field.money({ nullable: true }) weight: string | null;
  @Field.money({ nullable: true }) depth: string | null;
  @Field.money({ nullable: true }) width: string | null;
  @Field.money({ nullable: true }) height: string | null;
  @Field.flag() enabled: 0 | 1;
  @Field.flag({ example: 0 }) is_on_sale: 0 | 1;
  @Field.text({ nullable: true, description: SALE_RULE, example: '15%' }) sale_price_or_discount: string | null;
  @Field.flag({ example: 0 }) track_inventory: 0 | 1;
  @Field.integer({ nullable: true, example: 12 }) in_stock_amount: number | null;
  @Field.date({ nullable: true }) expected_availability_date: string | null;
  @Field.stringMap({ description: 'Option name → value.', example: { Color: 'White', Size: 'L' } }) options: Record<string, string>;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

export class OptionView {
  @Field.id() id: number;
  @Field.id() product_id: number;
  @Field.text({ example: 'Size' }) name: string;
  @Field.strings({ example: ['S', 'M', 'L'] }) values: string[];
  @Field.integer() sort_order: number;
  @Field.timestamp({ nullable: true, example: null, description: 'Set when the option was deleted (DELETE is soft).' })
  deleted_at: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** The short option object of the product object (without `embed=options`). */
export class OptionSummaryView {
  @Field.id() id: number;
  @Field.id() product_id: number;
  @Field.integer() sort_order: number;
  @Field.text({ example: 'Size' }) name: string;
  @Field.timestamp({ nullable: true, example: null }) deleted_at: string | null;
}

export class ExtraView {
  @Field.id() id: number;
  @Field.id() product_id: number;
  @Field.text({ example: 'DEMO-GIFT-WRAP' }) sku: string;
  @Field.text({ example: 'Gift wrap' }) name: string;
  @Field.money({ example: '4.50' }) price: string;
  @Field.money({ nullable: true }) weight: string | null;
  @Field.integer() sort_order: number;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

export class AttributeView {
  @Field.id() id: number;
  @Field.id() product_id: number;
  @Field.text({ example: 'Material' }) name: string;
  @Field.text({ nullable: true, example: 'Cotton' }) value: string | null;
  @Field.integer() sort_order: number;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** A product custom field: its definition's name, label and type, and the stored value (else the default, else null). */
export class ProductCustomFieldView {
  @Field.text({ example: 'gift_wrap' }) name: string;
  @Field.text({ example: 'Gift wrap' }) label: string;
  @Field.enum(FIELD_TYPES, { example: 'string' }) type: string;
  @Field.text({ nullable: true, description: 'Canonical text of the value.', example: 'paper' }) value: string | null;
}

/** A product type: which parts its products may have (docs/api.md#product-types). */
export class ProductTypeView {
  @Field.id() id: number;
  @Field.text({ example: 'Goods' }) name: string;
  @Field.text({ description: 'Unique, compared in any case.', example: 'goods' }) api_code: string;
  @Field.flag({ description: 'Exactly one type is the default: the type of a product created without `product_type_id`.' })
  is_default: 0 | 1;
  @Field.flag({ description: '0: `weight`, `width`, `height` and `depth` of its products read null and refuse a value.' })
  has_shipping: 0 | 1;
  @Field.flag({ description: '0: its products read `track_inventory` 0 and an order takes no stock of them.' })
  has_inventory: 0 | 1;
  @Field.flag({ description: '0: its products cannot have options (409).' }) has_options: 0 | 1;
  @Field.flag({ description: '0: its products cannot have variants (409).' }) has_variants: 0 | 1;
  @Field.flag({ description: '0: its products cannot have extras (409).' }) has_extras: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** The specification's product object, in its field order. */
export class ProductView {
  @Field.id() id: number;
  @Field.text({ example: 'Classic T-Shirt' }) name: string;
  @Field.text({ nullable: true, example: 'DEMO-TSHIRT' }) sku: string | null;
  @Field.text({ example: 'classic-t-shirt' }) url_name: string;
  @Field.text({ nullable: true, example: 'Classic T-shirt' }) title: string | null;
  @Field.text({ nullable: true, example: '0012345678905' }) barcode: string | null;
  @Field.text({ description: 'HTML.', example: '<p>Soft <b>cotton</b>.</p>' }) description: string;
  @Field.text({ nullable: true, example: 'Soft cotton.' }) short_description: string | null;
  @Field.text({ nullable: true, example: 'A soft cotton T-shirt.' }) meta_description: string | null;
  @Field.text({ nullable: true, example: 'shirt, cotton' }) meta_keywords: string | null;
  @Field.text({ description: '`description` without markup.', example: 'Soft cotton.' }) description_stripped: string;
  @Field.money() base_price: string;
  @Field.money({ nullable: true, example: '0.25', description: 'Null for a product whose type has no shipping.' }) weight: string | null;
  @Field.money({ example: '0.00' }) out_of_stock_threshold: string;
  @Field.money({
    nullable: true,
    description: 'The purchase cost. Shown inside a quote or an order to a key without `catalog:read`, it reads null.',
  })
  cost: string | null;
  @Field.money({ nullable: true, description: 'Null for a product whose type has no shipping.' }) depth: string | null;
  @Field.money({ nullable: true, description: 'Null for a product whose type has no shipping.' }) width: string | null;
  @Field.money({ nullable: true, description: 'Null for a product whose type has no shipping.' }) height: string | null;
  @Field.integer({ nullable: true, example: 5 }) low_stock_threshold: number | null;
  @Field.integer({ nullable: true, example: 100 }) in_stock_amount: number | null;
  @Field.text({ nullable: true, description: SALE_RULE, example: null }) sale_price_or_discount: string | null;
  @Field.integer({ nullable: true }) sort_order: number | null;
  @Field.date({ nullable: true, example: null }) expected_availability_date: string | null;
  @Field.flag() enabled: 0 | 1;
  @Field.flag() enabled_backend: 0 | 1;
  @Field.flag({ example: 0 }) is_on_sale: 0 | 1;
  @Field.flag({ example: 0, description: "0 whenever the product's type has no inventory." }) track_inventory: 0 | 1;
  @Field.flag({ example: 0 }) allow_preorder: 0 | 1;
  @Field.flag({ example: 0 }) hide_out_of_stock: 0 | 1;
  @Field.flag({ example: 0 }) allow_negative_stock: 0 | 1;
  @Field.flag() is_catalog_visible: 0 | 1;
  @Field.flag() is_search_visible: 0 | 1;
  @Field.flag({ example: 0 }) enable_product_shipping_rates: 0 | 1;
  @Field.flag({ example: 0 }) is_subscription_only: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.usDate() date_created: string | null;
  @Field.usDate() date_updated: string | null;
  @Field.plainOrEmbedded(OptionSummaryView, OptionView, {
    description: 'The live options in short form; with `embed=options`, `{"data": [option]}` with their values instead.',
  })
  options: OptionSummaryView[] | { data: OptionView[] };
  @Field.text({ nullable: true, description: 'Name of the first linked category.', example: 'Apparel' }) category: string | null;
  @Field.text({ nullable: true, example: 'Acme' }) manufacturer: string | null;
  @Field.text({ nullable: true, description: 'Name of the tax class.', example: 'Standard' }) tax_class: string | null;
  @Field.text({ example: 'physical' }) type: string;
  @Field.text({ pattern: '^ID-\\d+$', example: 'ID-1' }) sku_id: string;
  @Field.text({ description: '`base_price` in the store currency and locale (CURRENCY, LOCALE).', example: '$19.99' })
  list_base_price: string;
  @Field.integer({ description: '`in_stock_amount`, 0 when null.', example: 100 }) list_in_stock_amount: number;
  @Field.integer({ description: "The product's type; never null (a product created without one gets the default type).", example: 1 })
  product_type_id: number;
  @Field.decimal(2, {
    nullable: true,
    description: 'Mean rating of the approved reviews, rounded half-up to two decimals; null without any.',
    example: '4.50',
  })
  rating_average: string | null;
  @Field.integer({ minimum: 0, description: 'How many reviews are approved.', example: 2 }) rating_count: number;
  @Field.embed(() => ProductTypeView, { description: "Present with `embed=product_type`: the product's type." })
  product_type?: { data: ProductTypeView };
  @Field.embed(() => VariantView, { many: true }) variants?: { data: VariantView[] };
  @Field.embed(() => ExtraView, { many: true }) extras?: { data: ExtraView[] };
  @Field.embed(() => AttributeView, { many: true }) attributes?: { data: AttributeView[] };
  @Field.embed(() => CategoryView, { many: true }) categories?: { data: CategoryView[] };
  @Field.embed(() => ProductPriceTierView, { many: true }) pricetiers?: { data: ProductPriceTierView[] };
  @Field.embed(() => ProductCustomFieldView, {
    many: true,
    description: 'Present with `embed=customfields`: every `product` custom field.',
  })
  customfields?: { data: ProductCustomFieldView[] };
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    CategoryView: CategoryView;
    ProductTypeView: ProductTypeView;
    ProductCustomFieldView: ProductCustomFieldView;
    OptionView: OptionView;
    VariantView: VariantView;
    ExtraView: ExtraView;
    AttributeView: AttributeView;
    ProductPriceTierView: ProductPriceTierView;
    VariantPriceTierView: VariantPriceTierView;
  }
}
