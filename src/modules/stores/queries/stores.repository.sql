-- Written by `npm run sql:snapshot` from src/modules/stores/stores.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- StoresRepository.stores.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "stores" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."handle" AS "r_handle",
  "r"."name" AS "r_name",
  "r"."store_url" AS "r_store_url",
  "r"."currency" AS "r_currency",
  "r"."locale" AS "r_locale",
  "r"."mail_from" AS "r_mail_from",
  "r"."store_email" AS "r_store_email",
  "r"."status" AS "r_status",
  "r"."cluster" AS "r_cluster",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "stores" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- StoresRepository.stores.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."handle" AS "r_handle",
  "r"."name" AS "r_name",
  "r"."store_url" AS "r_store_url",
  "r"."currency" AS "r_currency",
  "r"."locale" AS "r_locale",
  "r"."mail_from" AS "r_mail_from",
  "r"."store_email" AS "r_store_email",
  "r"."status" AS "r_status",
  "r"."cluster" AS "r_cluster",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "stores" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- StoresRepository.stores.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."handle" AS "r_handle",
  "r"."name" AS "r_name",
  "r"."store_url" AS "r_store_url",
  "r"."currency" AS "r_currency",
  "r"."locale" AS "r_locale",
  "r"."mail_from" AS "r_mail_from",
  "r"."store_email" AS "r_store_email",
  "r"."status" AS "r_status",
  "r"."cluster" AS "r_cluster",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "stores" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- StoresRepository.stores.delete
DELETE FROM "stores"
WHERE
  "id" = $1;

-- StoresRepository.directoryVersion
SELECT
  version::text AS version
FROM
  "store_directory_version";

-- StoresRepository.directory
SELECT
  s.*,
  h.hosts,
  v.version::text AS version
FROM
  "stores" s
  CROSS JOIN "store_directory_version" v
  LEFT JOIN LATERAL (
    SELECT
      array_agg(
        host
        ORDER BY
          position
      ) AS hosts
    FROM
      "store_hosts"
    WHERE
      store_id = s.id
  ) h ON true
ORDER BY
  s.id;

-- StoresRepository.lock (by id)
SELECT
  *
FROM
  "stores"
WHERE
  id = $1
FOR UPDATE;

SELECT
  host
FROM
  "store_hosts"
WHERE
  store_id = $1
ORDER BY
  position;

-- StoresRepository.lock (by handle)
SELECT
  *
FROM
  "stores"
WHERE
  handle = $1
FOR UPDATE;

SELECT
  host
FROM
  "store_hosts"
WHERE
  store_id = $1
ORDER BY
  position;

-- StoresRepository.hostsOf
SELECT
  host
FROM
  "store_hosts"
WHERE
  store_id = $1
ORDER BY
  position;

-- StoresRepository.takenHosts
SELECT
  h.host,
  s.handle
FROM
  "store_hosts" h
  JOIN "stores" s ON s.id = h.store_id
WHERE
  h.host = ANY ($2::text[])
  AND h.store_id <> $1
ORDER BY
  h.host;

-- StoresRepository.handleTaken
SELECT
  1
FROM
  "stores"
WHERE
  handle = $1;

-- StoresRepository.insertStarterData
CREATE SEQUENCE "store_2_quote_numbers" START 1001;

CREATE SEQUENCE "store_2_subscription_numbers" START 1001;

CREATE SEQUENCE "store_2_order_numbers" START 1001;

INSERT INTO
  product_types (
    store_id,
    name,
    api_code,
    is_default,
    has_shipping,
    has_inventory,
    has_options,
    has_variants,
    has_extras
  )
VALUES
  (
    $1,
    'Goods',
    'goods',
    true,
    true,
    true,
    true,
    true,
    true
  ),
  (
    $1,
    'Service',
    'service',
    false,
    false,
    false,
    true,
    false,
    true
  ),
  (
    $1,
    'Downloadable',
    'downloadable',
    false,
    false,
    false,
    true,
    true,
    true
  );

-- StoresRepository.insertPlacedCopy
INSERT INTO
  "stores" (
    id,
    handle,
    name,
    currency,
    locale,
    status,
    cluster
  )
VALUES
  ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (id) DO NOTHING;

-- StoresRepository.placeOn
UPDATE "stores"
SET
cluster = $2
WHERE
  id = $1;

-- StoresRepository.replaceHosts
DELETE FROM "store_hosts"
WHERE
  store_id = $1;

INSERT INTO
  "store_hosts" (host, store_id, position)
SELECT
  h.host,
  $1,
  h.position
FROM
  unnest($2::text[]) WITH ORDINALITY AS h (host, position);
