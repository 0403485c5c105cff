-- Written by `npm run sql:snapshot` from src/modules/stores/store-moves.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- StoreMovesRepository.storeTables
SELECT
  c.relname AS name,
  c.relreplident = 'f' AS full_identity,
  EXISTS (
    SELECT
      1
    FROM
      pg_trigger t
    WHERE
      t.tgrelid = c.oid
      AND t.tgname = 'store_fence'
  ) AS fenced
FROM
  pg_class c
WHERE
  c.relkind = 'r'
  AND c.relnamespace = current_schema()::regnamespace
  AND c.relname NOT IN ('store_hosts', 'store_fences', 'store_move_marks')
  AND EXISTS (
    SELECT
      1
    FROM
      pg_attribute a
    WHERE
      a.attrelid = c.oid
      AND a.attname = 'store_id'
      AND NOT a.attisdropped
  )
ORDER BY
  c.relname;

-- StoreMovesRepository.fence (frozen)
INSERT INTO
  store_fences (store_id, state, until)
VALUES
  ($1, $2, now() + make_interval(secs => $3::int))
ON CONFLICT (store_id) DO UPDATE
SET
  state = EXCLUDED.state,
  until = EXCLUDED.until;

-- StoreMovesRepository.fence (moved)
INSERT INTO
  store_fences (store_id, state, until)
VALUES
  ($1, $2, now() + make_interval(secs => $3::int))
ON CONFLICT (store_id) DO UPDATE
SET
  state = EXCLUDED.state,
  until = EXCLUDED.until;

-- StoreMovesRepository.unfence
DELETE FROM store_fences
WHERE
  store_id = $1;

-- StoreMovesRepository.fenceOf
SELECT
  state
FROM
  store_fences
WHERE
  store_id = $1
  AND (
    state IN ('incoming', 'moved')
    OR until > now()
  );

-- StoreMovesRepository.transactionHorizon
SELECT
  pg_snapshot_xmax(pg_current_snapshot())::text AS xmax;

-- StoreMovesRepository.endedBefore
SELECT
  pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS ended;

-- StoreMovesRepository.claimsInHand
SELECT
  (
    (
      SELECT
        count(*)
      FROM
        quote_deliveries
      WHERE
        store_id = $1
        AND leased_until > now()
    ) + (
      SELECT
        count(*)
      FROM
        webhook_deliveries
      WHERE
        store_id = $1
        AND leased_until > now()
    ) + (
      SELECT
        count(*)
      FROM
        imports
      WHERE
        store_id = $1
        AND leased_until > now()
    ) + (
      SELECT
        count(*)
      FROM
        exports
      WHERE
        store_id = $1
        AND leased_until > now()
    )
  )::int AS n;

-- StoreMovesRepository.publish
CREATE PUBLICATION store_move_1 FOR TABLE "products"
WHERE
  (store_id = 1),
  "quotes"
WHERE
  (store_id = 1);

-- StoreMovesRepository.unpublish
DROP PUBLICATION IF EXISTS store_move_1;

SELECT
  pg_drop_replication_slot(slot_name)
FROM
  pg_replication_slots
WHERE
  slot_name = $1
  AND NOT active;

-- StoreMovesRepository.subscribe
CREATE SUBSCRIPTION store_move_1 CONNECTION 'postgres://postgres@127.0.0.1:5432/store' PUBLICATION store_move_1
WITH
  (copy_data = true);

-- StoreMovesRepository.unsubscribe
SELECT
  1
FROM
  pg_subscription
WHERE
  subname = $1;

-- StoreMovesRepository.copied
SELECT
  count(*) FILTER (
    WHERE
      r.srsubstate IN ('r', 's')
  )::int AS ready,
  count(*)::int AS total
FROM
  pg_subscription_rel r
  JOIN pg_subscription s ON s.oid = r.srsubid
WHERE
  s.subname = $1;

-- StoreMovesRepository.mark
INSERT INTO
  store_move_marks (store_id, token)
VALUES
  ($1, $2)
ON CONFLICT (store_id) DO UPDATE
SET
  token = EXCLUDED.token;

-- StoreMovesRepository.markOf
SELECT
  token
FROM
  store_move_marks
WHERE
  store_id = $1;

-- StoreMovesRepository.sums
SELECT
  'products' AS name,
  count(*)::int AS rows,
  coalesce(sum(hash_record_extended (x, 0)), 0)::text AS sum
FROM
  "products" x
WHERE
  x.store_id = $1
UNION ALL
SELECT
  'quotes' AS name,
  count(*)::int AS rows,
  coalesce(sum(hash_record_extended (x, 0)), 0)::text AS sum
FROM
  "quotes" x
WHERE
  x.store_id = $1;

-- StoreMovesRepository.deleteRows
WITH
  d AS (
    DELETE FROM "products"
    WHERE
      store_id = $1
    RETURNING
      1
  )
SELECT
  count(*)::int AS n
FROM
  d;

-- StoreMovesRepository.numbers
SELECT
  'quote' AS kind,
  last_value::text AS value,
  is_called AS called
FROM
  "store_1_quote_numbers"
UNION ALL
SELECT
  'subscription' AS kind,
  last_value::text AS value,
  is_called AS called
FROM
  "store_1_subscription_numbers"
UNION ALL
SELECT
  'order' AS kind,
  last_value::text AS value,
  is_called AS called
FROM
  "store_1_order_numbers";

-- StoreMovesRepository.setNumbers
CREATE SEQUENCE IF NOT EXISTS "store_1_quote_numbers" START 1001;

CREATE SEQUENCE IF NOT EXISTS "store_1_subscription_numbers" START 1001;

CREATE SEQUENCE IF NOT EXISTS "store_1_order_numbers" START 1001;

SELECT
  setval(
    '"store_1_quote_numbers"',
    $1::bigint,
    $2::boolean
  );

-- StoreMovesRepository.dropNumbers
DROP SEQUENCE IF EXISTS "store_1_quote_numbers",
"store_1_subscription_numbers",
"store_1_order_numbers";

-- StoreMovesRepository.deleteStoreRow
DELETE FROM stores
WHERE
  id = $1;
