-- Written by `npm run sql:snapshot` from src/modules/bulk/repositories/imports.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ImportsRepository.imports.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "imports" "r"
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
  "r"."lines" AS "r_lines",
  "r"."processed" AS "r_processed",
  "r"."created" AS "r_created",
  "r"."updated" AS "r_updated",
  "r"."unchanged" AS "r_unchanged",
  "r"."failed" AS "r_failed",
  "r"."last_line" AS "r_last_line",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "imports" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ImportsRepository.imports.find (by id)
SELECT
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."id" AS "r_id",
  "r"."resource" AS "r_resource",
  "r"."status" AS "r_status",
  "r"."lines" AS "r_lines",
  "r"."processed" AS "r_processed",
  "r"."created" AS "r_created",
  "r"."updated" AS "r_updated",
  "r"."unchanged" AS "r_unchanged",
  "r"."failed" AS "r_failed",
  "r"."last_line" AS "r_last_line",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "imports" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ImportsRepository.imports.find (by id, locked)
SELECT
  "r"."claimed_at" AS "r_claimed_at",
  "r"."leased_until" AS "r_leased_until",
  "r"."lease_holder" AS "r_lease_holder",
  "r"."lease_token" AS "r_lease_token",
  "r"."id" AS "r_id",
  "r"."resource" AS "r_resource",
  "r"."status" AS "r_status",
  "r"."lines" AS "r_lines",
  "r"."processed" AS "r_processed",
  "r"."created" AS "r_created",
  "r"."updated" AS "r_updated",
  "r"."unchanged" AS "r_unchanged",
  "r"."failed" AS "r_failed",
  "r"."last_line" AS "r_last_line",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "imports" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ImportsRepository.imports.delete
DELETE FROM "imports"
WHERE
  "id" = $1;

-- ImportsRepository.create
WITH
  r AS (
    INSERT INTO
      "imports" (resource)
    VALUES
      ($1)
    RETURNING
      *
  )
SELECT
  *
FROM
  r;

-- ImportsRepository.copyLines
INSERT INTO
  "import_lines" ("import_id", "line", "body")
SELECT
  *
FROM
  unnest($1::int[], $2::int[], $3::text[]);

-- ImportsRepository.applyAlone
-- (no statement)

-- ImportsRepository.setLines
WITH
  r AS (
    UPDATE "imports"
    SET
      lines = $2
    WHERE
      id = $1
    RETURNING
      *
  )
SELECT
  *
FROM
  r;

-- ImportsRepository.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "imports" "r"
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
  "r"."lines" AS "r_lines",
  "r"."processed" AS "r_processed",
  "r"."created" AS "r_created",
  "r"."updated" AS "r_updated",
  "r"."unchanged" AS "r_unchanged",
  "r"."failed" AS "r_failed",
  "r"."last_line" AS "r_last_line",
  "r"."error" AS "r_error",
  "r"."chunk_attempts" AS "r_chunk_attempts",
  "r"."chunk_error" AS "r_chunk_error",
  "r"."started_at" AS "r_started_at",
  "r"."finished_at" AS "r_finished_at",
  "r"."purged_at" AS "r_purged_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "imports" "r"
WHERE
  "r"."status" = $1
  AND "r"."resource" IN ('products', 'customers')
ORDER BY
  "r"."id" DESC
LIMIT
  10
OFFSET
  0;

-- ImportsRepository.nextLines
SELECT
  line,
  body
FROM
  "import_lines"
WHERE
  import_id = $1
  AND line > $2
  AND line <= (
    SELECT
      coalesce(max(s.line), $2)
    FROM
      (
        SELECT
          line,
          row_number() OVER w AS n,
          sum(coalesce(octet_length(body), 0)) OVER w AS bytes
        FROM
          "import_lines"
        WHERE
          import_id = $1
          AND line > $2
        WINDOW
          w AS (
            ORDER BY
              line ROWS UNBOUNDED PRECEDING
          )
        ORDER BY
          line
        LIMIT
          $3
      ) s
    WHERE
      s.n = 1
      OR s.bytes <= $4
  )
ORDER BY
  line;

-- ImportsRepository.nextLineNumbers
SELECT
  line
FROM
  "import_lines"
WHERE
  import_id = $1
  AND line > $2
  AND line <= (
    SELECT
      coalesce(max(s.line), $2)
    FROM
      (
        SELECT
          line,
          row_number() OVER w AS n,
          sum(coalesce(octet_length(body), 0)) OVER w AS bytes
        FROM
          "import_lines"
        WHERE
          import_id = $1
          AND line > $2
        WINDOW
          w AS (
            ORDER BY
              line ROWS UNBOUNDED PRECEDING
          )
        ORDER BY
          line
        LIMIT
          $3
      ) s
    WHERE
      s.n = 1
      OR s.bytes <= $4
  )
ORDER BY
  line;

-- ImportsRepository.recordChunk
WITH
  r AS (
    SELECT
      *
    FROM
      json_to_recordset($3::json) AS x (
        line int,
        status text,
        id int,
        key text,
        errors jsonb
      )
  ),
  i AS (
    INSERT INTO
      "import_results" (import_id, line, status, resource_id, key, errors)
    SELECT
      $1,
      r.line,
      r.status,
      r.id,
      r.key,
      r.errors
    FROM
      r
    ORDER BY
      r.line
  ),
  c AS (
    SELECT
      count(*)::int AS processed,
      count(*) FILTER (
        WHERE
          status = 'created'
      )::int AS created,
      count(*) FILTER (
        WHERE
          status = 'updated'
      )::int AS updated,
      count(*) FILTER (
        WHERE
          status = 'unchanged'
      )::int AS unchanged,
      count(*) FILTER (
        WHERE
          status = 'failed'
      )::int AS failed,
      max(line) AS last_line
    FROM
      r
  ),
  u AS (
    UPDATE "imports" t
    SET
      processed = t.processed + c.processed,
      created = t.created + c.created,
      updated = t.updated + c.updated,
      unchanged = t.unchanged + c.unchanged,
      failed = t.failed + c.failed,
      last_line = greatest(t.last_line, c.last_line),
      chunk_attempts = 0,
      chunk_error = null,
      updated_at = now()
    FROM
      c
    WHERE
      t.id = $1
      AND t.lease_token = $2::uuid
    RETURNING
      t.*
  )
SELECT
  *
FROM
  u;

-- ImportsRepository.finish
WITH
  d AS (
    DELETE FROM "import_lines"
    WHERE
      import_id = $1
      AND EXISTS (
        SELECT
          1
        FROM
          "imports"
        WHERE
          id = $1
          AND lease_token = $2::uuid
      )
  ),
  u AS (
    UPDATE "imports"
    SET
      status = $3,
      error = $4,
      chunk_attempts = 0,
      chunk_error = null,
      finished_at = now(),
      updated_at = now(),
      leased_until = NULL,
      lease_token = NULL
    WHERE
      id = $1
      AND lease_token = $2::uuid
    RETURNING
      *
  )
SELECT
  *
FROM
  u;

-- ImportsRepository.cancel
WITH
  u AS (
    UPDATE "imports"
    SET
      status = 'cancelled',
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
    DELETE FROM "import_lines"
    WHERE
      import_id IN (
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

-- ImportsRepository.deleteExpiredRows
WITH
  due AS (
    SELECT
      id
    FROM
      "imports"
    WHERE
      purged_at IS NULL
      AND finished_at IS NOT NULL
      AND finished_at <= now() - make_interval(days => $1::int)
    ORDER BY
      finished_at
    LIMIT
      $2
  ),
  r AS (
    DELETE FROM "import_results" t USING (
      SELECT
        import_id,
        line
      FROM
        "import_results"
      WHERE
        import_id IN (
          SELECT
            id
          FROM
            due
        )
      LIMIT
        $3
    ) x
    WHERE
      t.import_id = x.import_id
      AND t.line = x.line
    RETURNING
      1
  ),
  l AS (
    DELETE FROM "import_lines" t USING (
      SELECT
        import_id,
        line
      FROM
        "import_lines"
      WHERE
        import_id IN (
          SELECT
            id
          FROM
            due
        )
      LIMIT
        $3
    ) x
    WHERE
      t.import_id = x.import_id
      AND t.line = x.line
    RETURNING
      1
  )
SELECT
  (
    (
      SELECT
        count(*)
      FROM
        r
    ) + (
      SELECT
        count(*)
      FROM
        l
    )
  )::int AS n;

-- ImportsRepository.markPurged
WITH
  due AS (
    SELECT
      id
    FROM
      "imports"
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
    UPDATE "imports" t
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
          "import_results" r
        WHERE
          r.import_id = t.id
      )
      AND NOT EXISTS (
        SELECT
          1
        FROM
          "import_lines" l
        WHERE
          l.import_id = t.id
      )
    RETURNING
      t.id
  )
SELECT
  count(*)::int AS n
FROM
  u;

-- ImportsRepository.results
SELECT
  line,
  status,
  resource_id AS id,
  key,
  errors
FROM
  "import_results"
WHERE
  import_id = $1
  AND line > $2
ORDER BY
  line
LIMIT
  $3;
