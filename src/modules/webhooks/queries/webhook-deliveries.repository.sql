-- Written by `npm run sql:snapshot` from src/modules/webhooks/webhook-deliveries.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- WebhookDeliveriesRepository.deliveries.page
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

-- WebhookDeliveriesRepository.deliveries.find (by id)
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

-- WebhookDeliveriesRepository.deliveries.find (by id, locked)
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

-- WebhookDeliveriesRepository.deliveries.delete
DELETE FROM "webhook_deliveries"
WHERE
  "id" = $1;

-- WebhookDeliveriesRepository.deliveriesPage
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

-- WebhookDeliveriesRepository.eventTypes
SELECT
  id,
  type
FROM
  "events"
WHERE
  id = ANY ($1::bigint[]);

-- WebhookDeliveriesRepository.redeliver
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

-- WebhookDeliveriesRepository.anyDue
SELECT
  EXISTS (
    SELECT
      1
    FROM
      "webhook_deliveries"
    WHERE
      status = 'queued'
      AND next_attempt_at <= now()
  ) AS due;

-- WebhookDeliveriesRepository.claimDue
WITH
  s AS (
    SELECT
      q.id,
      j.scopes,
      CASE
        WHEN w.api_key_id IS NOT NULL
        AND k.id IS NULL THEN 'The key that last changed the endpoint no longer exists.'
        WHEN k.revoked_at IS NOT NULL THEN 'The key that last changed the endpoint is revoked.'
        WHEN k.expires_at <= now() THEN 'The key that last changed the endpoint has expired.'
        WHEN e.type <> 'webhook.ping'
        AND NOT j.scopes && ARRAY['*', j.grp || ':read', j.grp || ':*'] THEN 'The key that last changed the endpoint lacks the scope "' || COALESCE(j.grp || ':read', e.resource) || '".'
      END AS skipped
    FROM
      "webhook_deliveries" q
      JOIN "webhooks" w ON w.id = q.webhook_id
      AND w.is_active
      JOIN "events" e ON e.id = q.event_id
      LEFT JOIN "api_keys" k ON k.id = w.api_key_id
      CROSS JOIN LATERAL (
        SELECT
          CASE
            WHEN w.api_key_id IS NULL THEN w.scopes
            ELSE k.scopes
          END AS scopes,
          $5::jsonb ->> split_part(e.resource, '.', 1) AS grp
      ) j
    WHERE
      q.status = 'queued'
      AND q.next_attempt_at <= now()
      AND (
        q.leased_until IS NULL
        OR q.leased_until <= now()
      )
      AND NOT EXISTS (
        SELECT
          1
        FROM
          store_fences f
        WHERE
          f.store_id = q.store_id
          AND (
            f.state IN ('incoming', 'moved')
            OR f.until > now()
          )
      )
    ORDER BY
      q.next_attempt_at,
      q.id
    LIMIT
      $1
    FOR UPDATE OF
      q SKIP LOCKED
  ),
  c AS (
    UPDATE "webhook_deliveries" d
    SET
      claimed_at = now(),
      leased_until = now() + make_interval(secs => $2::int),
      lease_holder = $3::text,
      lease_token = $4::uuid,
      attempts = d.attempts + 1,
      updated_at = now()
    FROM
      s
    WHERE
      d.id = s.id
      AND s.skipped IS NULL
    RETURNING
      d.id,
      d.attempts,
      d.webhook_id,
      d.event_id,
      s.scopes,
      s.skipped
  ),
  x AS (
    UPDATE "webhook_deliveries" d
    SET
      status = 'skipped',
      error = s.skipped,
      leased_until = NULL,
      lease_token = NULL,
      updated_at = now()
    FROM
      s
    WHERE
      d.id = s.id
      AND s.skipped IS NOT NULL
    RETURNING
      d.id,
      d.attempts,
      d.webhook_id,
      d.event_id,
      s.scopes,
      s.skipped
  ),
  r AS (
    SELECT
      *
    FROM
      c
    UNION ALL
    SELECT
      *
    FROM
      x
  )
SELECT
  r.id::text AS id,
  r.attempts,
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
    WHEN r.skipped IS NULL
    AND row_number() OVER (
      PARTITION BY
        r.event_id,
        r.skipped IS NULL
      ORDER BY
        r.id
    ) = 1 THEN e.data::text
  END AS data_json,
  e.created_at,
  r.scopes,
  r.skipped
FROM
  r
  JOIN "webhooks" w ON w.id = r.webhook_id
  JOIN "events" e ON e.id = r.event_id
ORDER BY
  r.id;

-- WebhookDeliveriesRepository.renewClaims
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

-- WebhookDeliveriesRepository.recordOutcomes
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

-- WebhookDeliveriesRepository.recordEndpoints
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
