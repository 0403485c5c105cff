-- Written by `npm run sql:snapshot` from src/modules/geography/geography.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- GeographyRepository.countries.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "countries" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."code_3" AS "r_code_3",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "countries" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- GeographyRepository.countries.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."code_3" AS "r_code_3",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "countries" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- GeographyRepository.countries.find (by code)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."code_3" AS "r_code_3",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "countries" "r"
WHERE
  "r"."code" = upper($1)
LIMIT
  1;

-- GeographyRepository.countries.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."code_3" AS "r_code_3",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "countries" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- GeographyRepository.countries.delete
DELETE FROM "countries"
WHERE
  "id" = $1;

-- GeographyRepository.states.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "states" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."country_id" AS "r_country_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "states" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- GeographyRepository.states.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."country_id" AS "r_country_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "states" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- GeographyRepository.states.find (by code)
SELECT
  "r"."id" AS "r_id",
  "r"."country_id" AS "r_country_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "states" "r"
WHERE
  "r"."code" = upper($1)
LIMIT
  1;

-- GeographyRepository.states.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."country_id" AS "r_country_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "states" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."code" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- GeographyRepository.states.delete
DELETE FROM "states"
WHERE
  "id" = $1;

-- GeographyRepository.statesOf
SELECT
  "r"."id" AS "r_id",
  "r"."country_id" AS "r_country_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "states" "r"
WHERE
  "r"."country_id" IN ($1, $2)
ORDER BY
  "r"."id" ASC;

-- GeographyRepository.touchCountries
UPDATE "countries"
SET
  updated_at = now()
WHERE
  id = ANY ($1::int[])
RETURNING
  *;

-- GeographyRepository.countriesByIds
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."code_3" AS "r_code_3",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "countries" "r"
WHERE
  "r"."id" IN ($1, $2);

-- GeographyRepository.statesByIds
SELECT
  "r"."id" AS "r_id",
  "r"."country_id" AS "r_country_id",
  "r"."name" AS "r_name",
  "r"."code" AS "r_code",
  "r"."enabled" AS "r_enabled",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "states" "r"
WHERE
  "r"."id" IN ($1, $2);

-- GeographyRepository.countriesByCodes
SELECT
  *
FROM
  "countries"
WHERE
  code = ANY ($1::text[]);

-- GeographyRepository.statesByCodes
SELECT
  s.*
FROM
  "states" s
  JOIN unnest($1::int[], $2::text[]) AS p (country_id, code) ON s.country_id = p.country_id
  AND s.code = p.code;
