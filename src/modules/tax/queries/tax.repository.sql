-- Written by `npm run sql:snapshot` from src/modules/tax/tax.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- TaxRepository.classes.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "tax_classes" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."is_default" AS "r_is_default",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tax_classes" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- TaxRepository.classes.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."is_default" AS "r_is_default",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tax_classes" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- TaxRepository.classes.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."is_default" AS "r_is_default",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tax_classes" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- TaxRepository.classes.delete
DELETE FROM "tax_classes"
WHERE
  "id" = $1;

-- TaxRepository.rates.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "tax_rates" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."country" AS "r_country",
  "r"."state" AS "r_state",
  "r"."zip" AS "r_zip",
  "r"."city" AS "r_city",
  "r"."rate" AS "r_rate",
  "r"."priority" AS "r_priority",
  "r"."tax_name" AS "r_tax_name",
  "r"."is_compound" AS "r_is_compound",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tax_rates" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- TaxRepository.rates.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."country" AS "r_country",
  "r"."state" AS "r_state",
  "r"."zip" AS "r_zip",
  "r"."city" AS "r_city",
  "r"."rate" AS "r_rate",
  "r"."priority" AS "r_priority",
  "r"."tax_name" AS "r_tax_name",
  "r"."is_compound" AS "r_is_compound",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tax_rates" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- TaxRepository.rates.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."country" AS "r_country",
  "r"."state" AS "r_state",
  "r"."zip" AS "r_zip",
  "r"."city" AS "r_city",
  "r"."rate" AS "r_rate",
  "r"."priority" AS "r_priority",
  "r"."tax_name" AS "r_tax_name",
  "r"."is_compound" AS "r_is_compound",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tax_rates" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- TaxRepository.rates.delete
DELETE FROM "tax_rates"
WHERE
  "id" = $1;

-- TaxRepository.ratesOf
SELECT
  "r"."id" AS "r_id",
  "r"."tax_class_id" AS "r_tax_class_id",
  "r"."country" AS "r_country",
  "r"."state" AS "r_state",
  "r"."zip" AS "r_zip",
  "r"."city" AS "r_city",
  "r"."rate" AS "r_rate",
  "r"."priority" AS "r_priority",
  "r"."tax_name" AS "r_tax_name",
  "r"."is_compound" AS "r_is_compound",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "tax_rates" "r"
WHERE
  "r"."tax_class_id" IN ($1, $2)
ORDER BY
  "r"."id" ASC;

-- TaxRepository.lockDefaultSwitch
SELECT
  pg_advisory_xact_lock($1);

-- TaxRepository.clearDefault (on every class)
UPDATE "tax_classes"
SET
  "is_default" = $1,
  "updated_at" = now()
WHERE
  "is_default"
RETURNING
  *;

-- TaxRepository.clearDefault (on every class but one)
UPDATE "tax_classes"
SET
  "is_default" = $1,
  "updated_at" = now()
WHERE
  "is_default"
  AND "id" <> $2
RETURNING
  *;

-- TaxRepository.defaultClassIdSql
-- a fragment, embedded in other statements:
SELECT
  (
    SELECT
      tc.id
    FROM
      "tax_classes" tc
    WHERE
      tc.is_default
    LIMIT
      1
  );

-- TaxRepository.ratesJsonSql
-- a fragment, embedded in other statements:
SELECT
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'id',
            r."id",
            'tax_class_id',
            r."tax_class_id",
            'country',
            r."country",
            'state',
            r."state",
            'zip',
            r."zip",
            'city',
            r."city",
            'rate',
            r."rate"::text,
            'priority',
            r."priority",
            'tax_name',
            r."tax_name",
            'is_compound',
            r."is_compound",
            'created_at',
            r."created_at",
            'updated_at',
            r."updated_at"
          )
          ORDER BY
            r.priority,
            r.id
        ),
        '[]'::json
      )
    FROM
      "tax_rates" r
    WHERE
      r.tax_class_id IN (
        SELECT
          1
      )
      OR r.tax_class_id = (
        SELECT
          tc.id
        FROM
          "tax_classes" tc
        WHERE
          tc.is_default
        LIMIT
          1
      )
  );

-- TaxRepository.classExists
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
      (("TaxClass"."id" = $1))
  )
LIMIT
  1;

-- TaxRepository.existingClassIds
SELECT
  id
FROM
  "tax_classes"
WHERE
  id = ANY ($1::int[]);
