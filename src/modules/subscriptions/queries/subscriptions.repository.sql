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
  nextval(
    format('store_%s_subscription_numbers', app_store_id ())::regclass
  )::text AS seq;

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
