-- Written by `npm run sql:snapshot` from src/modules/catalog/parts/product-category-links.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductCategoryLinksRepository.page (by id)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "categories" "r"
      INNER JOIN "product_categories" "pc" ON "pc"."category_id" = "r"."id"
      AND "pc"."product_id" = $1
    LIMIT
      $2
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
  INNER JOIN "product_categories" "pc" ON "pc"."category_id" = "r"."id"
  AND "pc"."product_id" = $1
ORDER BY
  "r"."id" ASC
LIMIT
  10
OFFSET
  0;

-- ProductCategoryLinksRepository.page (by name, after a cursor)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "categories" "r"
      INNER JOIN "product_categories" "pc" ON "pc"."category_id" = "r"."id"
      AND "pc"."product_id" = $1
    WHERE
      "r"."id" > $2
    LIMIT
      $3
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
  INNER JOIN "product_categories" "pc" ON "pc"."category_id" = "r"."id"
  AND "pc"."product_id" = $1
WHERE
  "r"."id" > $2
ORDER BY
  "r"."name" DESC,
  "r"."id" DESC
LIMIT
  10
OFFSET
  0;

-- ProductCategoryLinksRepository.inLinkOrder
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
  INNER JOIN "product_categories" "pc" ON "pc"."category_id" = "r"."id"
  AND "pc"."product_id" = $1
ORDER BY
  "pc"."id" ASC;

-- ProductCategoryLinksRepository.findLinked
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
  INNER JOIN "product_categories" "pc" ON "pc"."category_id" = "r"."id"
  AND "pc"."product_id" = $1
WHERE
  "r"."id" = $2;

-- ProductCategoryLinksRepository.link
INSERT INTO
  "product_categories" ("product_id", "category_id", "created_at")
VALUES
  ($1, $2, DEFAULT),
  ($3, $4, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING
  "category_id",
  "store_id",
  "id",
  "created_at";

-- ProductCategoryLinksRepository.replace (some)
DELETE FROM "product_categories"
WHERE
  "product_id" = $1
  AND "category_id" NOT IN ($2, $3);

INSERT INTO
  "product_categories" ("product_id", "category_id", "created_at")
VALUES
  ($1, $2, DEFAULT),
  ($3, $4, DEFAULT)
ON CONFLICT DO NOTHING
RETURNING
  "category_id",
  "store_id",
  "id",
  "created_at";

-- ProductCategoryLinksRepository.replace (none)
DELETE FROM "product_categories"
WHERE
  "product_id" = $1;

-- ProductCategoryLinksRepository.unlink
DELETE FROM "product_categories"
WHERE
  (
    "product_id" = $1
    AND "category_id" = $2
  );

-- ProductCategoryLinksRepository.unlinkAll
WITH
  d AS (
    DELETE FROM "product_categories"
    WHERE
      product_id = $1
    RETURNING
      id,
      category_id
  )
SELECT
  c.*
FROM
  "categories" c
  JOIN d ON d.category_id = c.id
ORDER BY
  d.id;
