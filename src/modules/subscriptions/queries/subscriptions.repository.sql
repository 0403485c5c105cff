-- Written by `npm run sql:snapshot` from src/modules/subscriptions/subscriptions.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- SubscriptionsRepository.subscriptions.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "subscriptions" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."status" AS "r_status",
  "r"."started_at" AS "r_started_at",
  "r"."current_period_start" AS "r_current_period_start",
  "r"."current_period_end" AS "r_current_period_end",
  "r"."renewal_count" AS "r_renewal_count",
  "r"."anchor_day" AS "r_anchor_day",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscriptions" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- SubscriptionsRepository.subscriptions.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."status" AS "r_status",
  "r"."started_at" AS "r_started_at",
  "r"."current_period_start" AS "r_current_period_start",
  "r"."current_period_end" AS "r_current_period_end",
  "r"."renewal_count" AS "r_renewal_count",
  "r"."anchor_day" AS "r_anchor_day",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscriptions" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."number" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- SubscriptionsRepository.subscriptions.find (by number)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."status" AS "r_status",
  "r"."started_at" AS "r_started_at",
  "r"."current_period_start" AS "r_current_period_start",
  "r"."current_period_end" AS "r_current_period_end",
  "r"."renewal_count" AS "r_renewal_count",
  "r"."anchor_day" AS "r_anchor_day",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscriptions" "r"
WHERE
  "r"."number" = $1
LIMIT
  1;

-- SubscriptionsRepository.subscriptions.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."status" AS "r_status",
  "r"."started_at" AS "r_started_at",
  "r"."current_period_start" AS "r_current_period_start",
  "r"."current_period_end" AS "r_current_period_end",
  "r"."renewal_count" AS "r_renewal_count",
  "r"."anchor_day" AS "r_anchor_day",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscriptions" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."number" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- SubscriptionsRepository.subscriptions.delete
DELETE FROM "subscriptions"
WHERE
  "id" = $1;

-- SubscriptionsRepository.products.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "subscription_products" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."subscription_id" AS "r_subscription_id",
  "r"."product_id" AS "r_product_id",
  "r"."variant_id" AS "r_variant_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscription_products" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- SubscriptionsRepository.products.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."subscription_id" AS "r_subscription_id",
  "r"."product_id" AS "r_product_id",
  "r"."variant_id" AS "r_variant_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscription_products" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- SubscriptionsRepository.products.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."subscription_id" AS "r_subscription_id",
  "r"."product_id" AS "r_product_id",
  "r"."variant_id" AS "r_variant_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscription_products" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- SubscriptionsRepository.products.delete
DELETE FROM "subscription_products"
WHERE
  "id" = $1;

-- SubscriptionsRepository.now
SELECT
  now() AS now;

-- SubscriptionsRepository.nextNumber
SELECT
  nextval('subscription_number_seq')::text AS seq;

-- SubscriptionsRepository.productsOf
SELECT
  "r"."id" AS "r_id",
  "r"."subscription_id" AS "r_subscription_id",
  "r"."product_id" AS "r_product_id",
  "r"."variant_id" AS "r_variant_id",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "subscription_products" "r"
WHERE
  "r"."subscription_id" IN ($1, $2)
ORDER BY
  "r"."id" ASC;

-- SubscriptionsRepository.insertProducts
INSERT INTO
  "subscription_products" (
    "subscription_id",
    "product_id",
    "variant_id",
    "quantity",
    "price",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, $4, $5, DEFAULT, DEFAULT)
RETURNING
  *;

-- SubscriptionsRepository.customer
SELECT
  "Customer"."id" AS "Customer_id",
  "Customer"."first_name" AS "Customer_first_name",
  "Customer"."last_name" AS "Customer_last_name",
  "Customer"."email" AS "Customer_email",
  "Customer"."company" AS "Customer_company",
  "Customer"."phone" AS "Customer_phone",
  "Customer"."notes" AS "Customer_notes",
  "Customer"."is_guest" AS "Customer_is_guest",
  "Customer"."customer_group_id" AS "Customer_customer_group_id",
  "Customer"."created_at" AS "Customer_created_at",
  "Customer"."updated_at" AS "Customer_updated_at"
FROM
  "customers" "Customer"
WHERE
  (("Customer"."id" = $1))
LIMIT
  1;

-- SubscriptionsRepository.customerGroupOf
SELECT
  "Customer"."id" AS "Customer_id",
  "Customer"."customer_group_id" AS "Customer_customer_group_id"
FROM
  "customers" "Customer"
WHERE
  (("Customer"."id" = $1))
LIMIT
  1;

-- SubscriptionsRepository.customersByIds
SELECT
  "Customer"."id" AS "Customer_id",
  "Customer"."first_name" AS "Customer_first_name",
  "Customer"."last_name" AS "Customer_last_name",
  "Customer"."email" AS "Customer_email",
  "Customer"."company" AS "Customer_company",
  "Customer"."phone" AS "Customer_phone",
  "Customer"."notes" AS "Customer_notes",
  "Customer"."is_guest" AS "Customer_is_guest",
  "Customer"."customer_group_id" AS "Customer_customer_group_id",
  "Customer"."created_at" AS "Customer_created_at",
  "Customer"."updated_at" AS "Customer_updated_at"
FROM
  "customers" "Customer"
WHERE
  (("Customer"."id" IN ($1, $2)));

-- SubscriptionsRepository.billingPlan
SELECT
  "BillingPlan"."id" AS "BillingPlan_id",
  "BillingPlan"."name" AS "BillingPlan_name",
  "BillingPlan"."interval_unit" AS "BillingPlan_interval_unit",
  "BillingPlan"."interval_count" AS "BillingPlan_interval_count",
  "BillingPlan"."trial_days" AS "BillingPlan_trial_days",
  "BillingPlan"."renewal_cycles" AS "BillingPlan_renewal_cycles",
  "BillingPlan"."created_at" AS "BillingPlan_created_at",
  "BillingPlan"."updated_at" AS "BillingPlan_updated_at"
FROM
  "billing_plans" "BillingPlan"
WHERE
  (("BillingPlan"."id" = $1))
LIMIT
  1;

-- SubscriptionsRepository.planOfSubscription
SELECT
  "BillingPlan"."id" AS "BillingPlan_id",
  "BillingPlan"."name" AS "BillingPlan_name",
  "BillingPlan"."interval_unit" AS "BillingPlan_interval_unit",
  "BillingPlan"."interval_count" AS "BillingPlan_interval_count",
  "BillingPlan"."trial_days" AS "BillingPlan_trial_days",
  "BillingPlan"."renewal_cycles" AS "BillingPlan_renewal_cycles",
  "BillingPlan"."created_at" AS "BillingPlan_created_at",
  "BillingPlan"."updated_at" AS "BillingPlan_updated_at"
FROM
  "billing_plans" "BillingPlan"
WHERE
  (("BillingPlan"."id" = $1))
LIMIT
  1;

-- SubscriptionsRepository.billingPlanExists
SELECT
  1 AS "row_exists"
FROM
  (
    SELECT
      1 AS dummy_column
  ) "dummy_table"
WHERE
  EXISTS (
    SELECT
      1
    FROM
      "billing_plans" "BillingPlan"
    WHERE
      (("BillingPlan"."id" = $1))
  )
LIMIT
  1;

-- SubscriptionsRepository.billingPlansByIds
SELECT
  "BillingPlan"."id" AS "BillingPlan_id",
  "BillingPlan"."name" AS "BillingPlan_name",
  "BillingPlan"."interval_unit" AS "BillingPlan_interval_unit",
  "BillingPlan"."interval_count" AS "BillingPlan_interval_count",
  "BillingPlan"."trial_days" AS "BillingPlan_trial_days",
  "BillingPlan"."renewal_cycles" AS "BillingPlan_renewal_cycles",
  "BillingPlan"."created_at" AS "BillingPlan_created_at",
  "BillingPlan"."updated_at" AS "BillingPlan_updated_at"
FROM
  "billing_plans" "BillingPlan"
WHERE
  (("BillingPlan"."id" IN ($1, $2)));

-- SubscriptionsRepository.catalogProducts
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

-- SubscriptionsRepository.catalogVariants
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

-- SubscriptionsRepository.productPriceTiers
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

-- SubscriptionsRepository.variantPriceTiers
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
