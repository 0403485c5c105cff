-- Written by `npm run sql:snapshot` from src/modules/cart/server-secrets.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ServerSecretsRepository.find
SELECT
  value
FROM
  server_secrets
WHERE
  name = $1;

-- ServerSecretsRepository.offer
INSERT INTO
  server_secrets (name, value)
VALUES
  ($1, $2)
ON CONFLICT (name) DO NOTHING;
