-- Written by `npm run sql:snapshot` from src/modules/catalog/parts/product-custom-field-values.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductCustomFieldValuesRepository.definitions.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "custom_field_definitions" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."label" AS "r_label",
  "r"."entity" AS "r_entity",
  "r"."type" AS "r_type",
  "r"."options" AS "r_options",
  "r"."is_required" AS "r_is_required",
  "r"."default_value" AS "r_default_value",
  "r"."description" AS "r_description",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "custom_field_definitions" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ProductCustomFieldValuesRepository.definitions.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."label" AS "r_label",
  "r"."entity" AS "r_entity",
  "r"."type" AS "r_type",
  "r"."options" AS "r_options",
  "r"."is_required" AS "r_is_required",
  "r"."default_value" AS "r_default_value",
  "r"."description" AS "r_description",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "custom_field_definitions" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."name" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- ProductCustomFieldValuesRepository.definitions.find (by name)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."label" AS "r_label",
  "r"."entity" AS "r_entity",
  "r"."type" AS "r_type",
  "r"."options" AS "r_options",
  "r"."is_required" AS "r_is_required",
  "r"."default_value" AS "r_default_value",
  "r"."description" AS "r_description",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "custom_field_definitions" "r"
WHERE
  "r"."name" = $1
LIMIT
  1;

-- ProductCustomFieldValuesRepository.definitions.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."label" AS "r_label",
  "r"."entity" AS "r_entity",
  "r"."type" AS "r_type",
  "r"."options" AS "r_options",
  "r"."is_required" AS "r_is_required",
  "r"."default_value" AS "r_default_value",
  "r"."description" AS "r_description",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "custom_field_definitions" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."name" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- ProductCustomFieldValuesRepository.definitions.delete
DELETE FROM "custom_field_definitions"
WHERE
  "id" = $1;

-- ProductCustomFieldValuesRepository.definitionsPage
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "custom_field_definitions" "r"
    WHERE
      "r"."entity" = $1
    LIMIT
      $2
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."label" AS "r_label",
  "r"."entity" AS "r_entity",
  "r"."type" AS "r_type",
  "r"."options" AS "r_options",
  "r"."is_required" AS "r_is_required",
  "r"."default_value" AS "r_default_value",
  "r"."description" AS "r_description",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "custom_field_definitions" "r"
WHERE
  "r"."entity" = $1
ORDER BY
  "r"."id" ASC
LIMIT
  10
OFFSET
  0;

-- ProductCustomFieldValuesRepository.findDefinition (id or name)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."label" AS "r_label",
  "r"."entity" AS "r_entity",
  "r"."type" AS "r_type",
  "r"."options" AS "r_options",
  "r"."is_required" AS "r_is_required",
  "r"."default_value" AS "r_default_value",
  "r"."description" AS "r_description",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "custom_field_definitions" "r"
WHERE
  "r"."entity" = $1
  AND (
    "r"."id" = $2
    OR "r"."name" = $3
  )
ORDER BY
  CASE
    WHEN "r"."id" = $2 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- ProductCustomFieldValuesRepository.findDefinition (name)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."label" AS "r_label",
  "r"."entity" AS "r_entity",
  "r"."type" AS "r_type",
  "r"."options" AS "r_options",
  "r"."is_required" AS "r_is_required",
  "r"."default_value" AS "r_default_value",
  "r"."description" AS "r_description",
  "r"."sort_order" AS "r_sort_order",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "custom_field_definitions" "r"
WHERE
  "r"."entity" = $1
  AND "r"."name" = $2
LIMIT
  1;

-- ProductCustomFieldValuesRepository.valuesOf
SELECT
  "ProductCustomFieldValue"."id" AS "ProductCustomFieldValue_id",
  "ProductCustomFieldValue"."product_id" AS "ProductCustomFieldValue_product_id",
  "ProductCustomFieldValue"."definition_id" AS "ProductCustomFieldValue_definition_id",
  "ProductCustomFieldValue"."value" AS "ProductCustomFieldValue_value",
  "ProductCustomFieldValue"."created_at" AS "ProductCustomFieldValue_created_at",
  "ProductCustomFieldValue"."updated_at" AS "ProductCustomFieldValue_updated_at"
FROM
  "product_custom_field_values" "ProductCustomFieldValue"
WHERE
  (
    ("ProductCustomFieldValue"."product_id" = $1)
    AND (
      "ProductCustomFieldValue"."definition_id" IN ($2, $3)
    )
  );

-- ProductCustomFieldValuesRepository.storedValue
SELECT
  "ProductCustomFieldValue"."id" AS "ProductCustomFieldValue_id",
  "ProductCustomFieldValue"."product_id" AS "ProductCustomFieldValue_product_id",
  "ProductCustomFieldValue"."definition_id" AS "ProductCustomFieldValue_definition_id",
  "ProductCustomFieldValue"."value" AS "ProductCustomFieldValue_value",
  "ProductCustomFieldValue"."created_at" AS "ProductCustomFieldValue_created_at",
  "ProductCustomFieldValue"."updated_at" AS "ProductCustomFieldValue_updated_at"
FROM
  "product_custom_field_values" "ProductCustomFieldValue"
WHERE
  (
    ("ProductCustomFieldValue"."product_id" = $1)
    AND ("ProductCustomFieldValue"."definition_id" = $2)
  )
LIMIT
  1;

-- ProductCustomFieldValuesRepository.setValue
INSERT INTO
  "product_custom_field_values" (
    "product_id",
    "definition_id",
    "value",
    "created_at",
    "updated_at"
  )
VALUES
  ($1, $2, $3, DEFAULT, DEFAULT)
ON CONFLICT ("product_id", "definition_id") DO UPDATE
SET
  "value" = EXCLUDED."value",
  "updated_at" = EXCLUDED."updated_at"
RETURNING
  "id",
  "created_at",
  "updated_at";

-- ProductCustomFieldValuesRepository.clearValue
DELETE FROM "product_custom_field_values"
WHERE
  (
    "product_id" = $1
    AND "definition_id" = $2
  );
