-- Written by `npm run sql:snapshot` from src/modules/customers/coupons/coupons.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- CouponsRepository.coupons.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "coupons" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."code" AS "r_code",
  "r"."name" AS "r_name",
  "r"."discount_type" AS "r_discount_type",
  "r"."discount_value" AS "r_discount_value",
  "r"."is_active" AS "r_is_active",
  "r"."starts_at" AS "r_starts_at",
  "r"."ends_at" AS "r_ends_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "coupons" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- CouponsRepository.coupons.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."code" AS "r_code",
  "r"."name" AS "r_name",
  "r"."discount_type" AS "r_discount_type",
  "r"."discount_value" AS "r_discount_value",
  "r"."is_active" AS "r_is_active",
  "r"."starts_at" AS "r_starts_at",
  "r"."ends_at" AS "r_ends_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "coupons" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code_key" = lower($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- CouponsRepository.coupons.find (by code)
SELECT
  "r"."id" AS "r_id",
  "r"."code" AS "r_code",
  "r"."name" AS "r_name",
  "r"."discount_type" AS "r_discount_type",
  "r"."discount_value" AS "r_discount_value",
  "r"."is_active" AS "r_is_active",
  "r"."starts_at" AS "r_starts_at",
  "r"."ends_at" AS "r_ends_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "coupons" "r"
WHERE
  "r"."code_key" = lower($1)
LIMIT
  1;

-- CouponsRepository.coupons.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."code" AS "r_code",
  "r"."name" AS "r_name",
  "r"."discount_type" AS "r_discount_type",
  "r"."discount_value" AS "r_discount_value",
  "r"."is_active" AS "r_is_active",
  "r"."starts_at" AS "r_starts_at",
  "r"."ends_at" AS "r_ends_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "coupons" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code_key" = lower($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- CouponsRepository.coupons.delete
DELETE FROM "coupons"
WHERE
  "id" = $1;
