-- Written by `npm run sql:snapshot` from src/modules/cart/cart.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- CartRepository.decide (accept)
WITH
  a AS (
    UPDATE quotes
    SET
      accepted_at = now(),
      status = 'accepted',
      updated_at = now()
    WHERE
      cart_link_id = $1
      AND status = 'active'
      AND (
        expires_at IS NULL
        OR expires_at > now()
      )
      AND (
        $2::int IS NULL
        OR revision = $2::int
      )
    RETURNING
      id
  )
SELECT
  q.id,
  EXISTS (
    SELECT
      1
    FROM
      a
  ) AS decided,
  q.status,
  q.revision,
  (
    q.expires_at IS NOT NULL
    AND q.expires_at <= now()
  ) AS expired
FROM
  quotes q
WHERE
  q.cart_link_id = $1;

-- CartRepository.decide (decline)
WITH
  a AS (
    UPDATE quotes
    SET
      declined_at = now(),
      decline_reason = $3::text,
      status = 'declined',
      updated_at = now()
    WHERE
      cart_link_id = $1
      AND status = 'active'
      AND (
        expires_at IS NULL
        OR expires_at > now()
      )
      AND (
        $2::int IS NULL
        OR revision = $2::int
      )
    RETURNING
      id
  )
SELECT
  q.id,
  EXISTS (
    SELECT
      1
    FROM
      a
  ) AS decided,
  q.status,
  q.revision,
  (
    q.expires_at IS NOT NULL
    AND q.expires_at <= now()
  ) AS expired
FROM
  quotes q
WHERE
  q.cart_link_id = $1;
