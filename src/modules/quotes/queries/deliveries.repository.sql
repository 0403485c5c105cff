-- Written by `npm run sql:snapshot` from src/modules/quotes/repositories/deliveries.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- DeliveriesRepository.deliveries.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "quote_deliveries" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."quote_id" AS "r_quote_id",
  "r"."recipient" AS "r_recipient",
  "r"."bcc" AS "r_bcc",
  "r"."message" AS "r_message",
  "r"."kind" AS "r_kind",
  "r"."attach_pdf" AS "r_attach_pdf",
  "r"."status" AS "r_status",
  "r"."attempts" AS "r_attempts",
  "r"."last_error" AS "r_last_error",
  "r"."message_id" AS "r_message_id",
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."next_attempt_at" AS "r_next_attempt_at",
  "r"."sent_at" AS "r_sent_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "quote_deliveries" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- DeliveriesRepository.deliveries.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."quote_id" AS "r_quote_id",
  "r"."recipient" AS "r_recipient",
  "r"."bcc" AS "r_bcc",
  "r"."message" AS "r_message",
  "r"."kind" AS "r_kind",
  "r"."attach_pdf" AS "r_attach_pdf",
  "r"."status" AS "r_status",
  "r"."attempts" AS "r_attempts",
  "r"."last_error" AS "r_last_error",
  "r"."message_id" AS "r_message_id",
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."next_attempt_at" AS "r_next_attempt_at",
  "r"."sent_at" AS "r_sent_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "quote_deliveries" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- DeliveriesRepository.deliveries.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."quote_id" AS "r_quote_id",
  "r"."recipient" AS "r_recipient",
  "r"."bcc" AS "r_bcc",
  "r"."message" AS "r_message",
  "r"."kind" AS "r_kind",
  "r"."attach_pdf" AS "r_attach_pdf",
  "r"."status" AS "r_status",
  "r"."attempts" AS "r_attempts",
  "r"."last_error" AS "r_last_error",
  "r"."message_id" AS "r_message_id",
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."next_attempt_at" AS "r_next_attempt_at",
  "r"."sent_at" AS "r_sent_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "quote_deliveries" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- DeliveriesRepository.deliveries.delete
DELETE FROM "quote_deliveries"
WHERE
  "id" = $1;

-- DeliveriesRepository.insertDeliveries
INSERT INTO
  "quote_deliveries" (
    "quote_id",
    "recipient",
    "bcc",
    "message",
    "kind",
    "attach_pdf",
    "status",
    "attempts",
    "last_error",
    "message_id",
    "claimed_at",
    "leased_until",
    "lease_holder",
    "lease_token",
    "next_attempt_at",
    "sent_at",
    "created_at",
    "updated_at"
  )
VALUES
  (
    $1,
    $2,
    $3,
    $4,
    DEFAULT,
    $5,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT
  ),
  (
    $6,
    $7,
    $8,
    $9,
    $10,
    $11,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT,
    DEFAULT
  )
RETURNING
  *;

-- DeliveriesRepository.claim
WITH
  c AS (
    UPDATE quote_deliveries
    SET
      status = 'sending',
      claimed_at = now(),
      leased_until = now() + make_interval(secs => $2::int),
      lease_holder = $3::text,
      lease_token = $4::uuid,
      attempts = attempts + 1,
      updated_at = now()
    WHERE
      id = ANY ($1::int[])
      AND NOT EXISTS (
        SELECT
          1
        FROM
          store_fences f
        WHERE
          f.store_id = quote_deliveries.store_id
          AND (
            f.state IN ('incoming', 'moved')
            OR f.until > now()
          )
      )
      AND (
        (
          status = 'queued'
          AND (
            next_attempt_at IS NULL
            OR next_attempt_at <= now()
          )
        )
        OR (
          status = 'sending'
          AND (
            leased_until IS NULL
            OR leased_until <= now()
          )
        )
      )
    RETURNING
      id,
      store_id,
      quote_id,
      recipient,
      message,
      bcc,
      attach_pdf,
      kind,
      attempts
  )
SELECT
  *
FROM
  c
ORDER BY
  id;

-- DeliveriesRepository.notYetDue
SELECT
  id,
  greatest(
    ceil(
      extract(
        epoch
        FROM
          coalesce(next_attempt_at, now()) - now()
      ) * 1000
    )::int,
    CASE
      WHEN NOT EXISTS (
        SELECT
          1
        FROM
          store_fences f
        WHERE
          f.store_id = quote_deliveries.store_id
          AND (
            f.state IN ('incoming', 'moved')
            OR f.until > now()
          )
      ) THEN 0
      ELSE 1000
    END
  ) AS wait_ms
FROM
  quote_deliveries
WHERE
  id = ANY ($1::int[])
  AND status = 'queued'
  AND (
    next_attempt_at > now()
    OR NOT NOT EXISTS (
      SELECT
        1
      FROM
        store_fences f
      WHERE
        f.store_id = quote_deliveries.store_id
        AND (
          f.state IN ('incoming', 'moved')
          OR f.until > now()
        )
    )
  )
ORDER BY
  id;

-- DeliveriesRepository.renewClaims
WITH
  r AS (
    UPDATE quote_deliveries
    SET
      leased_until = now() + make_interval(secs => $3::int)
    WHERE
      id = ANY ($1::int[])
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

-- DeliveriesRepository.markSent
WITH
  s AS (
    UPDATE quote_deliveries d
    SET
      status = 'sent',
      sent_at = now(),
      message_id = u.message_id,
      last_error = NULL,
      leased_until = NULL,
      lease_token = NULL,
      updated_at = now()
    FROM
      unnest($1::int[], $2::text[], $3::uuid[]) AS u (id, message_id, token)
    WHERE
      d.id = u.id
      AND d.lease_token = u.token::uuid
    RETURNING
      d.*
  ),
  q AS (
    -- GREATEST: deliveries of one quote commit in any order; now() is each statement's start.
    UPDATE quotes
    SET
      last_sent_at = GREATEST(last_sent_at, now())
    WHERE
      id IN (
        SELECT
          quote_id
        FROM
          s
        WHERE
          s.kind = 'quote'
      )
    RETURNING
      id
  )
SELECT
  s.*
FROM
  s
ORDER BY
  s.id;

-- DeliveriesRepository.markFailed (to retry)
WITH
  f AS (
    UPDATE quote_deliveries
    SET
      status = $2,
      last_error = $3,
      leased_until = NULL,
      lease_token = NULL,
      updated_at = now(),
      next_attempt_at = now() + make_interval(secs => $4)
    WHERE
      id = $1
      AND lease_token = $5::uuid
    RETURNING
      *
  )
SELECT
  *
FROM
  f;

-- DeliveriesRepository.markFailed (for good)
WITH
  f AS (
    UPDATE quote_deliveries
    SET
      status = $2,
      last_error = $3,
      leased_until = NULL,
      lease_token = NULL,
      updated_at = now(),
      next_attempt_at = now() + make_interval(secs => $4)
    WHERE
      id = $1
      AND lease_token = $5::uuid
    RETURNING
      *
  )
SELECT
  *
FROM
  f;

-- DeliveriesRepository.due
SELECT
  id
FROM
  quote_deliveries
WHERE
  (
    status = 'queued'
    AND COALESCE(next_attempt_at, created_at) <= now() - make_interval(secs => $2)
  )
  OR (
    status = 'sending'
    AND leased_until <= now()
  )
ORDER BY
  id
LIMIT
  $1;

-- DeliveriesRepository.expiredClaims
SELECT
  id,
  (
    extract(
      epoch
      FROM
        leased_until
    ) * 1000
  )::bigint::text AS lease_ended_ms
FROM
  quote_deliveries
WHERE
  status = 'sending'
  AND leased_until <= now()
ORDER BY
  id
LIMIT
  $1;
