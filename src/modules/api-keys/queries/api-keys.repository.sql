-- Written by `npm run sql:snapshot` from src/modules/api-keys/api-keys.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ApiKeysRepository.keys.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "api_keys" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."store_id" AS "r_store_id",
  "r"."name" AS "r_name",
  "r"."token_hash" AS "r_token_hash",
  "r"."secret_hash" AS "r_secret_hash",
  "r"."scopes" AS "r_scopes",
  "r"."expires_at" AS "r_expires_at",
  "r"."revoked_at" AS "r_revoked_at",
  "r"."last_used_at" AS "r_last_used_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "api_keys" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ApiKeysRepository.keys.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."store_id" AS "r_store_id",
  "r"."name" AS "r_name",
  "r"."token_hash" AS "r_token_hash",
  "r"."secret_hash" AS "r_secret_hash",
  "r"."scopes" AS "r_scopes",
  "r"."expires_at" AS "r_expires_at",
  "r"."revoked_at" AS "r_revoked_at",
  "r"."last_used_at" AS "r_last_used_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "api_keys" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ApiKeysRepository.keys.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."store_id" AS "r_store_id",
  "r"."name" AS "r_name",
  "r"."token_hash" AS "r_token_hash",
  "r"."secret_hash" AS "r_secret_hash",
  "r"."scopes" AS "r_scopes",
  "r"."expires_at" AS "r_expires_at",
  "r"."revoked_at" AS "r_revoked_at",
  "r"."last_used_at" AS "r_last_used_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "api_keys" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ApiKeysRepository.keys.delete
DELETE FROM "api_keys"
WHERE
  "id" = $1;

-- ApiKeysRepository.list
SELECT
  "ApiKey"."id" AS "ApiKey_id",
  "ApiKey"."store_id" AS "ApiKey_store_id",
  "ApiKey"."name" AS "ApiKey_name",
  "ApiKey"."token_hash" AS "ApiKey_token_hash",
  "ApiKey"."secret_hash" AS "ApiKey_secret_hash",
  "ApiKey"."scopes" AS "ApiKey_scopes",
  "ApiKey"."expires_at" AS "ApiKey_expires_at",
  "ApiKey"."revoked_at" AS "ApiKey_revoked_at",
  "ApiKey"."last_used_at" AS "ApiKey_last_used_at",
  "ApiKey"."created_at" AS "ApiKey_created_at",
  "ApiKey"."updated_at" AS "ApiKey_updated_at"
FROM
  "api_keys" "ApiKey"
WHERE
  (("ApiKey"."store_id" = $1))
ORDER BY
  "ApiKey"."id" ASC;

-- ApiKeysRepository.revoke
UPDATE "api_keys"
SET
  "revoked_at" = COALESCE("revoked_at", now()),
  "updated_at" = CURRENT_TIMESTAMP
WHERE
  "id" = $1;

-- ApiKeysRepository.activeByTokenHash
SELECT
  id,
  store_id,
  name,
  scopes,
  expires_at,
  created_at
FROM
  "api_keys"
WHERE
  token_hash = $1
  AND revoked_at IS NULL
  AND (
    expires_at IS NULL
    OR expires_at > now()
  );

-- ApiKeysRepository.recordUse
UPDATE "api_keys"
SET
  last_used_at = now()
WHERE
  id = $1;

-- ApiKeysRepository.listenForChanges
LISTEN api_key_changed;

-- ApiKeysRepository.announce
SELECT
  pg_notify ('api_key_changed', $1);
