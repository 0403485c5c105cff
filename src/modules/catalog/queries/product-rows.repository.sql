-- Written by `npm run sql:snapshot` from src/modules/catalog/products/product-rows.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductRowsRepository.products.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "products" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."sku" AS "r_sku",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."barcode" AS "r_barcode",
  "r"."description" AS "r_description",
  "r"."short_description" AS "r_short_description",
  "r"."meta_description" AS "r_meta_description",
  "r"."meta_keywords" AS "r_meta_keywords",
  "r"."base_price" AS "r_base_price",
  "r"."weight" AS "r_weight",
  "r"."out_of_stock_threshold" AS "r_out_of_stock_threshold",
  "r"."cost" AS "r_cost",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."low_stock_threshold" AS "r_low_stock_threshold",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."sort_order" AS "r_sort_order",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."enabled" AS "r_enabled",
  "r"."enabled_backend" AS "r_enabled_backend",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."allow_preorder" AS "r_allow_preorder",
  "r"."hide_out_of_stock" AS "r_hide_out_of_stock",
  "r"."allow_negative_stock" AS "r_allow_negative_stock",
  "r"."is_catalog_visible" AS "r_is_catalog_visible",
  "r"."is_search_visible" AS "r_is_search_visible",
  "r"."enable_product_shipping_rates" AS "r_enable_product_shipping_rates",
  "r"."is_subscription_only" AS "r_is_subscription_only",
  "r"."manufacturer" AS "r_manufacturer",
  "r"."type" AS "r_type",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."product_type_id" AS "r_product_type_id",
  "r"."rating_average" AS "r_rating_average",
  "r"."rating_count" AS "r_rating_count",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "products" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductRowsRepository.products.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."sku" AS "r_sku",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."barcode" AS "r_barcode",
  "r"."description" AS "r_description",
  "r"."short_description" AS "r_short_description",
  "r"."meta_description" AS "r_meta_description",
  "r"."meta_keywords" AS "r_meta_keywords",
  "r"."base_price" AS "r_base_price",
  "r"."weight" AS "r_weight",
  "r"."out_of_stock_threshold" AS "r_out_of_stock_threshold",
  "r"."cost" AS "r_cost",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."low_stock_threshold" AS "r_low_stock_threshold",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."sort_order" AS "r_sort_order",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."enabled" AS "r_enabled",
  "r"."enabled_backend" AS "r_enabled_backend",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."allow_preorder" AS "r_allow_preorder",
  "r"."hide_out_of_stock" AS "r_hide_out_of_stock",
  "r"."allow_negative_stock" AS "r_allow_negative_stock",
  "r"."is_catalog_visible" AS "r_is_catalog_visible",
  "r"."is_search_visible" AS "r_is_search_visible",
  "r"."enable_product_shipping_rates" AS "r_enable_product_shipping_rates",
  "r"."is_subscription_only" AS "r_is_subscription_only",
  "r"."manufacturer" AS "r_manufacturer",
  "r"."type" AS "r_type",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."product_type_id" AS "r_product_type_id",
  "r"."rating_average" AS "r_rating_average",
  "r"."rating_count" AS "r_rating_count",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "products" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."sku" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- ProductRowsRepository.products.find (by sku)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."sku" AS "r_sku",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."barcode" AS "r_barcode",
  "r"."description" AS "r_description",
  "r"."short_description" AS "r_short_description",
  "r"."meta_description" AS "r_meta_description",
  "r"."meta_keywords" AS "r_meta_keywords",
  "r"."base_price" AS "r_base_price",
  "r"."weight" AS "r_weight",
  "r"."out_of_stock_threshold" AS "r_out_of_stock_threshold",
  "r"."cost" AS "r_cost",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."low_stock_threshold" AS "r_low_stock_threshold",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."sort_order" AS "r_sort_order",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."enabled" AS "r_enabled",
  "r"."enabled_backend" AS "r_enabled_backend",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."allow_preorder" AS "r_allow_preorder",
  "r"."hide_out_of_stock" AS "r_hide_out_of_stock",
  "r"."allow_negative_stock" AS "r_allow_negative_stock",
  "r"."is_catalog_visible" AS "r_is_catalog_visible",
  "r"."is_search_visible" AS "r_is_search_visible",
  "r"."enable_product_shipping_rates" AS "r_enable_product_shipping_rates",
  "r"."is_subscription_only" AS "r_is_subscription_only",
  "r"."manufacturer" AS "r_manufacturer",
  "r"."type" AS "r_type",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."product_type_id" AS "r_product_type_id",
  "r"."rating_average" AS "r_rating_average",
  "r"."rating_count" AS "r_rating_count",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "products" "r"
WHERE
  "r"."sku" = $1
LIMIT
  1;

-- ProductRowsRepository.products.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."sku" AS "r_sku",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."barcode" AS "r_barcode",
  "r"."description" AS "r_description",
  "r"."short_description" AS "r_short_description",
  "r"."meta_description" AS "r_meta_description",
  "r"."meta_keywords" AS "r_meta_keywords",
  "r"."base_price" AS "r_base_price",
  "r"."weight" AS "r_weight",
  "r"."out_of_stock_threshold" AS "r_out_of_stock_threshold",
  "r"."cost" AS "r_cost",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."low_stock_threshold" AS "r_low_stock_threshold",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."sort_order" AS "r_sort_order",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."enabled" AS "r_enabled",
  "r"."enabled_backend" AS "r_enabled_backend",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."allow_preorder" AS "r_allow_preorder",
  "r"."hide_out_of_stock" AS "r_hide_out_of_stock",
  "r"."allow_negative_stock" AS "r_allow_negative_stock",
  "r"."is_catalog_visible" AS "r_is_catalog_visible",
  "r"."is_search_visible" AS "r_is_search_visible",
  "r"."enable_product_shipping_rates" AS "r_enable_product_shipping_rates",
  "r"."is_subscription_only" AS "r_is_subscription_only",
  "r"."manufacturer" AS "r_manufacturer",
  "r"."type" AS "r_type",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."product_type_id" AS "r_product_type_id",
  "r"."rating_average" AS "r_rating_average",
  "r"."rating_count" AS "r_rating_count",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "products" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."sku" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- ProductRowsRepository.products.delete
DELETE FROM "products"
WHERE
  "id" = $1;

-- ProductRowsRepository.touch
UPDATE "products"
SET
  "updated_at" = now()
WHERE
  "id" = $1;

-- ProductRowsRepository.lockStock
SELECT
  p.id,
  p.name,
  p.in_stock_amount,
  p.track_inventory,
  p.allow_negative_stock,
  p.allow_preorder,
  t.has_inventory
FROM
  "products" p
  JOIN "product_types" t ON t.id = p.product_type_id
WHERE
  p.id = ANY ($1::int[])
ORDER BY
  p.id
FOR UPDATE OF
  p;

-- ProductRowsRepository.setRating
UPDATE "products" p
SET
  rating_average = $2::numeric,
  rating_count = $3,
  updated_at = now()
WHERE
  p.id = $1
  AND (
    p.rating_average IS DISTINCT FROM $2::numeric
    OR p.rating_count IS DISTINCT FROM $3
  )
RETURNING
  p.id;

-- ProductRowsRepository.moveStock
UPDATE "products" p
SET
  in_stock_amount = COALESCE(p.in_stock_amount, 0) + d.delta,
  updated_at = now()
FROM
  unnest($1::int[], $2::int[]) AS d (id, delta)
WHERE
  p.id = d.id;
