-- Written by `npm run sql:snapshot` from src/common/idempotency/idempotency.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- IdempotencyRepository.live
SELECT
  k.fingerprint,
  k.status,
  k.headers,
  k.body
FROM
  "idempotency_keys" k
WHERE
  k.api_key_id = $1
  AND k.idempotency_key = $2
  AND NOT (
    k.created_at <= now() - make_interval(hours => 24)
    OR (
      k.status IS NULL
      AND k.created_at <= now() - make_interval(secs => 60)
    )
  );

-- IdempotencyRepository.claim
INSERT INTO
  "idempotency_keys" AS k (api_key_id, idempotency_key, fingerprint)
VALUES
  ($1, $2, $3)
ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
SET
  fingerprint = EXCLUDED.fingerprint,
  status = NULL,
  headers = NULL,
  body = NULL,
  created_at = now()
WHERE
  (
    k.created_at <= now() - make_interval(hours => 24)
    OR (
      k.status IS NULL
      AND k.created_at <= now() - make_interval(secs => 60)
    )
  )
RETURNING
  k.id;

-- IdempotencyRepository.complete
UPDATE "idempotency_keys"
SET
  status = $2,
  headers = $3::jsonb,
  body = $4
WHERE
  id = $1;

-- IdempotencyRepository.remember
INSERT INTO
  "idempotency_keys" AS k (
    api_key_id,
    idempotency_key,
    fingerprint,
    status,
    headers,
    body
  )
VALUES
  ($1, $2, $3, $4, $5::jsonb, $6)
ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
SET
  fingerprint = EXCLUDED.fingerprint,
  status = EXCLUDED.status,
  headers = EXCLUDED.headers,
  body = EXCLUDED.body,
  created_at = now()
WHERE
  (
    k.created_at <= now() - make_interval(hours => 24)
    OR (
      k.status IS NULL
      AND k.created_at <= now() - make_interval(secs => 60)
    )
  );

-- IdempotencyRepository.deleteExpired
DELETE FROM "idempotency_keys"
WHERE
  created_at <= now() - make_interval(hours => $1);
