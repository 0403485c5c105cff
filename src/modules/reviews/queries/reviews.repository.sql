-- Written by `npm run sql:snapshot` from src/modules/reviews/reviews.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ReviewsRepository.reviews.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "reviews" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."author_name" AS "r_author_name",
  "r"."author_email" AS "r_author_email",
  "r"."rating" AS "r_rating",
  "r"."title" AS "r_title",
  "r"."text" AS "r_text",
  "r"."status" AS "r_status",
  "r"."reply" AS "r_reply",
  "r"."verified_purchase" AS "r_verified_purchase",
  "r"."approved_at" AS "r_approved_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "reviews" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- ReviewsRepository.reviews.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."author_name" AS "r_author_name",
  "r"."author_email" AS "r_author_email",
  "r"."rating" AS "r_rating",
  "r"."title" AS "r_title",
  "r"."text" AS "r_text",
  "r"."status" AS "r_status",
  "r"."reply" AS "r_reply",
  "r"."verified_purchase" AS "r_verified_purchase",
  "r"."approved_at" AS "r_approved_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "reviews" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- ReviewsRepository.reviews.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."author_name" AS "r_author_name",
  "r"."author_email" AS "r_author_email",
  "r"."rating" AS "r_rating",
  "r"."title" AS "r_title",
  "r"."text" AS "r_text",
  "r"."status" AS "r_status",
  "r"."reply" AS "r_reply",
  "r"."verified_purchase" AS "r_verified_purchase",
  "r"."approved_at" AS "r_approved_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "reviews" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- ReviewsRepository.reviews.delete
DELETE FROM "reviews"
WHERE
  "id" = $1;

-- ReviewsRepository.page (first page)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "reviews" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."author_name" AS "r_author_name",
  "r"."author_email" AS "r_author_email",
  "r"."rating" AS "r_rating",
  "r"."title" AS "r_title",
  "r"."text" AS "r_text",
  "r"."status" AS "r_status",
  "r"."reply" AS "r_reply",
  "r"."verified_purchase" AS "r_verified_purchase",
  "r"."approved_at" AS "r_approved_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "reviews" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  20
OFFSET
  0;

-- ReviewsRepository.page (every filter)
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "reviews" "r"
    WHERE
      "r"."status" = $1
      AND "r"."product_id" = $2
      AND "r"."customer_id" = $3
      AND "r"."rating" = $4
      AND "r"."created_at" >= $5
      AND "r"."created_at" < $6
      AND "r"."id" > $7
    LIMIT
      $8
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."product_id" AS "r_product_id",
  "r"."customer_id" AS "r_customer_id",
  "r"."author_name" AS "r_author_name",
  "r"."author_email" AS "r_author_email",
  "r"."rating" AS "r_rating",
  "r"."title" AS "r_title",
  "r"."text" AS "r_text",
  "r"."status" AS "r_status",
  "r"."reply" AS "r_reply",
  "r"."verified_purchase" AS "r_verified_purchase",
  "r"."approved_at" AS "r_approved_at",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "reviews" "r"
WHERE
  "r"."status" = $1
  AND "r"."product_id" = $2
  AND "r"."customer_id" = $3
  AND "r"."rating" = $4
  AND "r"."created_at" >= $5
  AND "r"."created_at" < $6
  AND "r"."id" > $7
ORDER BY
  "r"."created_at" DESC,
  "r"."id" DESC
LIMIT
  20
OFFSET
  0;

-- ReviewsRepository.approvedRatings
SELECT
  COALESCE(sum(r.rating), 0)::int AS sum,
  count(*)::int AS count
FROM
  "reviews" r
WHERE
  r.product_id = $1
  AND r.status = 'approved';

-- ReviewsRepository.reviewsJsonSql
-- a fragment, embedded in other statements:
SELECT
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'id',
            rv."id",
            'product_id',
            rv."product_id",
            'customer_id',
            rv."customer_id",
            'author_name',
            rv."author_name",
            'author_email',
            rv."author_email",
            'rating',
            rv."rating",
            'title',
            rv."title",
            'text',
            rv."text",
            'status',
            rv."status",
            'reply',
            rv."reply",
            'verified_purchase',
            rv."verified_purchase",
            'approved_at',
            rv."approved_at",
            'created_at',
            rv."created_at",
            'updated_at',
            rv."updated_at"
          )
          ORDER BY
            rv.created_at DESC,
            rv.id DESC
        ),
        '[]'::json
      )
    FROM
      "reviews" rv
    WHERE
      rv.product_id = p.id
  );
