-- Written by `npm run sql:snapshot` from src/modules/shipments/shipments.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ShipmentsRepository.shipments.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "shipments" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."order_reference" AS "r_order_reference",
  "r"."order_id" AS "r_order_id",
  "r"."status" AS "r_status",
  "r"."shipping_method" AS "r_shipping_method",
  "r"."notes" AS "r_notes",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "shipments" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ShipmentsRepository.shipments.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."order_reference" AS "r_order_reference",
  "r"."order_id" AS "r_order_id",
  "r"."status" AS "r_status",
  "r"."shipping_method" AS "r_shipping_method",
  "r"."notes" AS "r_notes",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "shipments" "r"
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

-- ShipmentsRepository.shipments.find (by number)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."order_reference" AS "r_order_reference",
  "r"."order_id" AS "r_order_id",
  "r"."status" AS "r_status",
  "r"."shipping_method" AS "r_shipping_method",
  "r"."notes" AS "r_notes",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "shipments" "r"
WHERE
  "r"."number" = $1
LIMIT
  1;

-- ShipmentsRepository.shipments.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."order_reference" AS "r_order_reference",
  "r"."order_id" AS "r_order_id",
  "r"."status" AS "r_status",
  "r"."shipping_method" AS "r_shipping_method",
  "r"."notes" AS "r_notes",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "shipments" "r"
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

-- ShipmentsRepository.shipments.delete
DELETE FROM "shipments"
WHERE
  "id" = $1;

-- ShipmentsRepository.trackingCodes.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "tracking_codes" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."shipment_id" AS "r_shipment_id",
  "r"."code" AS "r_code",
  "r"."carrier" AS "r_carrier",
  "r"."url" AS "r_url",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tracking_codes" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ShipmentsRepository.trackingCodes.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."shipment_id" AS "r_shipment_id",
  "r"."code" AS "r_code",
  "r"."carrier" AS "r_carrier",
  "r"."url" AS "r_url",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tracking_codes" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- ShipmentsRepository.trackingCodes.find (by code)
SELECT
  "r"."id" AS "r_id",
  "r"."shipment_id" AS "r_shipment_id",
  "r"."code" AS "r_code",
  "r"."carrier" AS "r_carrier",
  "r"."url" AS "r_url",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tracking_codes" "r"
WHERE
  "r"."code" = $1
LIMIT
  1;

-- ShipmentsRepository.trackingCodes.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."shipment_id" AS "r_shipment_id",
  "r"."code" AS "r_code",
  "r"."carrier" AS "r_carrier",
  "r"."url" AS "r_url",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tracking_codes" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- ShipmentsRepository.trackingCodes.delete
DELETE FROM "tracking_codes"
WHERE
  "id" = $1;

-- ShipmentsRepository.trackingCodesOf
SELECT
  "r"."id" AS "r_id",
  "r"."shipment_id" AS "r_shipment_id",
  "r"."code" AS "r_code",
  "r"."carrier" AS "r_carrier",
  "r"."url" AS "r_url",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tracking_codes" "r"
WHERE
  "r"."shipment_id" IN ($1, $2)
ORDER BY
  "r"."id" ASC;

-- ShipmentsRepository.statusesOfOrders
SELECT
  "s"."order_id" AS "s_order_id",
  "s"."status" AS "s_status",
  "s"."id" AS "s_id"
FROM
  "shipments" "s"
WHERE
  "s"."order_id" IN ($1, $2)
ORDER BY
  "s"."id" ASC;
