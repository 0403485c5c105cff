-- Written by `npm run sql:snapshot` from src/modules/webhooks/events.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- EventsRepository.recordEvents
WITH
  a AS MATERIALIZED (
    SELECT
      j ->> 'type' AS type,
      j ->> 'resource' AS resource,
      (j ->> 'resource_id')::bigint AS resource_id,
      (j ->> 'rank')::int AS rank,
      j -> 'data' AS data,
      n
    FROM
      jsonb_array_elements($1::jsonb) WITH ORDINALITY AS i (j, n)
  ),
  e AS (
    INSERT INTO
      "events" (type, resource, resource_id, sequence, data)
    SELECT
      a.type,
      a.resource,
      a.resource_id,
      COALESCE(
        (
          SELECT
            max(x.sequence)
          FROM
            "events" x
          WHERE
            x.resource = a.resource
            AND x.resource_id = a.resource_id
        ),
        0
      ) + a.rank,
      a.data
    FROM
      a
    ORDER BY
      a.n
    RETURNING
      id,
      type,
      resource
  ),
  g AS (
    SELECT
      e.id,
      e.type,
      $2::jsonb ->> split_part(e.resource, '.', 1) AS grp
    FROM
      e
  ),
  d AS (
    INSERT INTO
      "webhook_deliveries" (webhook_id, event_id)
    SELECT
      w.id,
      g.id
    FROM
      g
      JOIN "webhooks" w ON w.is_active
    WHERE
      EXISTS (
        SELECT
          1
        FROM
          unnest(w.events) p
        WHERE
          p = '*'
          OR p = g.type
          OR (
            right(p, 2) = '.*'
            AND starts_with(g.type, left(p, -1))
          )
      )
      AND w.scopes && ARRAY['*', g.grp || ':read', g.grp || ':*']
    ORDER BY
      g.id,
      w.id
    RETURNING
      id
  )
SELECT
  (
    SELECT
      count(*)
    FROM
      e
  )::int AS events,
  (
    SELECT
      count(*)
    FROM
      d
  )::int AS deliveries;

-- EventsRepository.recordPing
WITH
  a AS MATERIALIZED (
    SELECT
      j ->> 'type' AS type,
      j ->> 'resource' AS resource,
      (j ->> 'resource_id')::bigint AS resource_id,
      (j ->> 'rank')::int AS rank,
      j -> 'data' AS data,
      n
    FROM
      jsonb_array_elements($1::jsonb) WITH ORDINALITY AS i (j, n)
  ),
  e AS (
    INSERT INTO
      "events" (type, resource, resource_id, sequence, data)
    SELECT
      a.type,
      a.resource,
      a.resource_id,
      COALESCE(
        (
          SELECT
            max(x.sequence)
          FROM
            "events" x
          WHERE
            x.resource = a.resource
            AND x.resource_id = a.resource_id
        ),
        0
      ) + a.rank,
      a.data
    FROM
      a
    RETURNING
      id,
      type
  ),
  d AS (
    INSERT INTO
      "webhook_deliveries" (webhook_id, event_id)
    SELECT
      $2::int,
      e.id
    FROM
      e
    RETURNING
      *
  )
SELECT
  d.*,
  e.type AS event_type
FROM
  d
  JOIN e ON e.id = d.event_id;

-- EventsRepository.eventsPage (plain)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "events" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."type" AS "r_type",
  "r"."resource" AS "r_resource",
  "r"."resource_id" AS "r_resource_id",
  "r"."sequence" AS "r_sequence",
  "r"."data" AS "r_data",
  "r"."created_at" AS "r_created_at"
FROM
  "events" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  50
OFFSET
  0;

-- EventsRepository.eventsPage (filtered)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "events" "r"
    WHERE
      "r"."type" = $1
      AND "r"."resource" = $2
      AND "r"."created_at" >= $3
    LIMIT
      $4
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."type" AS "r_type",
  "r"."resource" AS "r_resource",
  "r"."resource_id" AS "r_resource_id",
  "r"."sequence" AS "r_sequence",
  "r"."data" AS "r_data",
  "r"."created_at" AS "r_created_at"
FROM
  "events" "r"
WHERE
  "r"."type" = $1
  AND "r"."resource" = $2
  AND "r"."created_at" >= $3
ORDER BY
  "r"."id" ASC
LIMIT
  50
OFFSET
  0;

-- EventsRepository.eventsPage (readable)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "events" "r"
    WHERE
      split_part("r"."resource", '.', 1) = ANY ($1)
    LIMIT
      $2
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."type" AS "r_type",
  "r"."resource" AS "r_resource",
  "r"."resource_id" AS "r_resource_id",
  "r"."sequence" AS "r_sequence",
  "r"."data" AS "r_data",
  "r"."created_at" AS "r_created_at"
FROM
  "events" "r"
WHERE
  split_part("r"."resource", '.', 1) = ANY ($1)
ORDER BY
  "r"."id" ASC
LIMIT
  50
OFFSET
  0;
