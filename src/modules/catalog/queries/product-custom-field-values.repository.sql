-- Written by `npm run sql:snapshot` from src/modules/catalog/parts/product-custom-field-values.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

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
  "store_id",
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
