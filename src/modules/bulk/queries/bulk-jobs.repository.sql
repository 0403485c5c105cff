-- Written by `npm run sql:snapshot` from src/modules/bulk/repositories/bulk-jobs.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- BulkJobsRepository.claimNext (an import)
WITH
  c AS (
    UPDATE "imports" j
    SET
      status = 'running',
      started_at = coalesce(j.started_at, now()),
      updated_at = now(),
      claimed_at = now(),
      leased_until = now() + make_interval(secs => $1::int),
      lease_holder = $2::text,
      lease_token = $3::uuid
    WHERE
      j.id = (
        SELECT
          q.id
        FROM
          "imports" q
        WHERE
          q.status IN ('queued', 'running')
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
          AND (
            $4::int IS NULL
            OR q.id = $4::int
          )
        ORDER BY
          q.leased_until IS NULL,
          q.claimed_at NULLS FIRST,
          q.id
        LIMIT
          1
        FOR UPDATE
          SKIP LOCKED
      )
    RETURNING
      j.*
  )
SELECT
  *
FROM
  c;

-- BulkJobsRepository.claimNext (an export)
WITH
  c AS (
    UPDATE "exports" j
    SET
      status = 'running',
      started_at = coalesce(j.started_at, now()),
      updated_at = now(),
      claimed_at = now(),
      leased_until = now() + make_interval(secs => $1::int),
      lease_holder = $2::text,
      lease_token = $3::uuid
    WHERE
      j.id = (
        SELECT
          q.id
        FROM
          "exports" q
        WHERE
          q.status IN ('queued', 'running')
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
          AND (
            $4::int IS NULL
            OR q.id = $4::int
          )
        ORDER BY
          q.leased_until IS NULL,
          q.claimed_at NULLS FIRST,
          q.id
        LIMIT
          1
        FOR UPDATE
          SKIP LOCKED
      )
    RETURNING
      j.*
  )
SELECT
  *
FROM
  c;

-- BulkJobsRepository.claimNext (one import)
WITH
  c AS (
    UPDATE "imports" j
    SET
      status = 'running',
      started_at = coalesce(j.started_at, now()),
      updated_at = now(),
      claimed_at = now(),
      leased_until = now() + make_interval(secs => $1::int),
      lease_holder = $2::text,
      lease_token = $3::uuid
    WHERE
      j.id = (
        SELECT
          q.id
        FROM
          "imports" q
        WHERE
          q.status IN ('queued', 'running')
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
          AND (
            $4::int IS NULL
            OR q.id = $4::int
          )
        ORDER BY
          q.leased_until IS NULL,
          q.claimed_at NULLS FIRST,
          q.id
        LIMIT
          1
        FOR UPDATE
          SKIP LOCKED
      )
    RETURNING
      j.*
  )
SELECT
  *
FROM
  c;

-- BulkJobsRepository.beginChunkAttempt (an import)
WITH
  u AS (
    UPDATE "imports"
    SET
      chunk_attempts = chunk_attempts + 1
    WHERE
      id = $1
      AND status = 'running'
      AND lease_token = $2::uuid
    RETURNING
      chunk_attempts,
      chunk_error
  )
SELECT
  *
FROM
  u;

-- BulkJobsRepository.beginChunkAttempt (an export)
WITH
  u AS (
    UPDATE "exports"
    SET
      chunk_attempts = chunk_attempts + 1
    WHERE
      id = $1
      AND status = 'running'
      AND lease_token = $2::uuid
    RETURNING
      chunk_attempts,
      chunk_error
  )
SELECT
  *
FROM
  u;

-- BulkJobsRepository.noteChunkFailure (an import)
UPDATE "imports"
SET
  chunk_error = $3
WHERE
  id = $1
  AND lease_token = $2::uuid;

-- BulkJobsRepository.noteChunkFailure (an export)
UPDATE "exports"
SET
  chunk_error = $3
WHERE
  id = $1
  AND lease_token = $2::uuid;

-- BulkJobsRepository.lockHeld (an import)
SELECT
  j.*
FROM
  "imports" j
  CROSS JOIN (
    SELECT
      set_config('idle_in_transaction_session_timeout', $3, true)
  ) AS bound
WHERE
  j.id = $1
  AND j.lease_token = $2::uuid
  AND j.status = 'running'
FOR UPDATE OF
  j;

-- BulkJobsRepository.lockHeld (an export)
SELECT
  j.*
FROM
  "exports" j
  CROSS JOIN (
    SELECT
      set_config('idle_in_transaction_session_timeout', $3, true)
  ) AS bound
WHERE
  j.id = $1
  AND j.lease_token = $2::uuid
  AND j.status = 'running'
FOR UPDATE OF
  j;

-- BulkJobsRepository.refreshStatistics
ANALYZE (SKIP_LOCKED) "imports",
"exports";

-- BulkJobsRepository.othersWaiting
SELECT
  EXISTS (
    SELECT
      1
    FROM
      "imports" q
    WHERE
      q.status IN ('queued', 'running')
      AND (
        q.leased_until IS NULL
        OR q.leased_until <= now()
      )
      AND q.id <> $1::int
  )
  OR EXISTS (
    SELECT
      1
    FROM
      "exports" q
    WHERE
      q.status IN ('queued', 'running')
      AND (
        q.leased_until IS NULL
        OR q.leased_until <= now()
      )
  ) AS waiting;

-- BulkJobsRepository.lockBound
SELECT
  pg_advisory_xact_lock(
    hashtext ($1 || ':' || coalesce(app_store_id ()::text, ''))
  );

-- BulkJobsRepository.countActive
SELECT
  (
    SELECT
      count(*)
    FROM
      "imports"
    WHERE
      status IN ('queued', 'running')
  )::int + (
    SELECT
      count(*)
    FROM
      "exports"
    WHERE
      status IN ('queued', 'running')
  )::int AS n;

-- BulkJobsRepository.expired
SELECT
  (
    purged_at IS NOT NULL
    OR finished_at <= now() - make_interval(days => $2::int)
  ) AS expired
FROM
  "imports"
WHERE
  id = $1;

-- BulkJobsRepository.release
UPDATE "imports"
SET
  leased_until = NULL,
  lease_token = NULL
WHERE
  id = $1
  AND lease_token = $2::uuid;

-- BulkJobsRepository.renew
WITH
  r AS (
    UPDATE imports
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
