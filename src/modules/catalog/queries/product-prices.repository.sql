-- Written by `npm run sql:snapshot` from src/modules/catalog/products/product-prices.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductPricesRepository.productsByIds
SELECT
  "Product"."id" AS "Product_id",
  "Product"."name" AS "Product_name",
  "Product"."sku" AS "Product_sku",
  "Product"."url_name" AS "Product_url_name",
  "Product"."title" AS "Product_title",
  "Product"."barcode" AS "Product_barcode",
  "Product"."description" AS "Product_description",
  "Product"."short_description" AS "Product_short_description",
  "Product"."meta_description" AS "Product_meta_description",
  "Product"."meta_keywords" AS "Product_meta_keywords",
  "Product"."base_price" AS "Product_base_price",
  "Product"."weight" AS "Product_weight",
  "Product"."out_of_stock_threshold" AS "Product_out_of_stock_threshold",
  "Product"."cost" AS "Product_cost",
  "Product"."depth" AS "Product_depth",
  "Product"."width" AS "Product_width",
  "Product"."height" AS "Product_height",
  "Product"."low_stock_threshold" AS "Product_low_stock_threshold",
  "Product"."in_stock_amount" AS "Product_in_stock_amount",
  "Product"."sale_price_or_discount" AS "Product_sale_price_or_discount",
  "Product"."sort_order" AS "Product_sort_order",
  "Product"."expected_availability_date" AS "Product_expected_availability_date",
  "Product"."enabled" AS "Product_enabled",
  "Product"."enabled_backend" AS "Product_enabled_backend",
  "Product"."is_on_sale" AS "Product_is_on_sale",
  "Product"."track_inventory" AS "Product_track_inventory",
  "Product"."allow_preorder" AS "Product_allow_preorder",
  "Product"."hide_out_of_stock" AS "Product_hide_out_of_stock",
  "Product"."allow_negative_stock" AS "Product_allow_negative_stock",
  "Product"."is_catalog_visible" AS "Product_is_catalog_visible",
  "Product"."is_search_visible" AS "Product_is_search_visible",
  "Product"."enable_product_shipping_rates" AS "Product_enable_product_shipping_rates",
  "Product"."is_subscription_only" AS "Product_is_subscription_only",
  "Product"."manufacturer" AS "Product_manufacturer",
  "Product"."type" AS "Product_type",
  "Product"."tax_class_id" AS "Product_tax_class_id",
  "Product"."product_type_id" AS "Product_product_type_id",
  "Product"."rating_average" AS "Product_rating_average",
  "Product"."rating_count" AS "Product_rating_count",
  "Product"."created_at" AS "Product_created_at",
  "Product"."updated_at" AS "Product_updated_at"
FROM
  "products" "Product"
WHERE
  (("Product"."id" IN ($1, $2)));

-- ProductPricesRepository.variantsByIds
SELECT
  "ProductVariant"."id" AS "ProductVariant_id",
  "ProductVariant"."product_id" AS "ProductVariant_product_id",
  "ProductVariant"."sku" AS "ProductVariant_sku",
  "ProductVariant"."base_price" AS "ProductVariant_base_price",
  "ProductVariant"."cost" AS "ProductVariant_cost",
  "ProductVariant"."weight" AS "ProductVariant_weight",
  "ProductVariant"."depth" AS "ProductVariant_depth",
  "ProductVariant"."width" AS "ProductVariant_width",
  "ProductVariant"."height" AS "ProductVariant_height",
  "ProductVariant"."enabled" AS "ProductVariant_enabled",
  "ProductVariant"."is_on_sale" AS "ProductVariant_is_on_sale",
  "ProductVariant"."sale_price_or_discount" AS "ProductVariant_sale_price_or_discount",
  "ProductVariant"."track_inventory" AS "ProductVariant_track_inventory",
  "ProductVariant"."in_stock_amount" AS "ProductVariant_in_stock_amount",
  "ProductVariant"."expected_availability_date" AS "ProductVariant_expected_availability_date",
  "ProductVariant"."options" AS "ProductVariant_options",
  "ProductVariant"."created_at" AS "ProductVariant_created_at",
  "ProductVariant"."updated_at" AS "ProductVariant_updated_at"
FROM
  "product_variants" "ProductVariant"
WHERE
  (("ProductVariant"."id" IN ($1, $2)));

-- ProductPricesRepository.productTiers
SELECT
  "ProductPriceTier"."id" AS "ProductPriceTier_id",
  "ProductPriceTier"."customer_group_id" AS "ProductPriceTier_customer_group_id",
  "ProductPriceTier"."quantity" AS "ProductPriceTier_quantity",
  "ProductPriceTier"."price" AS "ProductPriceTier_price",
  "ProductPriceTier"."created_at" AS "ProductPriceTier_created_at",
  "ProductPriceTier"."updated_at" AS "ProductPriceTier_updated_at",
  "ProductPriceTier"."product_id" AS "ProductPriceTier_product_id"
FROM
  "product_price_tiers" "ProductPriceTier"
WHERE
  (("ProductPriceTier"."product_id" IN ($1, $2)));

-- ProductPricesRepository.variantTiers
SELECT
  "VariantPriceTier"."id" AS "VariantPriceTier_id",
  "VariantPriceTier"."customer_group_id" AS "VariantPriceTier_customer_group_id",
  "VariantPriceTier"."quantity" AS "VariantPriceTier_quantity",
  "VariantPriceTier"."price" AS "VariantPriceTier_price",
  "VariantPriceTier"."created_at" AS "VariantPriceTier_created_at",
  "VariantPriceTier"."updated_at" AS "VariantPriceTier_updated_at",
  "VariantPriceTier"."variant_id" AS "VariantPriceTier_variant_id"
FROM
  "variant_price_tiers" "VariantPriceTier"
WHERE
  (("VariantPriceTier"."variant_id" IN ($1, $2)));
