import { defineList } from '../../common/paging/list-spec.js';

export const PRODUCT_LIST = defineList({
  sort: ['id', 'name', 'sku', 'base_price', 'created_at', 'updated_at', 'sort_order', 'rating_average'],
  embeds: {
    variants: {},
    options: {},
    extras: {},
    attributes: {},
    categories: {},
    pricetiers: {},
    customfields: {},
    product_type: {},
  },
  // Reviews register theirs at start (products/product-embed.registry.ts): they stand above the catalog.
  registered: ['reviews'],
});

export const VARIANT_LIST = defineList({ sort: ['id', 'sku', 'base_price', 'created_at', 'updated_at'] });

export const OPTION_LIST = defineList({ sort: ['id', 'sort_order', 'name', 'created_at', 'updated_at'] });

export const EXTRA_LIST = defineList({ sort: ['id', 'sort_order', 'sku', 'name', 'price', 'created_at', 'updated_at'] });

export const ATTRIBUTE_LIST = defineList({ sort: ['id', 'sort_order', 'name', 'created_at', 'updated_at'] });

/** A product's tiers and a variant's. */
export const PRICE_TIER_LIST = defineList({ sort: ['id', 'quantity', 'price', 'created_at', 'updated_at'] });

export const CATEGORY_LIST = defineList({ sort: ['id', 'name', 'sort_order', 'created_at', 'updated_at'] });

export const PRODUCT_CATEGORY_LIST = defineList({ sort: ['id', 'name', 'sort_order', 'created_at', 'updated_at'] });

export const PRODUCT_CUSTOM_FIELD_LIST = defineList({ sort: ['id', 'name', 'sort_order'] });

export const PRODUCT_TYPE_LIST = defineList({ sort: ['id', 'name', 'api_code', 'created_at', 'updated_at'] });
