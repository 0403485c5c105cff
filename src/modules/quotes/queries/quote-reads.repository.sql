-- Written by `npm run sql:snapshot` from src/modules/quotes/repositories/quote-reads.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- QuoteReadsRepository.quotes.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "quotes" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."name" AS "r_name",
  "r"."type" AS "r_type",
  "r"."status" AS "r_status",
  "r"."checkout_step" AS "r_checkout_step",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."cart_link_id" AS "r_cart_link_id",
  "r"."cart_link_version" AS "r_cart_link_version",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."expires_x_days" AS "r_expires_x_days",
  "r"."expires_at" AS "r_expires_at",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."last_sent_at" AS "r_last_sent_at",
  "r"."accepted_at" AS "r_accepted_at",
  "r"."revision" AS "r_revision",
  "r"."declined_at" AS "r_declined_at",
  "r"."decline_reason" AS "r_decline_reason",
  "r"."order_id" AS "r_order_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "quotes" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- QuoteReadsRepository.quotes.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."name" AS "r_name",
  "r"."type" AS "r_type",
  "r"."status" AS "r_status",
  "r"."checkout_step" AS "r_checkout_step",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."cart_link_id" AS "r_cart_link_id",
  "r"."cart_link_version" AS "r_cart_link_version",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."expires_x_days" AS "r_expires_x_days",
  "r"."expires_at" AS "r_expires_at",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."last_sent_at" AS "r_last_sent_at",
  "r"."accepted_at" AS "r_accepted_at",
  "r"."revision" AS "r_revision",
  "r"."declined_at" AS "r_declined_at",
  "r"."decline_reason" AS "r_decline_reason",
  "r"."order_id" AS "r_order_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "quotes" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."number" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1;

-- QuoteReadsRepository.quotes.find (by number)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."name" AS "r_name",
  "r"."type" AS "r_type",
  "r"."status" AS "r_status",
  "r"."checkout_step" AS "r_checkout_step",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."cart_link_id" AS "r_cart_link_id",
  "r"."cart_link_version" AS "r_cart_link_version",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."expires_x_days" AS "r_expires_x_days",
  "r"."expires_at" AS "r_expires_at",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."last_sent_at" AS "r_last_sent_at",
  "r"."accepted_at" AS "r_accepted_at",
  "r"."revision" AS "r_revision",
  "r"."declined_at" AS "r_declined_at",
  "r"."decline_reason" AS "r_decline_reason",
  "r"."order_id" AS "r_order_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "quotes" "r"
WHERE
  "r"."number" = upper($1)
LIMIT
  1;

-- QuoteReadsRepository.quotes.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."number" AS "r_number",
  "r"."name" AS "r_name",
  "r"."type" AS "r_type",
  "r"."status" AS "r_status",
  "r"."checkout_step" AS "r_checkout_step",
  "r"."customer_id" AS "r_customer_id",
  "r"."billing_plan_id" AS "r_billing_plan_id",
  "r"."customer_emails" AS "r_customer_emails",
  "r"."cart_link_id" AS "r_cart_link_id",
  "r"."cart_link_version" AS "r_cart_link_version",
  "r"."coupon_code" AS "r_coupon_code",
  "r"."expires_x_days" AS "r_expires_x_days",
  "r"."expires_at" AS "r_expires_at",
  "r"."subtotal" AS "r_subtotal",
  "r"."total_discount" AS "r_total_discount",
  "r"."total_tax" AS "r_total_tax",
  "r"."total" AS "r_total",
  "r"."last_sent_at" AS "r_last_sent_at",
  "r"."accepted_at" AS "r_accepted_at",
  "r"."revision" AS "r_revision",
  "r"."declined_at" AS "r_declined_at",
  "r"."decline_reason" AS "r_decline_reason",
  "r"."order_id" AS "r_order_id",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "quotes" "r"
WHERE
  (
    "r"."id" = $1
    OR "r"."number" = upper($2)
  )
ORDER BY
  CASE
    WHEN "r"."id" = $1 THEN 0
    ELSE 1
  END ASC
LIMIT
  1
FOR UPDATE;

-- QuoteReadsRepository.quotes.delete
DELETE FROM "quotes"
WHERE
  "id" = $1;

-- QuoteReadsRepository.findOne (by id or number)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "quotes" r
    WHERE
      r.id = $1
      OR r.number = upper($2)
    ORDER BY
      CASE
        WHEN r.id = $1 THEN 0
        ELSE 1
      END
    LIMIT
      1
  )
SELECT
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              q."id",
              'number',
              q."number",
              'name',
              q."name",
              'type',
              q."type",
              'status',
              q."status",
              'checkout_step',
              q."checkout_step",
              'customer_id',
              q."customer_id",
              'billing_plan_id',
              q."billing_plan_id",
              'customer_emails',
              q."customer_emails",
              'cart_link_id',
              q."cart_link_id",
              'cart_link_version',
              q."cart_link_version",
              'coupon_code',
              q."coupon_code",
              'expires_x_days',
              q."expires_x_days",
              'expires_at',
              q."expires_at",
              'subtotal',
              q."subtotal"::text,
              'total_discount',
              q."total_discount"::text,
              'total_tax',
              q."total_tax"::text,
              'total',
              q."total"::text,
              'last_sent_at',
              q."last_sent_at",
              'accepted_at',
              q."accepted_at",
              'revision',
              q."revision",
              'declined_at',
              q."declined_at",
              'decline_reason',
              q."decline_reason",
              'order_id',
              q."order_id",
              'created_at',
              q."created_at",
              'updated_at',
              q."updated_at"
            ),
            'items',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      i."id",
                      'quote_id',
                      i."quote_id",
                      'position',
                      i."position",
                      'product_id',
                      i."product_id",
                      'variant_id',
                      i."variant_id",
                      'related_id',
                      i."related_id",
                      'extras',
                      i."extras",
                      'options',
                      i."options",
                      'custom_fields',
                      i."custom_fields",
                      'quantity',
                      i."quantity",
                      'postponed',
                      i."postponed",
                      'key',
                      i."key",
                      'x_billing_plan_id',
                      i."x_billing_plan_id",
                      'is_trial_product',
                      i."is_trial_product",
                      'price',
                      i."price"::text,
                      'subtotal',
                      i."subtotal"::text,
                      'discount',
                      i."discount"::text,
                      'total',
                      i."total"::text,
                      'tax',
                      i."tax"::text,
                      'created_at',
                      i."created_at",
                      'updated_at',
                      i."updated_at"
                    )
                    ORDER BY
                      i.position,
                      i.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_items" i
              WHERE
                i.quote_id = q.id
            ),
            'groups',
            (
              SELECT
                COALESCE(
                  json_agg(
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
                    ORDER BY
                      g.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_customer_groups" l
                JOIN "customer_groups" g ON g.id = l.customer_group_id
              WHERE
                l.quote_id = q.id
            )
          )
          ORDER BY
            q.id
        ),
        '[]'::json
      )
    FROM
      page q
  ) AS quotes,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              p."id",
              'name',
              p."name",
              'sku',
              p."sku",
              'url_name',
              p."url_name",
              'title',
              p."title",
              'barcode',
              p."barcode",
              'description',
              p."description",
              'short_description',
              p."short_description",
              'meta_description',
              p."meta_description",
              'meta_keywords',
              p."meta_keywords",
              'base_price',
              p."base_price"::text,
              'weight',
              p."weight"::text,
              'out_of_stock_threshold',
              p."out_of_stock_threshold"::text,
              'cost',
              p."cost"::text,
              'depth',
              p."depth"::text,
              'width',
              p."width"::text,
              'height',
              p."height"::text,
              'low_stock_threshold',
              p."low_stock_threshold",
              'in_stock_amount',
              p."in_stock_amount",
              'sale_price_or_discount',
              p."sale_price_or_discount",
              'sort_order',
              p."sort_order",
              'expected_availability_date',
              p."expected_availability_date"::text,
              'enabled',
              p."enabled",
              'enabled_backend',
              p."enabled_backend",
              'is_on_sale',
              p."is_on_sale",
              'track_inventory',
              p."track_inventory",
              'allow_preorder',
              p."allow_preorder",
              'hide_out_of_stock',
              p."hide_out_of_stock",
              'allow_negative_stock',
              p."allow_negative_stock",
              'is_catalog_visible',
              p."is_catalog_visible",
              'is_search_visible',
              p."is_search_visible",
              'enable_product_shipping_rates',
              p."enable_product_shipping_rates",
              'is_subscription_only',
              p."is_subscription_only",
              'manufacturer',
              p."manufacturer",
              'type',
              p."type",
              'tax_class_id',
              p."tax_class_id",
              'product_type_id',
              p."product_type_id",
              'rating_average',
              p."rating_average"::text,
              'rating_count',
              p."rating_count",
              'created_at',
              p."created_at",
              'updated_at',
              p."updated_at"
            ),
            'options',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      o."id",
                      'product_id',
                      o."product_id",
                      'name',
                      o."name",
                      'values',
                      o."values",
                      'sort_order',
                      o."sort_order",
                      'deleted_at',
                      o."deleted_at",
                      'created_at',
                      o."created_at",
                      'updated_at',
                      o."updated_at"
                    )
                    ORDER BY
                      o.sort_order,
                      o.id
                  ),
                  '[]'::json
                )
              FROM
                "product_options" o
              WHERE
                o.product_id = p.id
                AND o.deleted_at IS NULL
            ),
            'category',
            (
              SELECT
                c.name
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
              ORDER BY
                pc.id
              LIMIT
                1
            ),
            'tax_class',
            (
              SELECT
                tc.name
              FROM
                "tax_classes" tc
              WHERE
                tc.id = p.tax_class_id
            ),
            'product_type',
            (
              SELECT
                json_build_object(
                  'id',
                  pt."id",
                  'name',
                  pt."name",
                  'api_code',
                  pt."api_code",
                  'is_default',
                  pt."is_default",
                  'has_shipping',
                  pt."has_shipping",
                  'has_inventory',
                  pt."has_inventory",
                  'has_options',
                  pt."has_options",
                  'has_variants',
                  pt."has_variants",
                  'has_extras',
                  pt."has_extras",
                  'created_at',
                  pt."created_at",
                  'updated_at',
                  pt."updated_at"
                )
              FROM
                "product_types" pt
              WHERE
                pt.id = p.product_type_id
            )
          )
          ORDER BY
            p.id
        ),
        '[]'::json
      )
    FROM
      "products" p
    WHERE
      p.id IN (
        SELECT
          i.product_id
        FROM
          "quote_items" i
        WHERE
          i.quote_id IN (
            SELECT
              id
            FROM
              page
          )
      )
  ) AS products;

-- QuoteReadsRepository.findOne (by number, customer embedded)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "quotes" r
    WHERE
      r.number = upper($1)
    LIMIT
      1
  )
SELECT
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              q."id",
              'number',
              q."number",
              'name',
              q."name",
              'type',
              q."type",
              'status',
              q."status",
              'checkout_step',
              q."checkout_step",
              'customer_id',
              q."customer_id",
              'billing_plan_id',
              q."billing_plan_id",
              'customer_emails',
              q."customer_emails",
              'cart_link_id',
              q."cart_link_id",
              'cart_link_version',
              q."cart_link_version",
              'coupon_code',
              q."coupon_code",
              'expires_x_days',
              q."expires_x_days",
              'expires_at',
              q."expires_at",
              'subtotal',
              q."subtotal"::text,
              'total_discount',
              q."total_discount"::text,
              'total_tax',
              q."total_tax"::text,
              'total',
              q."total"::text,
              'last_sent_at',
              q."last_sent_at",
              'accepted_at',
              q."accepted_at",
              'revision',
              q."revision",
              'declined_at',
              q."declined_at",
              'decline_reason',
              q."decline_reason",
              'order_id',
              q."order_id",
              'created_at',
              q."created_at",
              'updated_at',
              q."updated_at"
            ),
            'items',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      i."id",
                      'quote_id',
                      i."quote_id",
                      'position',
                      i."position",
                      'product_id',
                      i."product_id",
                      'variant_id',
                      i."variant_id",
                      'related_id',
                      i."related_id",
                      'extras',
                      i."extras",
                      'options',
                      i."options",
                      'custom_fields',
                      i."custom_fields",
                      'quantity',
                      i."quantity",
                      'postponed',
                      i."postponed",
                      'key',
                      i."key",
                      'x_billing_plan_id',
                      i."x_billing_plan_id",
                      'is_trial_product',
                      i."is_trial_product",
                      'price',
                      i."price"::text,
                      'subtotal',
                      i."subtotal"::text,
                      'discount',
                      i."discount"::text,
                      'total',
                      i."total"::text,
                      'tax',
                      i."tax"::text,
                      'created_at',
                      i."created_at",
                      'updated_at',
                      i."updated_at"
                    )
                    ORDER BY
                      i.position,
                      i.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_items" i
              WHERE
                i.quote_id = q.id
            ),
            'groups',
            (
              SELECT
                COALESCE(
                  json_agg(
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
                    ORDER BY
                      g.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_customer_groups" l
                JOIN "customer_groups" g ON g.id = l.customer_group_id
              WHERE
                l.quote_id = q.id
            )
          )
          ORDER BY
            q.id
        ),
        '[]'::json
      )
    FROM
      page q
  ) AS quotes,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              p."id",
              'name',
              p."name",
              'sku',
              p."sku",
              'url_name',
              p."url_name",
              'title',
              p."title",
              'barcode',
              p."barcode",
              'description',
              p."description",
              'short_description',
              p."short_description",
              'meta_description',
              p."meta_description",
              'meta_keywords',
              p."meta_keywords",
              'base_price',
              p."base_price"::text,
              'weight',
              p."weight"::text,
              'out_of_stock_threshold',
              p."out_of_stock_threshold"::text,
              'cost',
              p."cost"::text,
              'depth',
              p."depth"::text,
              'width',
              p."width"::text,
              'height',
              p."height"::text,
              'low_stock_threshold',
              p."low_stock_threshold",
              'in_stock_amount',
              p."in_stock_amount",
              'sale_price_or_discount',
              p."sale_price_or_discount",
              'sort_order',
              p."sort_order",
              'expected_availability_date',
              p."expected_availability_date"::text,
              'enabled',
              p."enabled",
              'enabled_backend',
              p."enabled_backend",
              'is_on_sale',
              p."is_on_sale",
              'track_inventory',
              p."track_inventory",
              'allow_preorder',
              p."allow_preorder",
              'hide_out_of_stock',
              p."hide_out_of_stock",
              'allow_negative_stock',
              p."allow_negative_stock",
              'is_catalog_visible',
              p."is_catalog_visible",
              'is_search_visible',
              p."is_search_visible",
              'enable_product_shipping_rates',
              p."enable_product_shipping_rates",
              'is_subscription_only',
              p."is_subscription_only",
              'manufacturer',
              p."manufacturer",
              'type',
              p."type",
              'tax_class_id',
              p."tax_class_id",
              'product_type_id',
              p."product_type_id",
              'rating_average',
              p."rating_average"::text,
              'rating_count',
              p."rating_count",
              'created_at',
              p."created_at",
              'updated_at',
              p."updated_at"
            ),
            'options',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      o."id",
                      'product_id',
                      o."product_id",
                      'name',
                      o."name",
                      'values',
                      o."values",
                      'sort_order',
                      o."sort_order",
                      'deleted_at',
                      o."deleted_at",
                      'created_at',
                      o."created_at",
                      'updated_at',
                      o."updated_at"
                    )
                    ORDER BY
                      o.sort_order,
                      o.id
                  ),
                  '[]'::json
                )
              FROM
                "product_options" o
              WHERE
                o.product_id = p.id
                AND o.deleted_at IS NULL
            ),
            'category',
            (
              SELECT
                c.name
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
              ORDER BY
                pc.id
              LIMIT
                1
            ),
            'tax_class',
            (
              SELECT
                tc.name
              FROM
                "tax_classes" tc
              WHERE
                tc.id = p.tax_class_id
            ),
            'product_type',
            (
              SELECT
                json_build_object(
                  'id',
                  pt."id",
                  'name',
                  pt."name",
                  'api_code',
                  pt."api_code",
                  'is_default',
                  pt."is_default",
                  'has_shipping',
                  pt."has_shipping",
                  'has_inventory',
                  pt."has_inventory",
                  'has_options',
                  pt."has_options",
                  'has_variants',
                  pt."has_variants",
                  'has_extras',
                  pt."has_extras",
                  'created_at',
                  pt."created_at",
                  'updated_at',
                  pt."updated_at"
                )
              FROM
                "product_types" pt
              WHERE
                pt.id = p.product_type_id
            )
          )
          ORDER BY
            p.id
        ),
        '[]'::json
      )
    FROM
      "products" p
    WHERE
      p.id IN (
        SELECT
          i.product_id
        FROM
          "quote_items" i
        WHERE
          i.quote_id IN (
            SELECT
              id
            FROM
              page
          )
      )
  ) AS products,
  (
    SELECT
      COALESCE(
        json_agg(
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
          )
          ORDER BY
            c.id
        ),
        '[]'::json
      )
    FROM
      "customers" c
    WHERE
      c.id IN (
        SELECT
          customer_id
        FROM
          page
      )
  ) AS customers;

-- QuoteReadsRepository.byIds
WITH
  page AS (
    SELECT
      r.*
    FROM
      "quotes" r
    WHERE
      r.id = ANY ($1::int[])
  )
SELECT
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              q."id",
              'number',
              q."number",
              'name',
              q."name",
              'type',
              q."type",
              'status',
              q."status",
              'checkout_step',
              q."checkout_step",
              'customer_id',
              q."customer_id",
              'billing_plan_id',
              q."billing_plan_id",
              'customer_emails',
              q."customer_emails",
              'cart_link_id',
              q."cart_link_id",
              'cart_link_version',
              q."cart_link_version",
              'coupon_code',
              q."coupon_code",
              'expires_x_days',
              q."expires_x_days",
              'expires_at',
              q."expires_at",
              'subtotal',
              q."subtotal"::text,
              'total_discount',
              q."total_discount"::text,
              'total_tax',
              q."total_tax"::text,
              'total',
              q."total"::text,
              'last_sent_at',
              q."last_sent_at",
              'accepted_at',
              q."accepted_at",
              'revision',
              q."revision",
              'declined_at',
              q."declined_at",
              'decline_reason',
              q."decline_reason",
              'order_id',
              q."order_id",
              'created_at',
              q."created_at",
              'updated_at',
              q."updated_at"
            ),
            'items',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      i."id",
                      'quote_id',
                      i."quote_id",
                      'position',
                      i."position",
                      'product_id',
                      i."product_id",
                      'variant_id',
                      i."variant_id",
                      'related_id',
                      i."related_id",
                      'extras',
                      i."extras",
                      'options',
                      i."options",
                      'custom_fields',
                      i."custom_fields",
                      'quantity',
                      i."quantity",
                      'postponed',
                      i."postponed",
                      'key',
                      i."key",
                      'x_billing_plan_id',
                      i."x_billing_plan_id",
                      'is_trial_product',
                      i."is_trial_product",
                      'price',
                      i."price"::text,
                      'subtotal',
                      i."subtotal"::text,
                      'discount',
                      i."discount"::text,
                      'total',
                      i."total"::text,
                      'tax',
                      i."tax"::text,
                      'created_at',
                      i."created_at",
                      'updated_at',
                      i."updated_at"
                    )
                    ORDER BY
                      i.position,
                      i.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_items" i
              WHERE
                i.quote_id = q.id
            ),
            'groups',
            (
              SELECT
                COALESCE(
                  json_agg(
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
                    ORDER BY
                      g.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_customer_groups" l
                JOIN "customer_groups" g ON g.id = l.customer_group_id
              WHERE
                l.quote_id = q.id
            )
          )
          ORDER BY
            q.id
        ),
        '[]'::json
      )
    FROM
      page q
  ) AS quotes,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              p."id",
              'name',
              p."name",
              'sku',
              p."sku",
              'url_name',
              p."url_name",
              'title',
              p."title",
              'barcode',
              p."barcode",
              'description',
              p."description",
              'short_description',
              p."short_description",
              'meta_description',
              p."meta_description",
              'meta_keywords',
              p."meta_keywords",
              'base_price',
              p."base_price"::text,
              'weight',
              p."weight"::text,
              'out_of_stock_threshold',
              p."out_of_stock_threshold"::text,
              'cost',
              p."cost"::text,
              'depth',
              p."depth"::text,
              'width',
              p."width"::text,
              'height',
              p."height"::text,
              'low_stock_threshold',
              p."low_stock_threshold",
              'in_stock_amount',
              p."in_stock_amount",
              'sale_price_or_discount',
              p."sale_price_or_discount",
              'sort_order',
              p."sort_order",
              'expected_availability_date',
              p."expected_availability_date"::text,
              'enabled',
              p."enabled",
              'enabled_backend',
              p."enabled_backend",
              'is_on_sale',
              p."is_on_sale",
              'track_inventory',
              p."track_inventory",
              'allow_preorder',
              p."allow_preorder",
              'hide_out_of_stock',
              p."hide_out_of_stock",
              'allow_negative_stock',
              p."allow_negative_stock",
              'is_catalog_visible',
              p."is_catalog_visible",
              'is_search_visible',
              p."is_search_visible",
              'enable_product_shipping_rates',
              p."enable_product_shipping_rates",
              'is_subscription_only',
              p."is_subscription_only",
              'manufacturer',
              p."manufacturer",
              'type',
              p."type",
              'tax_class_id',
              p."tax_class_id",
              'product_type_id',
              p."product_type_id",
              'rating_average',
              p."rating_average"::text,
              'rating_count',
              p."rating_count",
              'created_at',
              p."created_at",
              'updated_at',
              p."updated_at"
            ),
            'options',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      o."id",
                      'product_id',
                      o."product_id",
                      'name',
                      o."name",
                      'values',
                      o."values",
                      'sort_order',
                      o."sort_order",
                      'deleted_at',
                      o."deleted_at",
                      'created_at',
                      o."created_at",
                      'updated_at',
                      o."updated_at"
                    )
                    ORDER BY
                      o.sort_order,
                      o.id
                  ),
                  '[]'::json
                )
              FROM
                "product_options" o
              WHERE
                o.product_id = p.id
                AND o.deleted_at IS NULL
            ),
            'category',
            (
              SELECT
                c.name
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
              ORDER BY
                pc.id
              LIMIT
                1
            ),
            'tax_class',
            (
              SELECT
                tc.name
              FROM
                "tax_classes" tc
              WHERE
                tc.id = p.tax_class_id
            ),
            'product_type',
            (
              SELECT
                json_build_object(
                  'id',
                  pt."id",
                  'name',
                  pt."name",
                  'api_code',
                  pt."api_code",
                  'is_default',
                  pt."is_default",
                  'has_shipping',
                  pt."has_shipping",
                  'has_inventory',
                  pt."has_inventory",
                  'has_options',
                  pt."has_options",
                  'has_variants',
                  pt."has_variants",
                  'has_extras',
                  pt."has_extras",
                  'created_at',
                  pt."created_at",
                  'updated_at',
                  pt."updated_at"
                )
              FROM
                "product_types" pt
              WHERE
                pt.id = p.product_type_id
            )
          )
          ORDER BY
            p.id
        ),
        '[]'::json
      )
    FROM
      "products" p
    WHERE
      p.id IN (
        SELECT
          i.product_id
        FROM
          "quote_items" i
        WHERE
          i.quote_id IN (
            SELECT
              id
            FROM
              page
          )
      )
  ) AS products;

-- QuoteReadsRepository.page (first page by id)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "quotes" r
    WHERE
      TRUE
    ORDER BY
      r.id ASC
    LIMIT
      $1
    OFFSET
      $2
  )
SELECT
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          "quotes" r
        WHERE
          TRUE
        LIMIT
          $3
      ) counted
  ) AS total,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              q."id",
              'number',
              q."number",
              'name',
              q."name",
              'type',
              q."type",
              'status',
              q."status",
              'checkout_step',
              q."checkout_step",
              'customer_id',
              q."customer_id",
              'billing_plan_id',
              q."billing_plan_id",
              'customer_emails',
              q."customer_emails",
              'cart_link_id',
              q."cart_link_id",
              'cart_link_version',
              q."cart_link_version",
              'coupon_code',
              q."coupon_code",
              'expires_x_days',
              q."expires_x_days",
              'expires_at',
              q."expires_at",
              'subtotal',
              q."subtotal"::text,
              'total_discount',
              q."total_discount"::text,
              'total_tax',
              q."total_tax"::text,
              'total',
              q."total"::text,
              'last_sent_at',
              q."last_sent_at",
              'accepted_at',
              q."accepted_at",
              'revision',
              q."revision",
              'declined_at',
              q."declined_at",
              'decline_reason',
              q."decline_reason",
              'order_id',
              q."order_id",
              'created_at',
              q."created_at",
              'updated_at',
              q."updated_at"
            ),
            'items',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      i."id",
                      'quote_id',
                      i."quote_id",
                      'position',
                      i."position",
                      'product_id',
                      i."product_id",
                      'variant_id',
                      i."variant_id",
                      'related_id',
                      i."related_id",
                      'extras',
                      i."extras",
                      'options',
                      i."options",
                      'custom_fields',
                      i."custom_fields",
                      'quantity',
                      i."quantity",
                      'postponed',
                      i."postponed",
                      'key',
                      i."key",
                      'x_billing_plan_id',
                      i."x_billing_plan_id",
                      'is_trial_product',
                      i."is_trial_product",
                      'price',
                      i."price"::text,
                      'subtotal',
                      i."subtotal"::text,
                      'discount',
                      i."discount"::text,
                      'total',
                      i."total"::text,
                      'tax',
                      i."tax"::text,
                      'created_at',
                      i."created_at",
                      'updated_at',
                      i."updated_at"
                    )
                    ORDER BY
                      i.position,
                      i.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_items" i
              WHERE
                i.quote_id = q.id
            ),
            'groups',
            (
              SELECT
                COALESCE(
                  json_agg(
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
                    ORDER BY
                      g.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_customer_groups" l
                JOIN "customer_groups" g ON g.id = l.customer_group_id
              WHERE
                l.quote_id = q.id
            )
          )
          ORDER BY
            q.id ASC
        ),
        '[]'::json
      )
    FROM
      page q
  ) AS quotes,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              p."id",
              'name',
              p."name",
              'sku',
              p."sku",
              'url_name',
              p."url_name",
              'title',
              p."title",
              'barcode',
              p."barcode",
              'description',
              p."description",
              'short_description',
              p."short_description",
              'meta_description',
              p."meta_description",
              'meta_keywords',
              p."meta_keywords",
              'base_price',
              p."base_price"::text,
              'weight',
              p."weight"::text,
              'out_of_stock_threshold',
              p."out_of_stock_threshold"::text,
              'cost',
              p."cost"::text,
              'depth',
              p."depth"::text,
              'width',
              p."width"::text,
              'height',
              p."height"::text,
              'low_stock_threshold',
              p."low_stock_threshold",
              'in_stock_amount',
              p."in_stock_amount",
              'sale_price_or_discount',
              p."sale_price_or_discount",
              'sort_order',
              p."sort_order",
              'expected_availability_date',
              p."expected_availability_date"::text,
              'enabled',
              p."enabled",
              'enabled_backend',
              p."enabled_backend",
              'is_on_sale',
              p."is_on_sale",
              'track_inventory',
              p."track_inventory",
              'allow_preorder',
              p."allow_preorder",
              'hide_out_of_stock',
              p."hide_out_of_stock",
              'allow_negative_stock',
              p."allow_negative_stock",
              'is_catalog_visible',
              p."is_catalog_visible",
              'is_search_visible',
              p."is_search_visible",
              'enable_product_shipping_rates',
              p."enable_product_shipping_rates",
              'is_subscription_only',
              p."is_subscription_only",
              'manufacturer',
              p."manufacturer",
              'type',
              p."type",
              'tax_class_id',
              p."tax_class_id",
              'product_type_id',
              p."product_type_id",
              'rating_average',
              p."rating_average"::text,
              'rating_count',
              p."rating_count",
              'created_at',
              p."created_at",
              'updated_at',
              p."updated_at"
            ),
            'options',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      o."id",
                      'product_id',
                      o."product_id",
                      'name',
                      o."name",
                      'values',
                      o."values",
                      'sort_order',
                      o."sort_order",
                      'deleted_at',
                      o."deleted_at",
                      'created_at',
                      o."created_at",
                      'updated_at',
                      o."updated_at"
                    )
                    ORDER BY
                      o.sort_order,
                      o.id
                  ),
                  '[]'::json
                )
              FROM
                "product_options" o
              WHERE
                o.product_id = p.id
                AND o.deleted_at IS NULL
            ),
            'category',
            (
              SELECT
                c.name
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
              ORDER BY
                pc.id
              LIMIT
                1
            ),
            'tax_class',
            (
              SELECT
                tc.name
              FROM
                "tax_classes" tc
              WHERE
                tc.id = p.tax_class_id
            ),
            'product_type',
            (
              SELECT
                json_build_object(
                  'id',
                  pt."id",
                  'name',
                  pt."name",
                  'api_code',
                  pt."api_code",
                  'is_default',
                  pt."is_default",
                  'has_shipping',
                  pt."has_shipping",
                  'has_inventory',
                  pt."has_inventory",
                  'has_options',
                  pt."has_options",
                  'has_variants',
                  pt."has_variants",
                  'has_extras',
                  pt."has_extras",
                  'created_at',
                  pt."created_at",
                  'updated_at',
                  pt."updated_at"
                )
              FROM
                "product_types" pt
              WHERE
                pt.id = p.product_type_id
            )
          )
          ORDER BY
            p.id
        ),
        '[]'::json
      )
    FROM
      "products" p
    WHERE
      p.id IN (
        SELECT
          i.product_id
        FROM
          "quote_items" i
        WHERE
          i.quote_id IN (
            SELECT
              id
            FROM
              page
          )
      )
  ) AS products;

-- QuoteReadsRepository.page (every filter, by name, customer embedded)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "quotes" r
    WHERE
      r.customer_id = $1
      AND r.type = $2
      AND r.status = 'active'
      AND (
        r.expires_at IS NULL
        OR r.expires_at > now()
      )
      AND r.updated_at >= $3
      AND r.updated_at < $4
      AND r.id > $5
    ORDER BY
      r.name DESC,
      r.id DESC
    LIMIT
      $6
    OFFSET
      $7
  )
SELECT
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          "quotes" r
        WHERE
          r.customer_id = $1
          AND r.type = $2
          AND r.status = 'active'
          AND (
            r.expires_at IS NULL
            OR r.expires_at > now()
          )
          AND r.updated_at >= $3
          AND r.updated_at < $4
          AND r.id > $5
        LIMIT
          $8
      ) counted
  ) AS total,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              q."id",
              'number',
              q."number",
              'name',
              q."name",
              'type',
              q."type",
              'status',
              q."status",
              'checkout_step',
              q."checkout_step",
              'customer_id',
              q."customer_id",
              'billing_plan_id',
              q."billing_plan_id",
              'customer_emails',
              q."customer_emails",
              'cart_link_id',
              q."cart_link_id",
              'cart_link_version',
              q."cart_link_version",
              'coupon_code',
              q."coupon_code",
              'expires_x_days',
              q."expires_x_days",
              'expires_at',
              q."expires_at",
              'subtotal',
              q."subtotal"::text,
              'total_discount',
              q."total_discount"::text,
              'total_tax',
              q."total_tax"::text,
              'total',
              q."total"::text,
              'last_sent_at',
              q."last_sent_at",
              'accepted_at',
              q."accepted_at",
              'revision',
              q."revision",
              'declined_at',
              q."declined_at",
              'decline_reason',
              q."decline_reason",
              'order_id',
              q."order_id",
              'created_at',
              q."created_at",
              'updated_at',
              q."updated_at"
            ),
            'items',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      i."id",
                      'quote_id',
                      i."quote_id",
                      'position',
                      i."position",
                      'product_id',
                      i."product_id",
                      'variant_id',
                      i."variant_id",
                      'related_id',
                      i."related_id",
                      'extras',
                      i."extras",
                      'options',
                      i."options",
                      'custom_fields',
                      i."custom_fields",
                      'quantity',
                      i."quantity",
                      'postponed',
                      i."postponed",
                      'key',
                      i."key",
                      'x_billing_plan_id',
                      i."x_billing_plan_id",
                      'is_trial_product',
                      i."is_trial_product",
                      'price',
                      i."price"::text,
                      'subtotal',
                      i."subtotal"::text,
                      'discount',
                      i."discount"::text,
                      'total',
                      i."total"::text,
                      'tax',
                      i."tax"::text,
                      'created_at',
                      i."created_at",
                      'updated_at',
                      i."updated_at"
                    )
                    ORDER BY
                      i.position,
                      i.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_items" i
              WHERE
                i.quote_id = q.id
            ),
            'groups',
            (
              SELECT
                COALESCE(
                  json_agg(
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
                    ORDER BY
                      g.id
                  ),
                  '[]'::json
                )
              FROM
                "quote_customer_groups" l
                JOIN "customer_groups" g ON g.id = l.customer_group_id
              WHERE
                l.quote_id = q.id
            )
          )
          ORDER BY
            q.name DESC,
            q.id DESC
        ),
        '[]'::json
      )
    FROM
      page q
  ) AS quotes,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'row',
            json_build_object(
              'id',
              p."id",
              'name',
              p."name",
              'sku',
              p."sku",
              'url_name',
              p."url_name",
              'title',
              p."title",
              'barcode',
              p."barcode",
              'description',
              p."description",
              'short_description',
              p."short_description",
              'meta_description',
              p."meta_description",
              'meta_keywords',
              p."meta_keywords",
              'base_price',
              p."base_price"::text,
              'weight',
              p."weight"::text,
              'out_of_stock_threshold',
              p."out_of_stock_threshold"::text,
              'cost',
              p."cost"::text,
              'depth',
              p."depth"::text,
              'width',
              p."width"::text,
              'height',
              p."height"::text,
              'low_stock_threshold',
              p."low_stock_threshold",
              'in_stock_amount',
              p."in_stock_amount",
              'sale_price_or_discount',
              p."sale_price_or_discount",
              'sort_order',
              p."sort_order",
              'expected_availability_date',
              p."expected_availability_date"::text,
              'enabled',
              p."enabled",
              'enabled_backend',
              p."enabled_backend",
              'is_on_sale',
              p."is_on_sale",
              'track_inventory',
              p."track_inventory",
              'allow_preorder',
              p."allow_preorder",
              'hide_out_of_stock',
              p."hide_out_of_stock",
              'allow_negative_stock',
              p."allow_negative_stock",
              'is_catalog_visible',
              p."is_catalog_visible",
              'is_search_visible',
              p."is_search_visible",
              'enable_product_shipping_rates',
              p."enable_product_shipping_rates",
              'is_subscription_only',
              p."is_subscription_only",
              'manufacturer',
              p."manufacturer",
              'type',
              p."type",
              'tax_class_id',
              p."tax_class_id",
              'product_type_id',
              p."product_type_id",
              'rating_average',
              p."rating_average"::text,
              'rating_count',
              p."rating_count",
              'created_at',
              p."created_at",
              'updated_at',
              p."updated_at"
            ),
            'options',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      o."id",
                      'product_id',
                      o."product_id",
                      'name',
                      o."name",
                      'values',
                      o."values",
                      'sort_order',
                      o."sort_order",
                      'deleted_at',
                      o."deleted_at",
                      'created_at',
                      o."created_at",
                      'updated_at',
                      o."updated_at"
                    )
                    ORDER BY
                      o.sort_order,
                      o.id
                  ),
                  '[]'::json
                )
              FROM
                "product_options" o
              WHERE
                o.product_id = p.id
                AND o.deleted_at IS NULL
            ),
            'category',
            (
              SELECT
                c.name
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
              ORDER BY
                pc.id
              LIMIT
                1
            ),
            'tax_class',
            (
              SELECT
                tc.name
              FROM
                "tax_classes" tc
              WHERE
                tc.id = p.tax_class_id
            ),
            'product_type',
            (
              SELECT
                json_build_object(
                  'id',
                  pt."id",
                  'name',
                  pt."name",
                  'api_code',
                  pt."api_code",
                  'is_default',
                  pt."is_default",
                  'has_shipping',
                  pt."has_shipping",
                  'has_inventory',
                  pt."has_inventory",
                  'has_options',
                  pt."has_options",
                  'has_variants',
                  pt."has_variants",
                  'has_extras',
                  pt."has_extras",
                  'created_at',
                  pt."created_at",
                  'updated_at',
                  pt."updated_at"
                )
              FROM
                "product_types" pt
              WHERE
                pt.id = p.product_type_id
            )
          )
          ORDER BY
            p.id
        ),
        '[]'::json
      )
    FROM
      "products" p
    WHERE
      p.id IN (
        SELECT
          i.product_id
        FROM
          "quote_items" i
        WHERE
          i.quote_id IN (
            SELECT
              id
            FROM
              page
          )
      )
  ) AS products,
  (
    SELECT
      COALESCE(
        json_agg(
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
          )
          ORDER BY
            c.id
        ),
        '[]'::json
      )
    FROM
      "customers" c
    WHERE
      c.id IN (
        SELECT
          customer_id
        FROM
          page
      )
  ) AS customers;

-- QuoteReadsRepository.groupIdsOf
SELECT
  l.customer_group_id
FROM
  "quote_customer_groups" l
WHERE
  l.quote_id = $1
ORDER BY
  l.customer_group_id;

-- QuoteReadsRepository.byName
SELECT
  q.id,
  q.number,
  q.order_id
FROM
  "quotes" q
WHERE
  q.name = $1
ORDER BY
  q.id
LIMIT
  1;
