-- Written by `npm run sql:snapshot` from src/modules/catalog/products/product-batch-write.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductBatchWriteRepository.defaultsOf
-- (no statement)

-- ProductBatchWriteRepository.lockProducts
SELECT
  *
FROM
  "products"
WHERE
  id = ANY ($1::int[])
  OR sku = ANY ($2::text[])
ORDER BY
  id
FOR UPDATE;

-- ProductBatchWriteRepository.productsHolding
SELECT
  id,
  sku,
  url_name
FROM
  "products"
WHERE
  sku = ANY ($1::text[])
  OR url_name = ANY ($2::text[]);

-- ProductBatchWriteRepository.takenUrlNames
WITH
  locks AS (
    SELECT
      pg_advisory_xact_lock(hashtext ('products.url_name:' || s))
    FROM
      unnest($1::text[]) AS s
  ),
  held AS (
    SELECT
      count(*) AS n
    FROM
      locks
  )
SELECT
  url_name
FROM
  "products",
  held
WHERE
  held.n >= 0
  AND url_name = ANY ($1::text[])
UNION
SELECT
  url_name
FROM
  "products",
  held
WHERE
  held.n >= 0
  AND url_name_base = ANY ($1::text[]);

-- ProductBatchWriteRepository.variantsHolding
SELECT
  id,
  product_id,
  sku
FROM
  "product_variants"
WHERE
  sku = ANY ($1::text[]);

-- ProductBatchWriteRepository.partsOf (options)
SELECT
  *
FROM
  "product_options"
WHERE
  "product_id" = ANY ($1::int[])
  AND deleted_at IS NULL
ORDER BY
  id;

-- ProductBatchWriteRepository.partsOf (variant tiers)
SELECT
  *
FROM
  "variant_price_tiers"
WHERE
  "variant_id" = ANY ($1::int[])
ORDER BY
  id;

-- ProductBatchWriteRepository.insert
INSERT INTO
  "product_attributes" ("product_id", "name", "value", "sort_order")
SELECT
  x."product_id",
  x."name",
  x."value",
  x."sort_order"
FROM
  ROWS
FROM
  (
    json_to_recordset($1::json) AS (
      "product_id" integer,
      "name" text,
      "value" text,
      "sort_order" integer
    )
  ) WITH ORDINALITY AS x ("product_id", "name", "value", "sort_order", ord)
ORDER BY
  x.ord
RETURNING
  id;

-- ProductBatchWriteRepository.insertParts
INSERT INTO
  "product_attributes" ("product_id", "name", "value", "sort_order")
SELECT
  x."product_id",
  x."name",
  x."value",
  x."sort_order"
FROM
  ROWS
FROM
  (
    json_to_recordset($1::json) AS (
      "product_id" integer,
      "name" text,
      "value" text,
      "sort_order" integer
    )
  ) WITH ORDINALITY AS x ("product_id", "name", "value", "sort_order", ord)
ORDER BY
  x.ord
RETURNING
  *;

-- ProductBatchWriteRepository.updateParts
UPDATE "product_attributes" t
SET
  "name" = x."name",
  "value" = x."value",
  "sort_order" = x."sort_order",
  updated_at = now()
FROM
  json_to_recordset($1::json) AS x (
    id integer,
    "name" text,
    "value" text,
    "sort_order" integer
  )
WHERE
  t.id = x.id
  AND (t."name", t."value", t."sort_order") IS DISTINCT FROM (x."name", x."value", x."sort_order")
RETURNING
  t.*;

-- ProductBatchWriteRepository.update
UPDATE "product_attributes" t
SET
  "name" = x."name",
  "value" = x."value",
  "sort_order" = x."sort_order",
  updated_at = now()
FROM
  json_to_recordset($1::json) AS x (
    id integer,
    "name" text,
    "value" text,
    "sort_order" integer
  )
WHERE
  t.id = x.id
  AND (t."name", t."value", t."sort_order") IS DISTINCT FROM (x."name", x."value", x."sort_order")
RETURNING
  t.id;

-- ProductBatchWriteRepository.remove (hard)
DELETE FROM "product_variants"
WHERE
  id = ANY ($1::int[]);

-- ProductBatchWriteRepository.remove (options (soft))
UPDATE "product_options"
SET
  deleted_at = now(),
  updated_at = now()
WHERE
  id = ANY ($1::int[]);

-- ProductBatchWriteRepository.linkCategories
WITH
  linked AS (
    INSERT INTO
      "product_categories" (product_id, category_id)
    SELECT
      *
    FROM
      unnest($1::int[], $2::int[])
    RETURNING
      id,
      product_id,
      category_id
  )
SELECT
  linked.product_id AS link_product_id,
  c.*
FROM
  linked
  JOIN "categories" c ON c.id = linked.category_id
ORDER BY
  linked.id;

-- ProductBatchWriteRepository.unlinkCategories
WITH
  unlinked AS (
    DELETE FROM "product_categories"
    WHERE
      id = ANY ($1::int[])
    RETURNING
      id,
      product_id,
      category_id
  )
SELECT
  unlinked.product_id AS link_product_id,
  c.*
FROM
  unlinked
  JOIN "categories" c ON c.id = unlinked.category_id
ORDER BY
  unlinked.id;

-- ProductBatchWriteRepository.touchProducts
UPDATE "products"
SET
  updated_at = now()
WHERE
  id = ANY ($1::int[]);
