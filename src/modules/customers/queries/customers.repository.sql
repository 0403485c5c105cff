-- Written by `npm run sql:snapshot` from src/modules/customers/customers.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- CustomersRepository.customers.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "customers" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."first_name" AS "r_first_name",
  "r"."last_name" AS "r_last_name",
  "r"."email" AS "r_email",
  "r"."company" AS "r_company",
  "r"."phone" AS "r_phone",
  "r"."notes" AS "r_notes",
  "r"."is_guest" AS "r_is_guest",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customers" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- CustomersRepository.customers.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."first_name" AS "r_first_name",
  "r"."last_name" AS "r_last_name",
  "r"."email" AS "r_email",
  "r"."company" AS "r_company",
  "r"."phone" AS "r_phone",
  "r"."notes" AS "r_notes",
  "r"."is_guest" AS "r_is_guest",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customers" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- CustomersRepository.customers.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."first_name" AS "r_first_name",
  "r"."last_name" AS "r_last_name",
  "r"."email" AS "r_email",
  "r"."company" AS "r_company",
  "r"."phone" AS "r_phone",
  "r"."notes" AS "r_notes",
  "r"."is_guest" AS "r_is_guest",
  "r"."customer_group_id" AS "r_customer_group_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customers" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- CustomersRepository.customers.delete
DELETE FROM "customers"
WHERE
  "id" = $1;

-- CustomersRepository.groups.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "customer_groups" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."show_tax_inclusive" AS "r_show_tax_inclusive",
  "r"."is_tax_exempt" AS "r_is_tax_exempt",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_groups" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- CustomersRepository.groups.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."show_tax_inclusive" AS "r_show_tax_inclusive",
  "r"."is_tax_exempt" AS "r_is_tax_exempt",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_groups" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."api_code" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- CustomersRepository.groups.find (by api_code)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."show_tax_inclusive" AS "r_show_tax_inclusive",
  "r"."is_tax_exempt" AS "r_is_tax_exempt",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_groups" "r"
WHERE
  "r"."api_code" = $1
LIMIT
  1;

-- CustomersRepository.groups.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."show_tax_inclusive" AS "r_show_tax_inclusive",
  "r"."is_tax_exempt" AS "r_is_tax_exempt",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_groups" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."api_code" = $2
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- CustomersRepository.groups.delete
DELETE FROM "customer_groups"
WHERE
  "id" = $1;

-- CustomersRepository.groupsByIds
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."description" AS "r_description",
  "r"."api_code" AS "r_api_code",
  "r"."show_tax_inclusive" AS "r_show_tax_inclusive",
  "r"."is_tax_exempt" AS "r_is_tax_exempt",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "customer_groups" "r"
WHERE
  "r"."id" IN ($1, $2)
ORDER BY
  "r"."id" ASC;

-- CustomersRepository.customerCounts
SELECT
  "c"."customer_group_id" AS "group_id",
  COUNT(*)::int AS "count"
FROM
  "customers" "c"
WHERE
  "c"."customer_group_id" IN ($1, $2)
GROUP BY
  "c"."customer_group_id";

-- CustomersRepository.customerEmailsOfGroups
SELECT
  "c"."email" AS "email"
FROM
  "customers" "c"
WHERE
  "c"."customer_group_id" IN ($1, $2)
ORDER BY
  "c"."id" ASC;

-- CustomersRepository.touchCustomers
UPDATE "customers"
SET
  updated_at = now()
WHERE
  id = ANY ($1::int[])
RETURNING
  *;

-- CustomersRepository.groupJsonSql
-- a fragment, embedded in other statements:
SELECT
  json_build_object(
    'row',
    json_build_object(
      'id',
      g."id",
      'name',
      g."name",
      'description',
      g."description",
      'api_code',
      g."api_code",
      'show_tax_inclusive',
      g."show_tax_inclusive",
      'is_tax_exempt',
      g."is_tax_exempt",
      'created_at',
      g."created_at",
      'updated_at',
      g."updated_at"
    ),
    'customers_count',
    (
      SELECT
        count(*)::int
      FROM
        "customers" cc
      WHERE
        cc.customer_group_id = g.id
    )
  );

-- CustomersRepository.customerJsonSql (row only)
-- a fragment, embedded in other statements:
SELECT
  json_build_object(
    'row',
    json_build_object(
      'id',
      c."id",
      'first_name',
      c."first_name",
      'last_name',
      c."last_name",
      'email',
      c."email",
      'company',
      c."company",
      'phone',
      c."phone",
      'notes',
      c."notes",
      'is_guest',
      c."is_guest",
      'customer_group_id',
      c."customer_group_id",
      'created_at',
      c."created_at",
      'updated_at',
      c."updated_at"
    )
  );

-- CustomersRepository.customerJsonSql (every embed)
-- a fragment, embedded in other statements:
SELECT
  json_build_object(
    'row',
    json_build_object(
      'id',
      c."id",
      'first_name',
      c."first_name",
      'last_name',
      c."last_name",
      'email',
      c."email",
      'company',
      c."company",
      'phone',
      c."phone",
      'notes',
      c."notes",
      'is_guest',
      c."is_guest",
      'customer_group_id',
      c."customer_group_id",
      'created_at',
      c."created_at",
      'updated_at',
      c."updated_at"
    ),
    'group',
    (
      SELECT
        json_build_object(
          'row',
          json_build_object(
            'id',
            g."id",
            'name',
            g."name",
            'description',
            g."description",
            'api_code',
            g."api_code",
            'show_tax_inclusive',
            g."show_tax_inclusive",
            'is_tax_exempt',
            g."is_tax_exempt",
            'created_at',
            g."created_at",
            'updated_at',
            g."updated_at"
          ),
          'customers_count',
          (
            SELECT
              count(*)::int
            FROM
              "customers" cc
            WHERE
              cc.customer_group_id = g.id
          )
        )
      FROM
        "customer_groups" g
      WHERE
        g.id = c.customer_group_id
    ),
    'shipping_addresses',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'row',
              json_build_object(
                'id',
                a."id",
                'customer_id',
                a."customer_id",
                'kind',
                a."kind",
                'first_name',
                a."first_name",
                'last_name',
                a."last_name",
                'company',
                a."company",
                'phone',
                a."phone",
                'street_address',
                a."street_address",
                'city',
                a."city",
                'postal_code',
                a."postal_code",
                'country_id',
                a."country_id",
                'state_id',
                a."state_id",
                'is_default',
                a."is_default",
                'created_at',
                a."created_at",
                'updated_at',
                a."updated_at"
              ),
              'place',
              json_build_object(
                'country_code',
                co.code,
                'country',
                co.name,
                'state_code',
                st.code,
                'state',
                st.name
              )
            )
            ORDER BY
              a.id
          ),
          '[]'::json
        )
      FROM
        "customer_addresses" a
        JOIN "countries" co ON co.id = a.country_id
        LEFT JOIN "states" st ON st.id = a.state_id
      WHERE
        a.customer_id = c.id
        AND a.kind = 'shipping'
    ),
    'billing_addresses',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'row',
              json_build_object(
                'id',
                a."id",
                'customer_id',
                a."customer_id",
                'kind',
                a."kind",
                'first_name',
                a."first_name",
                'last_name',
                a."last_name",
                'company',
                a."company",
                'phone',
                a."phone",
                'street_address',
                a."street_address",
                'city',
                a."city",
                'postal_code',
                a."postal_code",
                'country_id',
                a."country_id",
                'state_id',
                a."state_id",
                'is_default',
                a."is_default",
                'created_at',
                a."created_at",
                'updated_at',
                a."updated_at"
              ),
              'place',
              json_build_object(
                'country_code',
                co.code,
                'country',
                co.name,
                'state_code',
                st.code,
                'state',
                st.name
              )
            )
            ORDER BY
              a.id
          ),
          '[]'::json
        )
      FROM
        "customer_addresses" a
        JOIN "countries" co ON co.id = a.country_id
        LEFT JOIN "states" st ON st.id = a.state_id
      WHERE
        a.customer_id = c.id
        AND a.kind = 'billing'
    )
  );

-- CustomersRepository.pricingCustomerSql
-- a fragment, embedded in other statements:
SELECT
  (
    SELECT
      json_build_object(
        'id',
        c.id,
        'email',
        c.email,
        'group_id',
        c.customer_group_id,
        'tax_exempt',
        COALESCE(g.is_tax_exempt, false),
        'address',
        (
          SELECT
            json_build_object(
              'country_code',
              co.code,
              'state_code',
              st.code,
              'postal_code',
              a.postal_code,
              'city',
              a.city
            )
          FROM
            "customer_addresses" a
            JOIN "countries" co ON co.id = a.country_id
            LEFT JOIN "states" st ON st.id = a.state_id
          WHERE
            a.customer_id = c.id
            AND a.kind = 'shipping'
            AND a.is_default
          LIMIT
            1
        )
      )
    FROM
      "customers" c
      LEFT JOIN "customer_groups" g ON g.id = c.customer_group_id
    WHERE
      c.id = $1::int
  );

-- CustomersRepository.billingPlanIdsSql
-- a fragment, embedded in other statements:
SELECT
  (
    SELECT
      json_agg(b.id)
    FROM
      "billing_plans" b
    WHERE
      b.id = ANY ($1::int[])
  );

-- CustomersRepository.couponByCodeSql
-- a fragment, embedded in other statements:
SELECT
  (
    SELECT
      json_build_object(
        'id',
        cp."id",
        'code',
        cp."code",
        'name',
        cp."name",
        'discount_type',
        cp."discount_type",
        'discount_value',
        cp."discount_value"::text,
        'is_active',
        cp."is_active",
        'starts_at',
        cp."starts_at",
        'ends_at',
        cp."ends_at",
        'created_at',
        cp."created_at",
        'updated_at',
        cp."updated_at"
      )
    FROM
      "coupons" cp
    WHERE
      cp.code_key = lower($1::text)
    LIMIT
      1
  );

-- CustomersRepository.groupsByApiCodeSql
-- a fragment, embedded in other statements:
SELECT
  (
    SELECT
      json_agg(
        json_build_object('id', cg.id, 'api_code', cg.api_code)
      )
    FROM
      "customer_groups" cg
    WHERE
      cg.api_code = ANY ($1::text[])
  );

-- CustomersRepository.emailOf
SELECT
  c.email
FROM
  "customers" c
WHERE
  c.id = $1;

-- CustomersRepository.idByEmail
SELECT
  c.id
FROM
  "customers" c
WHERE
  c.email_key = lower($1)
LIMIT
  1;

-- CustomersRepository.customerExists
SELECT
  1
FROM
  "customers" c
WHERE
  c.id = $1;

-- CustomersRepository.customerById
SELECT
  "Customer"."id" AS "Customer_id",
  "Customer"."first_name" AS "Customer_first_name",
  "Customer"."last_name" AS "Customer_last_name",
  "Customer"."email" AS "Customer_email",
  "Customer"."company" AS "Customer_company",
  "Customer"."phone" AS "Customer_phone",
  "Customer"."notes" AS "Customer_notes",
  "Customer"."is_guest" AS "Customer_is_guest",
  "Customer"."customer_group_id" AS "Customer_customer_group_id",
  "Customer"."created_at" AS "Customer_created_at",
  "Customer"."updated_at" AS "Customer_updated_at"
FROM
  "customers" "Customer"
WHERE
  (("Customer"."id" = $1))
LIMIT
  1;

-- CustomersRepository.customersByIds
SELECT
  "Customer"."id" AS "Customer_id",
  "Customer"."first_name" AS "Customer_first_name",
  "Customer"."last_name" AS "Customer_last_name",
  "Customer"."email" AS "Customer_email",
  "Customer"."company" AS "Customer_company",
  "Customer"."phone" AS "Customer_phone",
  "Customer"."notes" AS "Customer_notes",
  "Customer"."is_guest" AS "Customer_is_guest",
  "Customer"."customer_group_id" AS "Customer_customer_group_id",
  "Customer"."created_at" AS "Customer_created_at",
  "Customer"."updated_at" AS "Customer_updated_at"
FROM
  "customers" "Customer"
WHERE
  (("Customer"."id" IN ($1, $2)));

-- CustomersRepository.groupIdOf
SELECT
  "Customer"."id" AS "Customer_id",
  "Customer"."customer_group_id" AS "Customer_customer_group_id"
FROM
  "customers" "Customer"
WHERE
  (("Customer"."id" = $1))
LIMIT
  1;

-- CustomersRepository.groupExists
SELECT
  1 AS "row_exists"
FROM
  (
    SELECT
      1 AS dummy_column
  ) "dummy_table"
WHERE
  EXISTS (
    SELECT
      1
    FROM
      "customer_groups" "CustomerGroup"
    WHERE
      (("CustomerGroup"."id" = $1))
  )
LIMIT
  1;

-- CustomersRepository.existingGroupIds
SELECT
  id
FROM
  "customer_groups"
WHERE
  id = ANY ($1::int[]);
