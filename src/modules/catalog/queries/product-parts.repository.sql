-- Written by `npm run sql:snapshot` from src/modules/catalog/parts/product-parts.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductPartsRepository.attributes.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "product_attributes" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."name" AS "r_name",
  "r"."value" AS "r_value",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_attributes" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductPartsRepository.attributes.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."name" AS "r_name",
  "r"."value" AS "r_value",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_attributes" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ProductPartsRepository.attributes.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."name" AS "r_name",
  "r"."value" AS "r_value",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_attributes" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ProductPartsRepository.attributes.delete
DELETE FROM "product_attributes"
WHERE
  "id" = $1;

-- ProductPartsRepository.extras.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "product_extras" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."name" AS "r_name",
  "r"."price" AS "r_price",
  "r"."weight" AS "r_weight",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_extras" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductPartsRepository.extras.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."name" AS "r_name",
  "r"."price" AS "r_price",
  "r"."weight" AS "r_weight",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_extras" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ProductPartsRepository.extras.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."name" AS "r_name",
  "r"."price" AS "r_price",
  "r"."weight" AS "r_weight",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_extras" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ProductPartsRepository.extras.delete
DELETE FROM "product_extras"
WHERE
  "id" = $1;

-- ProductPartsRepository.options.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "product_options" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."name" AS "r_name",
  "r"."values" AS "r_values",
  "r"."sort_order" AS "r_sort_order",
  "r"."deleted_at" AS "r_deleted_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_options" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductPartsRepository.options.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."name" AS "r_name",
  "r"."values" AS "r_values",
  "r"."sort_order" AS "r_sort_order",
  "r"."deleted_at" AS "r_deleted_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_options" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ProductPartsRepository.options.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."name" AS "r_name",
  "r"."values" AS "r_values",
  "r"."sort_order" AS "r_sort_order",
  "r"."deleted_at" AS "r_deleted_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_options" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ProductPartsRepository.options.delete
DELETE FROM "product_options"
WHERE
  "id" = $1;

-- ProductPartsRepository.priceTiers.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "product_price_tiers" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at",
  "r"."product_id" AS "r_product_id"
FROM
  "product_price_tiers" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductPartsRepository.priceTiers.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at",
  "r"."product_id" AS "r_product_id"
FROM
  "product_price_tiers" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ProductPartsRepository.priceTiers.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at",
  "r"."product_id" AS "r_product_id"
FROM
  "product_price_tiers" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ProductPartsRepository.priceTiers.delete
DELETE FROM "product_price_tiers"
WHERE
  "id" = $1;

-- ProductPartsRepository.variants.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "product_variants" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."base_price" AS "r_base_price",
  "r"."cost" AS "r_cost",
  "r"."weight" AS "r_weight",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."enabled" AS "r_enabled",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."options" AS "r_options",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_variants" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductPartsRepository.variants.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."base_price" AS "r_base_price",
  "r"."cost" AS "r_cost",
  "r"."weight" AS "r_weight",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."enabled" AS "r_enabled",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."options" AS "r_options",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_variants" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ProductPartsRepository.variants.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."base_price" AS "r_base_price",
  "r"."cost" AS "r_cost",
  "r"."weight" AS "r_weight",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."enabled" AS "r_enabled",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."options" AS "r_options",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_variants" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ProductPartsRepository.variants.delete
DELETE FROM "product_variants"
WHERE
  "id" = $1;

-- ProductPartsRepository.variantPriceTiers.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "variant_price_tiers" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at",
  "r"."variant_id" AS "r_variant_id"
FROM
  "variant_price_tiers" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductPartsRepository.variantPriceTiers.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at",
  "r"."variant_id" AS "r_variant_id"
FROM
  "variant_price_tiers" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ProductPartsRepository.variantPriceTiers.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at",
  "r"."variant_id" AS "r_variant_id"
FROM
  "variant_price_tiers" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ProductPartsRepository.variantPriceTiers.delete
DELETE FROM "variant_price_tiers"
WHERE
  "id" = $1;

-- ProductPartsRepository.tableOf
-- (no statement)

-- ProductPartsRepository.findVariant (id or sku)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."base_price" AS "r_base_price",
  "r"."cost" AS "r_cost",
  "r"."weight" AS "r_weight",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."enabled" AS "r_enabled",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."options" AS "r_options",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_variants" "r"
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

-- ProductPartsRepository.findVariant (sku, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."base_price" AS "r_base_price",
  "r"."cost" AS "r_cost",
  "r"."weight" AS "r_weight",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."enabled" AS "r_enabled",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."options" AS "r_options",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_variants" "r"
WHERE
  "r"."sku" = $1
LIMIT
  1
FOR UPDATE;

-- ProductPartsRepository.lockVariant
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."sku" AS "r_sku",
  "r"."base_price" AS "r_base_price",
  "r"."cost" AS "r_cost",
  "r"."weight" AS "r_weight",
  "r"."depth" AS "r_depth",
  "r"."width" AS "r_width",
  "r"."height" AS "r_height",
  "r"."enabled" AS "r_enabled",
  "r"."is_on_sale" AS "r_is_on_sale",
  "r"."sale_price_or_discount" AS "r_sale_price_or_discount",
  "r"."track_inventory" AS "r_track_inventory",
  "r"."in_stock_amount" AS "r_in_stock_amount",
  "r"."expected_availability_date" AS "r_expected_availability_date",
  "r"."options" AS "r_options",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_variants" "r"
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

-- ProductPartsRepository.liveOptions
SELECT
  "ProductOption"."id" AS "ProductOption_id",
  "ProductOption"."product_id" AS "ProductOption_product_id",
  "ProductOption"."name" AS "ProductOption_name",
  "ProductOption"."values" AS "ProductOption_values",
  "ProductOption"."sort_order" AS "ProductOption_sort_order",
  "ProductOption"."deleted_at" AS "ProductOption_deleted_at",
  "ProductOption"."created_at" AS "ProductOption_created_at",
  "ProductOption"."updated_at" AS "ProductOption_updated_at"
FROM
  "product_options" "ProductOption"
WHERE
  (
    ("ProductOption"."product_id" = $1)
    AND ("ProductOption"."deleted_at" IS NULL)
  )
ORDER BY
  "ProductOption"."sort_order" ASC,
  "ProductOption"."id" ASC;
