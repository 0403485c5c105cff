-- Written by `npm run sql:snapshot` from src/modules/orders/orders.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- OrdersRepository.orders.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "orders" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."quote_id" AS "r_quote_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."status" AS "r_status",
  "r"."payment_status" AS "r_payment_status",
  "r"."fulfillment_status" AS "r_fulfillment_status",
  "r"."currency" AS "r_currency",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."shipping_address" AS "r_shipping_address",
  "r"."notes" AS "r_notes",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "orders" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- OrdersRepository.orders.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."quote_id" AS "r_quote_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."status" AS "r_status",
  "r"."payment_status" AS "r_payment_status",
  "r"."fulfillment_status" AS "r_fulfillment_status",
  "r"."currency" AS "r_currency",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."shipping_address" AS "r_shipping_address",
  "r"."notes" AS "r_notes",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "orders" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."number" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- OrdersRepository.orders.find (by number)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."quote_id" AS "r_quote_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."status" AS "r_status",
  "r"."payment_status" AS "r_payment_status",
  "r"."fulfillment_status" AS "r_fulfillment_status",
  "r"."currency" AS "r_currency",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."shipping_address" AS "r_shipping_address",
  "r"."notes" AS "r_notes",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "orders" "r"
WHERE
  "r"."number" = upper($1)
LIMIT
  1;

-- OrdersRepository.orders.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."quote_id" AS "r_quote_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."status" AS "r_status",
  "r"."payment_status" AS "r_payment_status",
  "r"."fulfillment_status" AS "r_fulfillment_status",
  "r"."currency" AS "r_currency",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."shipping_address" AS "r_shipping_address",
  "r"."notes" AS "r_notes",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "orders" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."number" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- OrdersRepository.orders.delete
DELETE FROM "orders"
WHERE
  "id" = $1;

-- OrdersRepository.items.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "order_items" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."order_id" AS "r_order_id",
  "r"."position" AS "r_position",
  "r"."product_id" AS "r_product_id",
  "r"."variant_id" AS "r_variant_id",
  "r"."sku" AS "r_sku",
  "r"."name" AS "r_name",
  "r"."options" AS "r_options",
  "r"."extras" AS "r_extras",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."discount" AS "r_discount",
  "r"."tax" AS "r_tax",
  "r"."total" AS "r_total",
  "r"."stock_taken" AS "r_stock_taken",
  "r"."created_at" AS "r_created_at"
FROM
  "order_items" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- OrdersRepository.items.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."order_id" AS "r_order_id",
  "r"."position" AS "r_position",
  "r"."product_id" AS "r_product_id",
  "r"."variant_id" AS "r_variant_id",
  "r"."sku" AS "r_sku",
  "r"."name" AS "r_name",
  "r"."options" AS "r_options",
  "r"."extras" AS "r_extras",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."discount" AS "r_discount",
  "r"."tax" AS "r_tax",
  "r"."total" AS "r_total",
  "r"."stock_taken" AS "r_stock_taken",
  "r"."created_at" AS "r_created_at"
FROM
  "order_items" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- OrdersRepository.items.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."order_id" AS "r_order_id",
  "r"."position" AS "r_position",
  "r"."product_id" AS "r_product_id",
  "r"."variant_id" AS "r_variant_id",
  "r"."sku" AS "r_sku",
  "r"."name" AS "r_name",
  "r"."options" AS "r_options",
  "r"."extras" AS "r_extras",
  "r"."quantity" AS "r_quantity",
  "r"."price" AS "r_price",
  "r"."discount" AS "r_discount",
  "r"."tax" AS "r_tax",
  "r"."total" AS "r_total",
  "r"."stock_taken" AS "r_stock_taken",
  "r"."created_at" AS "r_created_at"
FROM
  "order_items" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- OrdersRepository.items.delete
DELETE FROM "order_items"
WHERE
  "id" = $1;

-- OrdersRepository.insertOrder
WITH
  o AS (
    INSERT INTO
      "orders" (
        number,
        "quote_id",
        "customer_id",
        "customer_emails",
        "payment_status",
        "currency",
        "coupon_code",
        "subtotal",
        "total_discount",
        "total_tax",
        "total",
        "shipping_address",
        "notes"
      )
    VALUES
      (
        'O' || nextval(
          format('store_%s_order_numbers', app_store_id ())::regclass
        ),
        $1,
        $2,
        $3::jsonb,
        $4,
        $5,
        $6,
        $7,
        $8,
        $9,
        $10,
        $11::jsonb,
        $12
      )
    RETURNING
      id
  ),
  i AS (
    INSERT INTO
      "order_items" (
        order_id,
        "position",
        "product_id",
        "variant_id",
        "sku",
        "name",
        "options",
        "extras",
        "quantity",
        "price",
        "discount",
        "tax",
        "total",
        "stock_taken"
      )
    SELECT
      (
        SELECT
          id
        FROM
          o
      ),
      x."position",
      x."product_id",
      x."variant_id",
      x."sku",
      x."name",
      x."options",
      x."extras",
      x."quantity",
      x."price",
      x."discount",
      x."tax",
      x."total",
      x."stock_taken"
    FROM
      json_to_recordset($13::json) AS x (
        "position" int,
        "product_id" int,
        "variant_id" int,
        "sku" text,
        "name" text,
        "options" jsonb,
        "extras" jsonb,
        "quantity" int,
        "price" numeric,
        "discount" numeric,
        "tax" numeric,
        "total" numeric,
        "stock_taken" int
      )
    ORDER BY
      x.position
    RETURNING
      1
  )
SELECT
  id
FROM
  o;

-- OrdersRepository.insertOrder (no items)
WITH
  o AS (
    INSERT INTO
      "orders" (
        number,
        "quote_id",
        "customer_id",
        "customer_emails",
        "payment_status",
        "currency",
        "coupon_code",
        "subtotal",
        "total_discount",
        "total_tax",
        "total",
        "shipping_address",
        "notes"
      )
    VALUES
      (
        'O' || nextval(
          format('store_%s_order_numbers', app_store_id ())::regclass
        ),
        $1,
        $2,
        $3::jsonb,
        $4,
        $5,
        $6,
        $7,
        $8,
        $9,
        $10,
        $11::jsonb,
        $12
      )
    RETURNING
      id
  )
SELECT
  id
FROM
  o;

-- OrdersRepository.page (first page)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "orders" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."quote_id" AS "r_quote_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."status" AS "r_status",
  "r"."payment_status" AS "r_payment_status",
  "r"."fulfillment_status" AS "r_fulfillment_status",
  "r"."currency" AS "r_currency",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."shipping_address" AS "r_shipping_address",
  "r"."notes" AS "r_notes",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "orders" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  20
OFFSET
  0;

-- OrdersRepository.page (every filter)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "orders" "r"
    WHERE
      "r"."status" = $1
      AND "r"."payment_status" = $2
      AND "r"."fulfillment_status" = $3
      AND "r"."customer_id" = $4
      AND "r"."created_at" >= $5
      AND "r"."created_at" < $6
      AND "r"."id" > $7
    LIMIT
      $8
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."quote_id" AS "r_quote_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."status" AS "r_status",
  "r"."payment_status" AS "r_payment_status",
  "r"."fulfillment_status" AS "r_fulfillment_status",
  "r"."currency" AS "r_currency",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."shipping_address" AS "r_shipping_address",
  "r"."notes" AS "r_notes",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "orders" "r"
WHERE
  "r"."status" = $1
  AND "r"."payment_status" = $2
  AND "r"."fulfillment_status" = $3
  AND "r"."customer_id" = $4
  AND "r"."created_at" >= $5
  AND "r"."created_at" < $6
  AND "r"."id" > $7
ORDER BY
  "r"."created_at" DESC,
  "r"."id" DESC
LIMIT
  20
OFFSET
  0;

-- OrdersRepository.itemsOf
SELECT
  "i"."id" AS "i_id",
  "i"."order_id" AS "i_order_id",
  "i"."position" AS "i_position",
  "i"."product_id" AS "i_product_id",
  "i"."variant_id" AS "i_variant_id",
  "i"."sku" AS "i_sku",
  "i"."name" AS "i_name",
  "i"."options" AS "i_options",
  "i"."extras" AS "i_extras",
  "i"."quantity" AS "i_quantity",
  "i"."price" AS "i_price",
  "i"."discount" AS "i_discount",
  "i"."tax" AS "i_tax",
  "i"."total" AS "i_total",
  "i"."stock_taken" AS "i_stock_taken",
  "i"."created_at" AS "i_created_at"
FROM
  "order_items" "i"
WHERE
  "i"."order_id" IN ($1, $2)
ORDER BY
  "i"."order_id" ASC,
  "i"."position" ASC,
  "i"."id" ASC;

-- OrdersRepository.hasOrderedProduct
SELECT
  1
FROM
  "orders" o
WHERE
  o.customer_id = $1
  AND o.status <> 'cancelled'
  AND EXISTS (
    SELECT
      1
    FROM
      "order_items" i
    WHERE
      i.order_id = o.id
      AND i.product_id = $2
  )
LIMIT
  1;

-- OrdersRepository.exists
SELECT
  id
FROM
  "orders"
WHERE
  id = $1;

-- OrdersRepository.lockByIds
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."quote_id" AS "r_quote_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."status" AS "r_status",
  "r"."payment_status" AS "r_payment_status",
  "r"."fulfillment_status" AS "r_fulfillment_status",
  "r"."currency" AS "r_currency",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."shipping_address" AS "r_shipping_address",
  "r"."notes" AS "r_notes",
  "r"."cancelled_at" AS "r_cancelled_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "orders" "r"
WHERE
  "r"."id" IN ($1, $2)
ORDER BY
  "r"."id" ASC
FOR UPDATE;
