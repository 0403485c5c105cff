-- Written by `npm run sql:snapshot` from src/modules/customers/customer-addresses.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- CustomerAddressesRepository.table.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "customer_addresses" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."kind" AS "r_kind",
  "r"."first_name" AS "r_first_name",
  "r"."last_name" AS "r_last_name",
  "r"."company" AS "r_company",
  "r"."phone" AS "r_phone",
  "r"."street_address" AS "r_street_address",
  "r"."city" AS "r_city",
  "r"."postal_code" AS "r_postal_code",
  "r"."country_id" AS "r_country_id",
  "r"."state_id" AS "r_state_id",
  "r"."is_default" AS "r_is_default",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_addresses" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- CustomerAddressesRepository.table.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."kind" AS "r_kind",
  "r"."first_name" AS "r_first_name",
  "r"."last_name" AS "r_last_name",
  "r"."company" AS "r_company",
  "r"."phone" AS "r_phone",
  "r"."street_address" AS "r_street_address",
  "r"."city" AS "r_city",
  "r"."postal_code" AS "r_postal_code",
  "r"."country_id" AS "r_country_id",
  "r"."state_id" AS "r_state_id",
  "r"."is_default" AS "r_is_default",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_addresses" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- CustomerAddressesRepository.table.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."kind" AS "r_kind",
  "r"."first_name" AS "r_first_name",
  "r"."last_name" AS "r_last_name",
  "r"."company" AS "r_company",
  "r"."phone" AS "r_phone",
  "r"."street_address" AS "r_street_address",
  "r"."city" AS "r_city",
  "r"."postal_code" AS "r_postal_code",
  "r"."country_id" AS "r_country_id",
  "r"."state_id" AS "r_state_id",
  "r"."is_default" AS "r_is_default",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_addresses" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- CustomerAddressesRepository.table.delete
DELETE FROM "customer_addresses"
WHERE
  "id" = $1;

-- CustomerAddressesRepository.addressesOf
SELECT
  "a"."id" AS "a_id",
  "a"."customer_id" AS "a_customer_id",
  "a"."kind" AS "a_kind",
  "a"."first_name" AS "a_first_name",
  "a"."last_name" AS "a_last_name",
  "a"."company" AS "a_company",
  "a"."phone" AS "a_phone",
  "a"."street_address" AS "a_street_address",
  "a"."city" AS "a_city",
  "a"."postal_code" AS "a_postal_code",
  "a"."country_id" AS "a_country_id",
  "a"."state_id" AS "a_state_id",
  "a"."is_default" AS "a_is_default",
  "a"."created_at" AS "a_created_at",
  "a"."updated_at" AS "a_updated_at"
FROM
  "customer_addresses" "a"
WHERE
  "a"."customer_id" IN ($1, $2)
  AND "a"."kind" IN ($3, $4)
ORDER BY
  "a"."id" ASC;

-- CustomerAddressesRepository.hasOtherDefault
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
      "customer_addresses" "a"
    WHERE
      "a"."customer_id" = $1
      AND "a"."kind" = $2
      AND "a"."is_default"
      AND "a"."id" <> $3
  )
LIMIT
  1;

-- CustomerAddressesRepository.clearOtherDefaults
UPDATE "customer_addresses"
SET
  "is_default" = $1,
  "updated_at" = now()
WHERE
  "customer_id" = $2
  AND "kind" = $3
  AND "is_default"
  AND "id" <> $4
RETURNING
  *;
