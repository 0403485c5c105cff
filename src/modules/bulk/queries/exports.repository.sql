-- Written by `npm run sql:snapshot` from src/modules/bulk/repositories/exports.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ExportsRepository.exports.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "exports" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."id" AS "r_id",
  "r"."resource" AS "r_resource",
  "r"."status" AS "r_status",
  "r"."updated_at_min" AS "r_updated_at_min",
  "r"."lines" AS "r_lines",
  "r"."last_id" AS "r_last_id",
  "r"."snapshot_at" AS "r_snapshot_at",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."expires_at" AS "r_expires_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "exports" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ExportsRepository.exports.find (by id)
SELECT
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."id" AS "r_id",
  "r"."resource" AS "r_resource",
  "r"."status" AS "r_status",
  "r"."updated_at_min" AS "r_updated_at_min",
  "r"."lines" AS "r_lines",
  "r"."last_id" AS "r_last_id",
  "r"."snapshot_at" AS "r_snapshot_at",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."expires_at" AS "r_expires_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "exports" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ExportsRepository.exports.find (by id, locked)
SELECT
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."id" AS "r_id",
  "r"."resource" AS "r_resource",
  "r"."status" AS "r_status",
  "r"."updated_at_min" AS "r_updated_at_min",
  "r"."lines" AS "r_lines",
  "r"."last_id" AS "r_last_id",
  "r"."snapshot_at" AS "r_snapshot_at",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."expires_at" AS "r_expires_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "exports" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ExportsRepository.exports.delete
DELETE FROM "exports"
WHERE
  "id" = $1;

-- ExportsRepository.create
WITH
  r AS (
    INSERT INTO
      "exports" (resource, updated_at_min)
    VALUES
      ($1, $2)
    RETURNING
      *
  )
SELECT
  *
FROM
  r;

-- ExportsRepository.find
SELECT
  r.*
FROM
  "exports" r
WHERE
  r.id = $1;

-- ExportsRepository.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "exports" "r"
    WHERE
      "r"."status" = $1
      AND "r"."resource" IN ('products', 'customers')
    LIMIT
      $2
  ) counted;

SELECT
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."id" AS "r_id",
  "r"."resource" AS "r_resource",
  "r"."status" AS "r_status",
  "r"."updated_at_min" AS "r_updated_at_min",
  "r"."lines" AS "r_lines",
  "r"."last_id" AS "r_last_id",
  "r"."snapshot_at" AS "r_snapshot_at",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."expires_at" AS "r_expires_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "exports" "r"
WHERE
  "r"."status" = $1
  AND "r"."resource" IN ('products', 'customers')
ORDER BY
  "r"."id" DESC
LIMIT
  10
OFFSET
  0;

-- ExportsRepository.recordChunk
WITH
  held AS (
    SELECT
      id,
      lines
    FROM
      "exports"
    WHERE
      id = $1
      AND lease_token = $2::uuid
  ),
  i AS (
    INSERT INTO
      "export_lines" (export_id, line, body)
    SELECT
      held.id,
      held.lines + b.n,
      b.body
    FROM
      held,
      unnest($3::text[]) WITH ORDINALITY AS b (body, n)
  ),
  u AS (
    UPDATE "exports" t
    SET
      lines = t.lines + cardinality($3::text[]),
      last_id = $4,
      chunk_attempts = 0,
      chunk_error = null,
      updated_at = now()
    FROM
      held
    WHERE
      t.id = held.id
    RETURNING
      t.*
  )
SELECT
  *
FROM
  u;

-- ExportsRepository.finish
WITH
  u AS (
    UPDATE "exports"
    SET
      status = $3::text,
      error = $4,
      chunk_attempts = 0,
      chunk_error = null,
      finished_at = now(),
      updated_at = now(),
      expires_at = CASE
        WHEN $3::text = 'completed' THEN now() + make_interval(days => $5::int)
      END,
      leased_until = NULL,
      lease_token = NULL
    WHERE
      id = $1
      AND lease_token = $2::uuid
    RETURNING
      *
  ),
  d AS (
    DELETE FROM "export_lines"
    WHERE
      export_id IN (
        SELECT
          id
        FROM
          u
        WHERE
          status <> 'completed'
      )
  )
SELECT
  *
FROM
  u;

-- ExportsRepository.cancel
WITH
  u AS (
    UPDATE "exports"
    SET
      status = 'cancelled',
      chunk_attempts = 0,
      chunk_error = null,
      finished_at = now(),
      updated_at = now(),
      leased_until = NULL,
      lease_token = NULL
    WHERE
      id = $1
      AND status IN ('queued', 'running')
    RETURNING
      *
  ),
  d AS (
    DELETE FROM "export_lines"
    WHERE
      export_id IN (
        SELECT
          id
        FROM
          u
      )
  )
SELECT
  *
FROM
  u;

-- ExportsRepository.snapshotBound
SELECT
  least(
    statement_timestamp(),
    min(least(a.xact_start, a.query_start))
  ) - interval '1 second' AS at
FROM
  pg_stat_activity a
WHERE
  a.datname = current_database()
  AND a.backend_type = 'client backend'
  AND a.state IS DISTINCT FROM 'idle';

-- ExportsRepository.markSnapshot
UPDATE "exports"
SET
  snapshot_at = $3
WHERE
  id = $1
  AND snapshot_at IS NULL
  AND lease_token = $2::uuid;

-- ExportsRepository.fileLines
SELECT
  line,
  body
FROM
  "export_lines"
WHERE
  export_id = $1
  AND line > $2
ORDER BY
  line
LIMIT
  $3;

-- ExportsRepository.deleteExpiredRows
WITH
  due AS (
    SELECT
      id
    FROM
      "exports"
    WHERE
      purged_at IS NULL
      AND finished_at IS NOT NULL
      AND finished_at <= now() - make_interval(days => $1::int)
    ORDER BY
      finished_at
    LIMIT
      $2
  ),
  l AS (
    DELETE FROM "export_lines" t USING (
      SELECT
        export_id,
        line
      FROM
        "export_lines"
      WHERE
        export_id IN (
          SELECT
            id
          FROM
            due
        )
      LIMIT
        $3
    ) x
    WHERE
      t.export_id = x.export_id
      AND t.line = x.line
    RETURNING
      1
  )
SELECT
  count(*)::int AS n
FROM
  l;

-- ExportsRepository.markPurged
WITH
  due AS (
    SELECT
      id
    FROM
      "exports"
    WHERE
      purged_at IS NULL
      AND finished_at IS NOT NULL
      AND finished_at <= now() - make_interval(days => $1::int)
    ORDER BY
      finished_at
    LIMIT
      $2
  ),
  u AS (
    UPDATE "exports" t
    SET
      purged_at = now()
    FROM
      due
    WHERE
      t.id = due.id
      AND NOT EXISTS (
        SELECT
          1
        FROM
          "export_lines" l
        WHERE
          l.export_id = t.id
      )
    RETURNING
      t.id
  )
SELECT
  count(*)::int AS n
FROM
  u;
