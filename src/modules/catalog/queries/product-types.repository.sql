-- Written by `npm run sql:snapshot` from src/modules/catalog/product-types/product-types.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductTypesRepository.types.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "product_types" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."api_code" AS "r_api_code",
  "r"."is_default" AS "r_is_default",
  "r"."has_shipping" AS "r_has_shipping",
  "r"."has_inventory" AS "r_has_inventory",
  "r"."has_options" AS "r_has_options",
  "r"."has_variants" AS "r_has_variants",
  "r"."has_extras" AS "r_has_extras",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_types" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductTypesRepository.types.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."api_code" AS "r_api_code",
  "r"."is_default" AS "r_is_default",
  "r"."has_shipping" AS "r_has_shipping",
  "r"."has_inventory" AS "r_has_inventory",
  "r"."has_options" AS "r_has_options",
  "r"."has_variants" AS "r_has_variants",
  "r"."has_extras" AS "r_has_extras",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_types" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."api_code_key" = lower($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- ProductTypesRepository.types.find (by api_code)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."api_code" AS "r_api_code",
  "r"."is_default" AS "r_is_default",
  "r"."has_shipping" AS "r_has_shipping",
  "r"."has_inventory" AS "r_has_inventory",
  "r"."has_options" AS "r_has_options",
  "r"."has_variants" AS "r_has_variants",
  "r"."has_extras" AS "r_has_extras",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_types" "r"
WHERE
  "r"."api_code_key" = lower($1)
LIMIT
  1;

-- ProductTypesRepository.types.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."api_code" AS "r_api_code",
  "r"."is_default" AS "r_is_default",
  "r"."has_shipping" AS "r_has_shipping",
  "r"."has_inventory" AS "r_has_inventory",
  "r"."has_options" AS "r_has_options",
  "r"."has_variants" AS "r_has_variants",
  "r"."has_extras" AS "r_has_extras",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "product_types" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."api_code_key" = lower($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- ProductTypesRepository.types.delete
DELETE FROM "product_types"
WHERE
  "id" = $1;

-- ProductTypesRepository.byId
SELECT
  *
FROM
  "product_types"
WHERE
  id = $1
FOR SHARE;

-- ProductTypesRepository.withDefault
SELECT
  *
FROM
  "product_types"
WHERE
  id = ANY ($1::int[])
  OR is_default
ORDER BY
  id
FOR SHARE;

-- ProductTypesRepository.productsUsing
SELECT
  x.type_id,
  x.part,
  count(*)::int AS count,
  (
    array_agg(
      coalesce(p.sku, '#' || p.id)
      ORDER BY
        p.id
    )
  ) [1:10] AS names
FROM
  unnest($1::int[], $2::text[]) AS x (type_id, part)
  JOIN "products" p ON p.product_type_id = x.type_id
WHERE
  (
    x.part = 'options'
    AND EXISTS (
      SELECT
        1
      FROM
        "product_options" o
      WHERE
        o.product_id = p.id
        AND o.deleted_at IS NULL
    )
  )
  OR (
    x.part = 'variants'
    AND EXISTS (
      SELECT
        1
      FROM
        "product_variants" v
      WHERE
        v.product_id = p.id
    )
  )
  OR (
    x.part = 'extras'
    AND EXISTS (
      SELECT
        1
      FROM
        "product_extras" e
      WHERE
        e.product_id = p.id
    )
  )
GROUP BY
  x.type_id,
  x.part;

-- ProductTypesRepository.lockDefaultSwitch
SELECT
  pg_advisory_xact_lock($1);

-- ProductTypesRepository.clearDefault (on every type)
UPDATE "product_types"
SET
  "is_default" = $1,
  "updated_at" = now()
WHERE
  "is_default"
RETURNING
  *;

-- ProductTypesRepository.clearDefault (on every type but one)
UPDATE "product_types"
SET
  "is_default" = $1,
  "updated_at" = now()
WHERE
  "is_default"
  AND "id" <> $2
RETURNING
  *;

-- ProductTypesRepository.productCount
SELECT
  count(*)::int AS n
FROM
  "products" p
WHERE
  p.product_type_id = $1;

-- ProductTypesRepository.partCountsOf
SELECT
  product_id,
  sum(o)::int AS options,
  sum(v)::int AS variants,
  sum(e)::int AS extras
FROM
  (
    SELECT
      o.product_id,
      1 AS o,
      0 AS v,
      0 AS e
    FROM
      "product_options" o
    WHERE
      o.product_id = ANY ($1::int[])
      AND o.deleted_at IS NULL
    UNION ALL
    SELECT
      v.product_id,
      0,
      1,
      0
    FROM
      "product_variants" v
    WHERE
      v.product_id = ANY ($1::int[])
    UNION ALL
    SELECT
      e.product_id,
      0,
      0,
      1
    FROM
      "product_extras" e
    WHERE
      e.product_id = ANY ($1::int[])
  ) parts
GROUP BY
  product_id;
