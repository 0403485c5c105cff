-- Written by `npm run sql:snapshot` from src/modules/catalog/catalog-checks.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- CatalogChecksRepository.categoryExists
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
      "categories" "Category"
    WHERE
      (("Category"."id" = $1))
  )
LIMIT
  1;

-- CatalogChecksRepository.existingCategoryIds
SELECT
  id
FROM
  "categories"
WHERE
  id = ANY ($1::int[]);

-- CatalogChecksRepository.takenKeys (create)
SELECT
  "r"."id" AS "r_id",
  "r"."url_name" AS "r_url_name",
  "r"."api_code" AS "r_api_code"
FROM
  "categories" "r"
WHERE
  (
    "r"."url_name" = $1
    OR "r"."api_code" = $2
  )
LIMIT
  2;

-- CatalogChecksRepository.takenKeys (update)
SELECT
  "r"."id" AS "r_id",
  "r"."url_name" AS "r_url_name",
  "r"."api_code" AS "r_api_code"
FROM
  "categories" "r"
WHERE
  (
    "r"."url_name" = $1
    OR "r"."api_code" = $2
  )
  AND "r"."id" <> $3
LIMIT
  2;

-- CatalogChecksRepository.takenUrlNames
SELECT
  pg_advisory_xact_lock(hashtext ($1));

SELECT
  url_name
FROM
  "categories"
WHERE
  url_name = $1
  OR url_name_base = $1;
