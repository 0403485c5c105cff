-- Written by `npm run sql:snapshot` from src/modules/webhooks/webhooks.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- WebhooksRepository.webhooks.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "webhooks" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."url" AS "r_url",
  "r"."events" AS "r_events",
  "r"."description" AS "r_description",
  "r"."is_active" AS "r_is_active",
  "r"."secret" AS "r_secret",
  "r"."previous_secret" AS "r_previous_secret",
  "r"."secret_rotated_at" AS "r_secret_rotated_at",
  "r"."disabled_reason" AS "r_disabled_reason",
  "r"."failing_since" AS "r_failing_since",
  "r"."scopes" AS "r_scopes",
  "r"."api_key_id" AS "r_api_key_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "webhooks" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- WebhooksRepository.webhooks.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."url" AS "r_url",
  "r"."events" AS "r_events",
  "r"."description" AS "r_description",
  "r"."is_active" AS "r_is_active",
  "r"."secret" AS "r_secret",
  "r"."previous_secret" AS "r_previous_secret",
  "r"."secret_rotated_at" AS "r_secret_rotated_at",
  "r"."disabled_reason" AS "r_disabled_reason",
  "r"."failing_since" AS "r_failing_since",
  "r"."scopes" AS "r_scopes",
  "r"."api_key_id" AS "r_api_key_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "webhooks" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- WebhooksRepository.webhooks.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."url" AS "r_url",
  "r"."events" AS "r_events",
  "r"."description" AS "r_description",
  "r"."is_active" AS "r_is_active",
  "r"."secret" AS "r_secret",
  "r"."previous_secret" AS "r_previous_secret",
  "r"."secret_rotated_at" AS "r_secret_rotated_at",
  "r"."disabled_reason" AS "r_disabled_reason",
  "r"."failing_since" AS "r_failing_since",
  "r"."scopes" AS "r_scopes",
  "r"."api_key_id" AS "r_api_key_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "webhooks" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- WebhooksRepository.webhooks.delete
DELETE FROM "webhooks"
WHERE
  "id" = $1;

-- WebhooksRepository.deliveries.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "webhook_deliveries" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."webhook_id" AS "r_webhook_id",
  "r"."event_id" AS "r_event_id",
  "r"."status" AS "r_status",
  "r"."attempts" AS "r_attempts",
  "r"."next_attempt_at" AS "r_next_attempt_at",
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."last_status_code" AS "r_last_status_code",
  "r"."duration_ms" AS "r_duration_ms",
  "r"."error" AS "r_error",
  "r"."attempt_log" AS "r_attempt_log",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "webhook_deliveries" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- WebhooksRepository.deliveries.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."webhook_id" AS "r_webhook_id",
  "r"."event_id" AS "r_event_id",
  "r"."status" AS "r_status",
  "r"."attempts" AS "r_attempts",
  "r"."next_attempt_at" AS "r_next_attempt_at",
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."last_status_code" AS "r_last_status_code",
  "r"."duration_ms" AS "r_duration_ms",
  "r"."error" AS "r_error",
  "r"."attempt_log" AS "r_attempt_log",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "webhook_deliveries" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- WebhooksRepository.deliveries.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."webhook_id" AS "r_webhook_id",
  "r"."event_id" AS "r_event_id",
  "r"."status" AS "r_status",
  "r"."attempts" AS "r_attempts",
  "r"."next_attempt_at" AS "r_next_attempt_at",
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."last_status_code" AS "r_last_status_code",
  "r"."duration_ms" AS "r_duration_ms",
  "r"."error" AS "r_error",
  "r"."attempt_log" AS "r_attempt_log",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "webhook_deliveries" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- WebhooksRepository.deliveries.delete
DELETE FROM "webhook_deliveries"
WHERE
  "id" = $1;

-- WebhooksRepository.recordEvents
WITH
  a AS (
    SELECT
      j ->> 'type' AS type,
      j ->> 'resource' AS resource,
      (j ->> 'resource_id')::bigint AS resource_id,
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
      ) + row_number() OVER (
        PARTITION BY
          a.resource,
          a.resource_id
        ORDER BY
          a.n
      ),
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

-- WebhooksRepository.recordPing
WITH
  a AS (
    SELECT
      j ->> 'type' AS type,
      j ->> 'resource' AS resource,
      (j ->> 'resource_id')::bigint AS resource_id,
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
      ) + row_number() OVER (
        PARTITION BY
          a.resource,
          a.resource_id
        ORDER BY
          a.n
      ),
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

-- WebhooksRepository.rotateSecret
UPDATE "webhooks"
SET
  previous_secret = secret,
  secret_rotated_at = now(),
  secret = $2,
  updated_at = now()
WHERE
  id = $1
RETURNING
  *;

-- WebhooksRepository.eventsPage (plain)
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

-- WebhooksRepository.eventsPage (filtered)
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

-- WebhooksRepository.eventsPage (readable)
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

-- WebhooksRepository.deliveriesPage
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "webhook_deliveries" "r"
    WHERE
      "r"."webhook_id" = $1
    LIMIT
      $2
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."webhook_id" AS "r_webhook_id",
  "r"."event_id" AS "r_event_id",
  "r"."status" AS "r_status",
  "r"."attempts" AS "r_attempts",
  "r"."next_attempt_at" AS "r_next_attempt_at",
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."last_status_code" AS "r_last_status_code",
  "r"."duration_ms" AS "r_duration_ms",
  "r"."error" AS "r_error",
  "r"."attempt_log" AS "r_attempt_log",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "webhook_deliveries" "r"
WHERE
  "r"."webhook_id" = $1
ORDER BY
  "r"."id" ASC
LIMIT
  50
OFFSET
  0;

-- WebhooksRepository.eventTypes
SELECT
  id,
  type
FROM
  "events"
WHERE
  id = ANY ($1::bigint[]);

-- WebhooksRepository.redeliver
WITH
  d AS (
    INSERT INTO
      "webhook_deliveries" (webhook_id, event_id)
    VALUES
      ($1::int, $2::bigint)
    RETURNING
      *
  )
SELECT
  d.*,
  e.type AS event_type
FROM
  d
  JOIN "events" e ON e.id = d.event_id;

-- WebhooksRepository.claimDue
WITH
  c AS (
    UPDATE "webhook_deliveries" d
    SET
      claimed_at = now(),
      leased_until = now() + make_interval(secs => $2::int),
      lease_holder = $3::text,
      lease_token = $4::uuid,
      attempts = d.attempts + 1,
      updated_at = now()
    WHERE
      d.id IN (
        SELECT
          q.id
        FROM
          "webhook_deliveries" q
        WHERE
          q.status = 'queued'
          AND q.next_attempt_at <= now()
          AND (
            q.leased_until IS NULL
            OR q.leased_until <= now()
          )
          AND EXISTS (
            SELECT
              1
            FROM
              "webhooks" w
            WHERE
              w.id = q.webhook_id
              AND w.is_active
          )
        ORDER BY
          q.next_attempt_at,
          q.id
        LIMIT
          $1
        FOR UPDATE OF
          q SKIP LOCKED
      )
    RETURNING
      d.id,
      d.attempts,
      d.webhook_id,
      d.event_id
  )
SELECT
  c.id::text AS id,
  c.attempts,
  w.id AS webhook_id,
  w.url,
  w.secret,
  CASE
    WHEN w.secret_rotated_at > now() - make_interval(secs => 86400) THEN w.previous_secret
  END AS previous_secret,
  e.id AS event_id,
  e.type,
  e.resource,
  e.resource_id,
  e.sequence,
  CASE
    WHEN row_number() OVER (
      PARTITION BY
        c.event_id
      ORDER BY
        c.id
    ) = 1 THEN e.data::text
  END AS data_json,
  e.created_at,
  w.scopes
FROM
  c
  JOIN "webhooks" w ON w.id = c.webhook_id
  JOIN "events" e ON e.id = c.event_id
ORDER BY
  c.id;

-- WebhooksRepository.renewClaims
WITH
  r AS (
    UPDATE webhook_deliveries
    SET
      leased_until = now() + make_interval(secs => $3::int)
    WHERE
      id = ANY ($1::bigint[])
      AND lease_token = $2::uuid
    RETURNING
      id
  )
SELECT
  id::text AS id
FROM
  r
ORDER BY
  id;

-- WebhooksRepository.recordOutcomes
WITH
  o AS (
    SELECT
      *
    FROM
      jsonb_to_recordset($1::jsonb) AS x (
        id bigint,
        at timestamptz,
        status text,
        wait_ms int,
        status_code int,
        duration_ms int,
        error text
      )
  ),
  u AS (
    UPDATE "webhook_deliveries" d
    SET
      status = o.status,
      leased_until = NULL,
      lease_token = NULL,
      last_status_code = o.status_code,
      duration_ms = o.duration_ms,
      error = o.error,
      updated_at = now(),
      attempt_log = CASE
        WHEN jsonb_array_length(d.attempt_log) >= 20 THEN d.attempt_log - 0
        ELSE d.attempt_log
      END || jsonb_build_array(
        jsonb_build_object(
          'attempt',
          d.attempts,
          'at',
          o.at,
          'status_code',
          o.status_code,
          'duration_ms',
          o.duration_ms,
          'error',
          o.error
        )
      ),
      next_attempt_at = CASE
        WHEN o.wait_ms IS NULL THEN d.next_attempt_at
        ELSE now() + make_interval(secs => o.wait_ms / 1000.0)
      END
    FROM
      o
    WHERE
      d.id = o.id
      AND d.lease_token = $2::uuid
    RETURNING
      d.id
  )
SELECT
  id::text AS id
FROM
  u;

-- WebhooksRepository.recordEndpoints
WITH
  o AS (
    SELECT
      *
    FROM
      jsonb_to_recordset($1::jsonb) AS x (webhook_id int, succeeded boolean, gone boolean)
  ),
  l AS (
    SELECT
      w.id
    FROM
      "webhooks" w
    WHERE
      w.id IN (
        SELECT
          webhook_id
        FROM
          o
      )
    ORDER BY
      w.id
    FOR UPDATE
  ),
  u AS (
    UPDATE "webhooks" w
    SET
      failing_since = CASE
        WHEN o.succeeded THEN NULL
        ELSE COALESCE(w.failing_since, now())
      END,
      is_active = CASE
        WHEN o.gone
        OR (
          NOT o.succeeded
          AND w.failing_since <= now() - make_interval(secs => $2::int)
        ) THEN false
        ELSE w.is_active
      END,
      disabled_reason = CASE
        WHEN o.gone THEN 'The endpoint answered 410 Gone.'
        WHEN NOT o.succeeded
        AND w.failing_since <= now() - make_interval(secs => $2::int) THEN 'Every delivery failed for ' || ($2::int / 3600) || ' hours.'
        ELSE w.disabled_reason
      END
    FROM
      o
      JOIN l ON l.id = o.webhook_id
    WHERE
      w.id = o.webhook_id
      AND w.is_active
      AND (
        o.gone
        OR NOT o.succeeded
        OR w.failing_since IS NOT NULL
      )
    RETURNING
      w.id,
      w.is_active
  )
SELECT
  id
FROM
  u
WHERE
  NOT is_active
ORDER BY
  id;
