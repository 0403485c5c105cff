-- Written by `npm run sql:snapshot` from src/modules/quotes/repositories/buyer-quotes.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- BuyerQuotesRepository.byCartLink
SELECT
  json_build_object(
    'id',
    q.id,
    'number',
    q.number,
    'name',
    q.name,
    'cart_link_id',
    q.cart_link_id,
    'cart_link_version',
    q.cart_link_version,
    'status',
    q.status,
    'revision',
    q.revision,
    'expires_at',
    q.expires_at,
    'accepted_at',
    q.accepted_at,
    'declined_at',
    q.declined_at,
    'decline_reason',
    q.decline_reason,
    'updated_at',
    q.updated_at,
    'subtotal',
    q.subtotal::text,
    'total_discount',
    q.total_discount::text,
    'total_tax',
    q.total_tax::text,
    'total',
    q.total::text,
    'items',
    COALESCE(
      (
        SELECT
          json_agg(
            json_build_object(
              'name',
              p.name,
              'sku',
              p.sku,
              'product_id',
              i.product_id,
              'options',
              i.options,
              'extras',
              i.extras,
              'quantity',
              i.quantity,
              'price',
              i.price::text,
              'subtotal',
              i.subtotal::text,
              'discount',
              i.discount::text,
              'total',
              i.total::text
            )
            ORDER BY
              i.position,
              i.id
          )
        FROM
          "quote_items" i
          LEFT JOIN "products" p ON p.id = i.product_id
        WHERE
          i.quote_id = q.id
      ),
      '[]'::json
    )
  ) AS view
FROM
  "quotes" q
WHERE
  q.cart_link_id = $1;

-- BuyerQuotesRepository.formKey
SELECT
  id,
  cart_link_version AS version
FROM
  "quotes"
WHERE
  cart_link_id = $1;

-- BuyerQuotesRepository.byKey (by id or number)
SELECT
  json_build_object(
    'id',
    q.id,
    'number',
    q.number,
    'name',
    q.name,
    'cart_link_id',
    q.cart_link_id,
    'cart_link_version',
    q.cart_link_version,
    'status',
    q.status,
    'revision',
    q.revision,
    'expires_at',
    q.expires_at,
    'accepted_at',
    q.accepted_at,
    'declined_at',
    q.declined_at,
    'decline_reason',
    q.decline_reason,
    'updated_at',
    q.updated_at,
    'subtotal',
    q.subtotal::text,
    'total_discount',
    q.total_discount::text,
    'total_tax',
    q.total_tax::text,
    'total',
    q.total::text,
    'items',
    COALESCE(
      (
        SELECT
          json_agg(
            json_build_object(
              'name',
              p.name,
              'sku',
              p.sku,
              'product_id',
              i.product_id,
              'options',
              i.options,
              'extras',
              i.extras,
              'quantity',
              i.quantity,
              'price',
              i.price::text,
              'subtotal',
              i.subtotal::text,
              'discount',
              i.discount::text,
              'total',
              i.total::text
            )
            ORDER BY
              i.position,
              i.id
          )
        FROM
          "quote_items" i
          LEFT JOIN "products" p ON p.id = i.product_id
        WHERE
          i.quote_id = q.id
      ),
      '[]'::json
    )
  ) AS view
FROM
  "quotes" q
WHERE
  q.id = $1
  OR q.number = upper($2)
ORDER BY
  CASE
    WHEN q.id = $1 THEN 0
    ELSE 1
  END
LIMIT
  1;

-- BuyerQuotesRepository.byKey (by number)
SELECT
  json_build_object(
    'id',
    q.id,
    'number',
    q.number,
    'name',
    q.name,
    'cart_link_id',
    q.cart_link_id,
    'cart_link_version',
    q.cart_link_version,
    'status',
    q.status,
    'revision',
    q.revision,
    'expires_at',
    q.expires_at,
    'accepted_at',
    q.accepted_at,
    'declined_at',
    q.declined_at,
    'decline_reason',
    q.decline_reason,
    'updated_at',
    q.updated_at,
    'subtotal',
    q.subtotal::text,
    'total_discount',
    q.total_discount::text,
    'total_tax',
    q.total_tax::text,
    'total',
    q.total::text,
    'items',
    COALESCE(
      (
        SELECT
          json_agg(
            json_build_object(
              'name',
              p.name,
              'sku',
              p.sku,
              'product_id',
              i.product_id,
              'options',
              i.options,
              'extras',
              i.extras,
              'quantity',
              i.quantity,
              'price',
              i.price::text,
              'subtotal',
              i.subtotal::text,
              'discount',
              i.discount::text,
              'total',
              i.total::text
            )
            ORDER BY
              i.position,
              i.id
          )
        FROM
          "quote_items" i
          LEFT JOIN "products" p ON p.id = i.product_id
        WHERE
          i.quote_id = q.id
      ),
      '[]'::json
    )
  ) AS view
FROM
  "quotes" q
WHERE
  q.number = upper($1)
LIMIT
  1;

-- BuyerQuotesRepository.byId
SELECT
  json_build_object(
    'id',
    q.id,
    'number',
    q.number,
    'name',
    q.name,
    'cart_link_id',
    q.cart_link_id,
    'cart_link_version',
    q.cart_link_version,
    'status',
    q.status,
    'revision',
    q.revision,
    'expires_at',
    q.expires_at,
    'accepted_at',
    q.accepted_at,
    'declined_at',
    q.declined_at,
    'decline_reason',
    q.decline_reason,
    'updated_at',
    q.updated_at,
    'subtotal',
    q.subtotal::text,
    'total_discount',
    q.total_discount::text,
    'total_tax',
    q.total_tax::text,
    'total',
    q.total::text,
    'items',
    COALESCE(
      (
        SELECT
          json_agg(
            json_build_object(
              'name',
              p.name,
              'sku',
              p.sku,
              'product_id',
              i.product_id,
              'options',
              i.options,
              'extras',
              i.extras,
              'quantity',
              i.quantity,
              'price',
              i.price::text,
              'subtotal',
              i.subtotal::text,
              'discount',
              i.discount::text,
              'total',
              i.total::text
            )
            ORDER BY
              i.position,
              i.id
          )
        FROM
          "quote_items" i
          LEFT JOIN "products" p ON p.id = i.product_id
        WHERE
          i.quote_id = q.id
      ),
      '[]'::json
    )
  ) AS view
FROM
  "quotes" q
WHERE
  q.id = $1;

-- BuyerQuotesRepository.decide (accept)
WITH
  cur AS (
    SELECT
      id,
      status,
      revision,
      expires_at
    FROM
      "quotes"
    WHERE
      cart_link_id = $1
    FOR UPDATE
  ),
  a AS (
    UPDATE "quotes" q
    SET
      accepted_at = now(),
      status = 'accepted',
      updated_at = now()
    FROM
      cur
    WHERE
      q.id = cur.id
      AND cur.status = 'active'
      AND (
        cur.expires_at IS NULL
        OR cur.expires_at > now()
      )
      AND (
        $2::int IS NULL
        OR cur.revision = $2::int
      )
    RETURNING
      q.id
  )
SELECT
  cur.id,
  EXISTS (
    SELECT
      1
    FROM
      a
  ) AS decided,
  cur.status,
  cur.revision,
  (
    cur.expires_at IS NOT NULL
    AND cur.expires_at <= now()
  ) AS expired
FROM
  cur;

-- BuyerQuotesRepository.decide (decline)
WITH
  cur AS (
    SELECT
      id,
      status,
      revision,
      expires_at
    FROM
      "quotes"
    WHERE
      cart_link_id = $1
    FOR UPDATE
  ),
  a AS (
    UPDATE "quotes" q
    SET
      declined_at = now(),
      decline_reason = $3::text,
      status = 'declined',
      updated_at = now()
    FROM
      cur
    WHERE
      q.id = cur.id
      AND cur.status = 'active'
      AND (
        cur.expires_at IS NULL
        OR cur.expires_at > now()
      )
      AND (
        $2::int IS NULL
        OR cur.revision = $2::int
      )
    RETURNING
      q.id
  )
SELECT
  cur.id,
  EXISTS (
    SELECT
      1
    FROM
      a
  ) AS decided,
  cur.status,
  cur.revision,
  (
    cur.expires_at IS NOT NULL
    AND cur.expires_at <= now()
  ) AS expired
FROM
  cur;
