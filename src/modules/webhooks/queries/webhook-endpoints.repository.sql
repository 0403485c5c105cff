-- Written by `npm run sql:snapshot` from src/modules/webhooks/webhook-endpoints.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- WebhookEndpointsRepository.webhooks.page
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

-- WebhookEndpointsRepository.webhooks.find (by id)
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

-- WebhookEndpointsRepository.webhooks.find (by id, locked)
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

-- WebhookEndpointsRepository.webhooks.delete
DELETE FROM "webhooks"
WHERE
  "id" = $1;

-- WebhookEndpointsRepository.rotateSecret
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
