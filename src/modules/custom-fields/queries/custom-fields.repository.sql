-- Written by `npm run sql:snapshot` from src/modules/custom-fields/custom-fields.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- CustomFieldsRepository.definitions.page
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

-- CustomFieldsRepository.definitions.find (by id)
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

-- CustomFieldsRepository.definitions.find (by name)
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

-- CustomFieldsRepository.definitions.find (by id, locked)
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

-- CustomFieldsRepository.definitions.delete
DELETE FROM "custom_field_definitions"
WHERE
  "id" = $1;

-- CustomFieldsRepository.pageOf
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

-- CustomFieldsRepository.findOf (id or name)
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

-- CustomFieldsRepository.findOf (name)
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

-- CustomFieldsRepository.named
SELECT
  *
FROM
  "custom_field_definitions"
WHERE
  entity = $1
  AND name = ANY ($2::text[]);

-- CustomFieldsRepository.withIds
SELECT
  *
FROM
  "custom_field_definitions"
WHERE
  id = ANY ($1::int[]);
