-- Written by `npm run sql:snapshot` from src/modules/catalog/categories/categories.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- CategoriesRepository.categories.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "categories" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."is_visible" AS "r_is_visible",
  "r"."parent_id" AS "r_parent_id",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "categories" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- CategoriesRepository.categories.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."is_visible" AS "r_is_visible",
  "r"."parent_id" AS "r_parent_id",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "categories" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- CategoriesRepository.categories.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."is_visible" AS "r_is_visible",
  "r"."parent_id" AS "r_parent_id",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "categories" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- CategoriesRepository.categories.delete
DELETE FROM "categories"
WHERE
  "id" = $1;

-- CategoriesRepository.categoriesByCode.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "categories" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."is_visible" AS "r_is_visible",
  "r"."parent_id" AS "r_parent_id",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "categories" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- CategoriesRepository.categoriesByCode.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."is_visible" AS "r_is_visible",
  "r"."parent_id" AS "r_parent_id",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "categories" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."api_code" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- CategoriesRepository.categoriesByCode.find (by api_code)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."is_visible" AS "r_is_visible",
  "r"."parent_id" AS "r_parent_id",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "categories" "r"
WHERE
  "r"."api_code" = $1
LIMIT
  1;

-- CategoriesRepository.categoriesByCode.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."url_name" AS "r_url_name",
  "r"."title" AS "r_title",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."is_visible" AS "r_is_visible",
  "r"."parent_id" AS "r_parent_id",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "categories" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."api_code" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- CategoriesRepository.categoriesByCode.delete
DELETE FROM "categories"
WHERE
  "id" = $1;

-- CategoriesRepository.lockTree
SELECT
  pg_advisory_xact_lock(hashtext ($1));

-- CategoriesRepository.isInSubtree
WITH RECURSIVE
  sub (id) AS (
    SELECT
      $1::int
    UNION
    SELECT
      c.id
    FROM
      "categories" c
      JOIN sub ON c.parent_id = sub.id
  )
SELECT
  1
FROM
  sub
WHERE
  id = $2
LIMIT
  1;

-- CategoriesRepository.existingIds
SELECT
  id
FROM
  "categories"
WHERE
  id = ANY ($1::int[]);

-- CategoriesRepository.urlNameHolders
SELECT
  id,
  url_name
FROM
  "categories"
WHERE
  url_name = ANY ($1::text[]);

-- CategoriesRepository.takenUrlNames
WITH
  locks AS (
    SELECT
      pg_advisory_xact_lock(hashtext ('categories.url_name:' || s))
    FROM
      unnest($1::text[]) AS s
  )
SELECT
  url_name
FROM
  "categories"
WHERE
  (
    SELECT
      count(*)
    FROM
      locks
  ) >= 0
  AND (
    url_name = ANY ($1::text[])
    OR url_name_base = ANY ($1::text[])
  );

-- CategoriesRepository.cyclesAfter
WITH RECURSIVE
  moved (id, parent_id) AS (
    SELECT
      *
    FROM
      unnest($1::int[], $2::int[])
  ),
  walk (start, at) AS (
    SELECT
      id,
      parent_id
    FROM
      moved
    WHERE
      parent_id IS NOT NULL
    UNION
    SELECT
      w.start,
      CASE
        WHEN mv.id IS NOT NULL THEN mv.parent_id
        ELSE c.parent_id
      END
    FROM
      walk w
      JOIN "categories" c ON c.id = w.at
      LEFT JOIN moved mv ON mv.id = c.id
    WHERE
      w.at <> w.start
      AND CASE
        WHEN mv.id IS NOT NULL THEN mv.parent_id
        ELSE c.parent_id
      END IS NOT NULL
  )
SELECT DISTINCT
  start AS id
FROM
  walk
WHERE
  at = start;
