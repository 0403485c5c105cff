-- Written by `npm run sql:snapshot` from src/modules/demo/demo.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- DemoRepository.insertCountryIfMissing
INSERT INTO
  "countries" (
    "name",
    "code",
    "code_3",
    "enabled",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, DEFAULT, DEFAULT, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING
  "store_id",
  "id",
  "enabled",
  "created_at",
  "updated_at";

-- DemoRepository.countryByCode
SELECT
  "Country"."id" AS "Country_id",
  "Country"."name" AS "Country_name",
  "Country"."code" AS "Country_code",
  "Country"."code_3" AS "Country_code_3",
  "Country"."enabled" AS "Country_enabled",
  "Country"."created_at" AS "Country_created_at",
  "Country"."updated_at" AS "Country_updated_at"
FROM
  "countries" "Country"
WHERE
  (("Country"."code" = $1))
LIMIT
  1;

-- DemoRepository.insertStatesIfMissing
INSERT INTO
  "states" (
    "country_id",
    "name",
    "code",
    "enabled",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, DEFAULT, DEFAULT, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING
  "store_id",
  "id",
  "enabled",
  "created_at",
  "updated_at";

-- DemoRepository.stateByCode
SELECT
  "State"."id" AS "State_id",
  "State"."country_id" AS "State_country_id",
  "State"."name" AS "State_name",
  "State"."code" AS "State_code",
  "State"."enabled" AS "State_enabled",
  "State"."created_at" AS "State_created_at",
  "State"."updated_at" AS "State_updated_at"
FROM
  "states" "State"
WHERE
  (
    ("State"."country_id" = $1)
    AND ("State"."code" = $2)
  )
LIMIT
  1;

-- DemoRepository.taxClassExists
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
      "tax_classes" "TaxClass"
    WHERE
      (("TaxClass"."name" = $1))
  )
LIMIT
  1;

-- DemoRepository.defaultTaxClassExists
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
      "tax_classes" "TaxClass"
    WHERE
      (("TaxClass"."is_default" = $1))
  )
LIMIT
  1;

-- DemoRepository.insertTaxClass
INSERT INTO
  "tax_classes" (
    "name",
    "description",
    "is_default",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, DEFAULT, DEFAULT)
RETURNING
  *;

-- DemoRepository.insertTaxRates
INSERT INTO
  "tax_rates" (
    "tax_class_id",
    "country",
    "state",
    "zip",
    "city",
    "rate",
    "priority",
    "tax_name",
    "is_compound",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    $3,
    DEFAULT,
    $4,
    $5,
    $6,
    $7,
    $8,
    DEFAULT,
    DEFAULT
  )
RETURNING
  "store_id",
  "id",
  "country",
  "state",
  "zip",
  "city",
  "priority",
  "is_compound",
  "created_at",
  "updated_at";

-- DemoRepository.countTaxClasses
SELECT
  COUNT(1) AS "cnt"
FROM
  "tax_classes" "TaxClass";

-- DemoRepository.countTaxRates
SELECT
  COUNT(1) AS "cnt"
FROM
  "tax_rates" "TaxRate";

-- DemoRepository.insertCategoriesIfMissing
INSERT INTO
  "categories" (
    "name",
    "url_name",
    "title",
    "description",
    "api_code",
    "is_visible",
    "parent_id",
    "sort_order",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    DEFAULT,
    DEFAULT,
    $3,
    DEFAULT,
    DEFAULT,
    $4,
    DEFAULT,
    DEFAULT
  )
ON CONFLICT DO NOTHING
RETURNING
  "store_id",
  "id",
  "url_name_base",
  "is_visible",
  "sort_order",
  "created_at",
  "updated_at";

-- DemoRepository.categories
SELECT
  "Category"."id" AS "Category_id",
  "Category"."name" AS "Category_name",
  "Category"."url_name" AS "Category_url_name",
  "Category"."title" AS "Category_title",
  "Category"."description" AS "Category_description",
  "Category"."api_code" AS "Category_api_code",
  "Category"."is_visible" AS "Category_is_visible",
  "Category"."parent_id" AS "Category_parent_id",
  "Category"."sort_order" AS "Category_sort_order",
  "Category"."created_at" AS "Category_created_at",
  "Category"."updated_at" AS "Category_updated_at"
FROM
  "categories" "Category";

-- DemoRepository.productSkuExists
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
      "products" "Product"
    WHERE
      (("Product"."sku" = $1))
  )
LIMIT
  1;

-- DemoRepository.hasReviews
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
      "reviews" "Review"
  )
LIMIT
  1;

-- DemoRepository.productTypeId
SELECT
  "ProductType"."id" AS "ProductType_id",
  "ProductType"."name" AS "ProductType_name",
  "ProductType"."api_code" AS "ProductType_api_code",
  "ProductType"."is_default" AS "ProductType_is_default",
  "ProductType"."has_shipping" AS "ProductType_has_shipping",
  "ProductType"."has_inventory" AS "ProductType_has_inventory",
  "ProductType"."has_options" AS "ProductType_has_options",
  "ProductType"."has_variants" AS "ProductType_has_variants",
  "ProductType"."has_extras" AS "ProductType_has_extras",
  "ProductType"."created_at" AS "ProductType_created_at",
  "ProductType"."updated_at" AS "ProductType_updated_at"
FROM
  "product_types" "ProductType"
WHERE
  (("ProductType"."api_code" = $1))
LIMIT
  1;

-- DemoRepository.insertProduct
INSERT INTO
  "products" (
    "name",
    "sku",
    "url_name",
    "title",
    "barcode",
    "description",
    "short_description",
    "meta_description",
    "meta_keywords",
    "base_price",
    "weight",
    "out_of_stock_threshold",
    "cost",
    "depth",
    "width",
    "height",
    "low_stock_threshold",
    "in_stock_amount",
    "sale_price_or_discount",
    "sort_order",
    "expected_availability_date",
    "enabled",
    "enabled_backend",
    "is_on_sale",
    "track_inventory",
    "allow_preorder",
    "hide_out_of_stock",
    "allow_negative_stock",
    "is_catalog_visible",
    "is_search_visible",
    "enable_product_shipping_rates",
    "is_subscription_only",
    "manufacturer",
    "type",
    "tax_class_id",
    "product_type_id",
    "rating_average",
    "rating_count",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    $3,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    $4,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT
  )
RETURNING
  *;

-- DemoRepository.insertProductCategory
INSERT INTO
  "product_categories" ("product_id", "category_id", "created_at")
VALUES
  ($1, $2, DEFAULT)
RETURNING
  *;

-- DemoRepository.insertOption
INSERT INTO
  "product_options" (
    "product_id",
    "name",
    "values",
    "sort_order",
    "deleted_at",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, $4, DEFAULT, DEFAULT, DEFAULT)
RETURNING
  *;

-- DemoRepository.insertPriceTier
INSERT INTO
  "product_price_tiers" (
    "customer_group_id",
    "quantity",
    "price",
    "created_at",
    "updated_at",
    "product_id"
  )
VALUES
  (DEFAULT, $1, $2, DEFAULT, DEFAULT, $3)
RETURNING
  *;

-- DemoRepository.insertVariant
INSERT INTO
  "product_variants" (
    "product_id",
    "sku",
    "base_price",
    "cost",
    "weight",
    "depth",
    "width",
    "height",
    "enabled",
    "is_on_sale",
    "sale_price_or_discount",
    "track_inventory",
    "in_stock_amount",
    "expected_availability_date",
    "options",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    $3,
    DEFAULT,
    DEFAULT
  )
RETURNING
  *;

-- DemoRepository.insertVariantPriceTier
INSERT INTO
  "variant_price_tiers" (
    "customer_group_id",
    "quantity",
    "price",
    "created_at",
    "updated_at",
    "variant_id"
  )
VALUES
  (DEFAULT, $1, $2, DEFAULT, DEFAULT, $3)
RETURNING
  *;

-- DemoRepository.insertExtra
INSERT INTO
  "product_extras" (
    "product_id",
    "sku",
    "name",
    "price",
    "weight",
    "sort_order",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, $4, DEFAULT, $5, DEFAULT, DEFAULT)
RETURNING
  *;

-- DemoRepository.customerGroupExists
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
      "customer_groups" "CustomerGroup"
    WHERE
      (("CustomerGroup"."api_code" = $1))
  )
LIMIT
  1;

-- DemoRepository.customerGroupByCode
SELECT
  "CustomerGroup"."id" AS "CustomerGroup_id",
  "CustomerGroup"."name" AS "CustomerGroup_name",
  "CustomerGroup"."description" AS "CustomerGroup_description",
  "CustomerGroup"."api_code" AS "CustomerGroup_api_code",
  "CustomerGroup"."show_tax_inclusive" AS "CustomerGroup_show_tax_inclusive",
  "CustomerGroup"."is_tax_exempt" AS "CustomerGroup_is_tax_exempt",
  "CustomerGroup"."created_at" AS "CustomerGroup_created_at",
  "CustomerGroup"."updated_at" AS "CustomerGroup_updated_at"
FROM
  "customer_groups" "CustomerGroup"
WHERE
  (("CustomerGroup"."api_code" = $1))
LIMIT
  1;

-- DemoRepository.insertCustomerGroup
INSERT INTO
  "customer_groups" (
    "name",
    "description",
    "api_code",
    "show_tax_inclusive",
    "is_tax_exempt",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, DEFAULT, $4, DEFAULT, DEFAULT)
RETURNING
  "store_id",
  "id",
  "show_tax_inclusive",
  "is_tax_exempt",
  "created_at",
  "updated_at";

-- DemoRepository.customerEmailExists
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
      "customers" "c"
    WHERE
      "c"."email_key" = lower($1)
  )
LIMIT
  1;

-- DemoRepository.customerByEmail
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
  (("Customer"."email" = $1))
LIMIT
  1;

-- DemoRepository.insertCustomer
INSERT INTO
  "customers" (
    "first_name",
    "last_name",
    "email",
    "company",
    "phone",
    "notes",
    "is_guest",
    "customer_group_id",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    $3,
    $4,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    $5,
    DEFAULT,
    DEFAULT
  )
RETURNING
  "store_id",
  "id",
  "email_key",
  "is_guest",
  "created_at",
  "updated_at";

-- DemoRepository.insertAddress
INSERT INTO
  "customer_addresses" (
    "customer_id",
    "kind",
    "first_name",
    "last_name",
    "company",
    "phone",
    "street_address",
    "city",
    "postal_code",
    "country_id",
    "state_id",
    "is_default",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    $3,
    $4,
    DEFAULT,
    DEFAULT,
    $5,
    $6,
    $7,
    $8,
    $9,
    $10,
    DEFAULT,
    DEFAULT
  )
RETURNING
  "store_id",
  "id",
  "is_default",
  "created_at",
  "updated_at";

-- DemoRepository.couponCodeExists
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
      "coupons" "c"
    WHERE
      "c"."code_key" = lower($1)
  )
LIMIT
  1;

-- DemoRepository.insertCoupon
INSERT INTO
  "coupons" (
    "code",
    "name",
    "discount_type",
    "discount_value",
    "is_active",
    "starts_at",
    "ends_at",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    $3,
    $4,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT
  )
RETURNING
  "store_id",
  "id",
  "code_key",
  "is_active",
  "created_at",
  "updated_at";

-- DemoRepository.billingPlanExists
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
      (("BillingPlan"."name" = $1))
  )
LIMIT
  1;

-- DemoRepository.insertBillingPlan
INSERT INTO
  "billing_plans" (
    "name",
    "interval_unit",
    "interval_count",
    "trial_days",
    "renewal_cycles",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, $4, $5, DEFAULT, DEFAULT)
RETURNING
  "store_id",
  "id",
  "interval_count",
  "trial_days",
  "created_at",
  "updated_at";

-- DemoRepository.productIdBySku
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
  (("Product"."sku" = $1))
LIMIT
  1;

-- DemoRepository.insertCustomFieldDefinitionsIfMissing
INSERT INTO
  "custom_field_definitions" (
    "name",
    "label",
    "entity",
    "type",
    "options",
    "is_required",
    "default_value",
    "description",
    "sort_order",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    DEFAULT,
    $6,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT
  )
ON CONFLICT DO NOTHING
RETURNING
  "store_id",
  "id",
  "is_required",
  "sort_order",
  "created_at",
  "updated_at";

-- DemoRepository.countCustomFieldDefinitions
SELECT
  COUNT(1) AS "cnt"
FROM
  "custom_field_definitions" "CustomFieldDefinition";

-- DemoRepository.countApiKeys
SELECT
  COUNT(1) AS "cnt"
FROM
  "api_keys" "ApiKey";
