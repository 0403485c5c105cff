-- Written by `npm run sql:snapshot` from src/modules/quotes/repositories/quote-writes.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- QuoteWritesRepository.lockWithContext (by id, with every part)
WITH
  cur AS (
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
    FOR UPDATE
  )
SELECT
  (
    SELECT
      json_build_object(
        'id',
        cur."id",
        'number',
        cur."number",
        'name',
        cur."name",
        'type',
        cur."type",
        'status',
        cur."status",
        'checkout_step',
        cur."checkout_step",
        'customer_id',
        cur."customer_id",
        'billing_plan_id',
        cur."billing_plan_id",
        'customer_emails',
        cur."customer_emails",
        'cart_link_id',
        cur."cart_link_id",
        'cart_link_version',
        cur."cart_link_version",
        'coupon_code',
        cur."coupon_code",
        'expires_x_days',
        cur."expires_x_days",
        'expires_at',
        cur."expires_at",
        'subtotal',
        cur."subtotal"::text,
        'total_discount',
        cur."total_discount"::text,
        'total_tax',
        cur."total_tax"::text,
        'total',
        cur."total"::text,
        'last_sent_at',
        cur."last_sent_at",
        'accepted_at',
        cur."accepted_at",
        'revision',
        cur."revision",
        'declined_at',
        cur."declined_at",
        'decline_reason',
        cur."decline_reason",
        'order_id',
        cur."order_id",
        'created_at',
        cur."created_at",
        'updated_at',
        cur."updated_at"
      )
    FROM
      cur
  ) AS current,
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
      i.quote_id = (
        SELECT
          id
        FROM
          cur
      )
  ) AS items,
  (
    SELECT
      COALESCE(
        json_agg(
          l.customer_group_id
          ORDER BY
            l.customer_group_id
        ),
        '[]'::json
      )
    FROM
      "quote_customer_groups" l
    WHERE
      l.quote_id = (
        SELECT
          id
        FROM
          cur
      )
  ) AS group_ids,
  (
    SELECT
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
          'tiers',
          (
            SELECT
              COALESCE(
                json_agg(
                  json_build_object(
                    'id',
                    t."id",
                    'customer_group_id',
                    t."customer_group_id",
                    'quantity',
                    t."quantity",
                    'price',
                    t."price"::text,
                    'created_at',
                    t."created_at",
                    'updated_at',
                    t."updated_at",
                    'product_id',
                    t."product_id"
                  )
                  ORDER BY
                    t.id
                ),
                '[]'::json
              )
            FROM
              "product_price_tiers" t
            WHERE
              t.product_id = p.id
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
          'variants',
          (
            SELECT
              COALESCE(
                json_agg(
                  json_build_object(
                    'row',
                    json_build_object(
                      'id',
                      v."id",
                      'product_id',
                      v."product_id",
                      'sku',
                      v."sku",
                      'base_price',
                      v."base_price"::text,
                      'cost',
                      v."cost"::text,
                      'weight',
                      v."weight"::text,
                      'depth',
                      v."depth"::text,
                      'width',
                      v."width"::text,
                      'height',
                      v."height"::text,
                      'enabled',
                      v."enabled",
                      'is_on_sale',
                      v."is_on_sale",
                      'sale_price_or_discount',
                      v."sale_price_or_discount",
                      'track_inventory',
                      v."track_inventory",
                      'in_stock_amount',
                      v."in_stock_amount",
                      'expected_availability_date',
                      v."expected_availability_date"::text,
                      'options',
                      v."options",
                      'created_at',
                      v."created_at",
                      'updated_at',
                      v."updated_at"
                    ),
                    'tiers',
                    (
                      SELECT
                        COALESCE(
                          json_agg(
                            json_build_object(
                              'id',
                              vt."id",
                              'customer_group_id',
                              vt."customer_group_id",
                              'quantity',
                              vt."quantity",
                              'price',
                              vt."price"::text,
                              'created_at',
                              vt."created_at",
                              'updated_at',
                              vt."updated_at",
                              'variant_id',
                              vt."variant_id"
                            )
                            ORDER BY
                              vt.id
                          ),
                          '[]'::json
                        )
                      FROM
                        "variant_price_tiers" vt
                      WHERE
                        vt.variant_id = v.id
                    )
                  )
                  ORDER BY
                    v.id
                ),
                '[]'::json
              )
            FROM
              "product_variants" v
            WHERE
              v.product_id = p.id
          ),
          'extras',
          (
            SELECT
              COALESCE(
                json_agg(
                  json_build_object(
                    'id',
                    e."id",
                    'product_id',
                    e."product_id",
                    'sku',
                    e."sku",
                    'name',
                    e."name",
                    'price',
                    e."price"::text,
                    'weight',
                    e."weight"::text,
                    'sort_order',
                    e."sort_order",
                    'created_at',
                    e."created_at",
                    'updated_at',
                    e."updated_at"
                  )
                  ORDER BY
                    e.sort_order,
                    e.id
                ),
                '[]'::json
              )
            FROM
              "product_extras" e
            WHERE
              e.product_id = p.id
          )
        )
      )
    FROM
      "products" p
    WHERE
      p.id = ANY ($3::int[])
  ) AS products,
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
      c.id = $4::int
  ) AS customer,
  (
    SELECT
      json_agg(b.id)
    FROM
      "billing_plans" b
    WHERE
      b.id = ANY ($6::int[])
  ) AS plans,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'id',
            d."id",
            'name',
            d."name",
            'label',
            d."label",
            'entity',
            d."entity",
            'type',
            d."type",
            'options',
            d."options",
            'is_required',
            d."is_required",
            'default_value',
            d."default_value",
            'description',
            d."description",
            'sort_order',
            d."sort_order",
            'created_at',
            d."created_at",
            'updated_at',
            d."updated_at"
          )
          ORDER BY
            d.sort_order,
            d.id
        ),
        '[]'::json
      )
    FROM
      "custom_field_definitions" d
    WHERE
      d.entity = 'cart'
  ) AS cart_fields,
  (
    SELECT
      tc.id
    FROM
      "tax_classes" tc
    WHERE
      tc.is_default
    LIMIT
      1
  ) AS default_tax_class,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'id',
            r."id",
            'tax_class_id',
            r."tax_class_id",
            'country',
            r."country",
            'state',
            r."state",
            'zip',
            r."zip",
            'city',
            r."city",
            'rate',
            r."rate"::text,
            'priority',
            r."priority",
            'tax_name',
            r."tax_name",
            'is_compound',
            r."is_compound",
            'created_at',
            r."created_at",
            'updated_at',
            r."updated_at"
          )
          ORDER BY
            r.priority,
            r.id
        ),
        '[]'::json
      )
    FROM
      "tax_rates" r
    WHERE
      r.tax_class_id IN (
        SELECT
          pp.tax_class_id
        FROM
          "products" pp
        WHERE
          pp.id = ANY ($3::int[])
      )
      OR r.tax_class_id = (
        SELECT
          tc.id
        FROM
          "tax_classes" tc
        WHERE
          tc.is_default
        LIMIT
          1
      )
  ) AS rates,
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
      cp.code_key = lower($5::text)
    LIMIT
      1
  ) AS coupon,
  (
    SELECT
      json_agg(
        json_build_object('id', cg.id, 'api_code', cg.api_code)
      )
    FROM
      "customer_groups" cg
    WHERE
      cg.api_code = ANY ($7::text[])
  ) AS groups;

-- QuoteWritesRepository.lockWithContext (by number, the quote's own items, customer and coupon)
WITH
  cur AS (
    SELECT
      r.*
    FROM
      "quotes" r
    WHERE
      r.number = upper($1)
    LIMIT
      1
    FOR UPDATE
  )
SELECT
  (
    SELECT
      json_build_object(
        'id',
        cur."id",
        'number',
        cur."number",
        'name',
        cur."name",
        'type',
        cur."type",
        'status',
        cur."status",
        'checkout_step',
        cur."checkout_step",
        'customer_id',
        cur."customer_id",
        'billing_plan_id',
        cur."billing_plan_id",
        'customer_emails',
        cur."customer_emails",
        'cart_link_id',
        cur."cart_link_id",
        'cart_link_version',
        cur."cart_link_version",
        'coupon_code',
        cur."coupon_code",
        'expires_x_days',
        cur."expires_x_days",
        'expires_at',
        cur."expires_at",
        'subtotal',
        cur."subtotal"::text,
        'total_discount',
        cur."total_discount"::text,
        'total_tax',
        cur."total_tax"::text,
        'total',
        cur."total"::text,
        'last_sent_at',
        cur."last_sent_at",
        'accepted_at',
        cur."accepted_at",
        'revision',
        cur."revision",
        'declined_at',
        cur."declined_at",
        'decline_reason',
        cur."decline_reason",
        'order_id',
        cur."order_id",
        'created_at',
        cur."created_at",
        'updated_at',
        cur."updated_at"
      )
    FROM
      cur
  ) AS current,
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
      i.quote_id = (
        SELECT
          id
        FROM
          cur
      )
  ) AS items,
  (
    SELECT
      COALESCE(
        json_agg(
          l.customer_group_id
          ORDER BY
            l.customer_group_id
        ),
        '[]'::json
      )
    FROM
      "quote_customer_groups" l
    WHERE
      l.quote_id = (
        SELECT
          id
        FROM
          cur
      )
  ) AS group_ids,
  (
    SELECT
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
          'tiers',
          (
            SELECT
              COALESCE(
                json_agg(
                  json_build_object(
                    'id',
                    t."id",
                    'customer_group_id',
                    t."customer_group_id",
                    'quantity',
                    t."quantity",
                    'price',
                    t."price"::text,
                    'created_at',
                    t."created_at",
                    'updated_at',
                    t."updated_at",
                    'product_id',
                    t."product_id"
                  )
                  ORDER BY
                    t.id
                ),
                '[]'::json
              )
            FROM
              "product_price_tiers" t
            WHERE
              t.product_id = p.id
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
          'variants',
          (
            SELECT
              COALESCE(
                json_agg(
                  json_build_object(
                    'row',
                    json_build_object(
                      'id',
                      v."id",
                      'product_id',
                      v."product_id",
                      'sku',
                      v."sku",
                      'base_price',
                      v."base_price"::text,
                      'cost',
                      v."cost"::text,
                      'weight',
                      v."weight"::text,
                      'depth',
                      v."depth"::text,
                      'width',
                      v."width"::text,
                      'height',
                      v."height"::text,
                      'enabled',
                      v."enabled",
                      'is_on_sale',
                      v."is_on_sale",
                      'sale_price_or_discount',
                      v."sale_price_or_discount",
                      'track_inventory',
                      v."track_inventory",
                      'in_stock_amount',
                      v."in_stock_amount",
                      'expected_availability_date',
                      v."expected_availability_date"::text,
                      'options',
                      v."options",
                      'created_at',
                      v."created_at",
                      'updated_at',
                      v."updated_at"
                    ),
                    'tiers',
                    (
                      SELECT
                        COALESCE(
                          json_agg(
                            json_build_object(
                              'id',
                              vt."id",
                              'customer_group_id',
                              vt."customer_group_id",
                              'quantity',
                              vt."quantity",
                              'price',
                              vt."price"::text,
                              'created_at',
                              vt."created_at",
                              'updated_at',
                              vt."updated_at",
                              'variant_id',
                              vt."variant_id"
                            )
                            ORDER BY
                              vt.id
                          ),
                          '[]'::json
                        )
                      FROM
                        "variant_price_tiers" vt
                      WHERE
                        vt.variant_id = v.id
                    )
                  )
                  ORDER BY
                    v.id
                ),
                '[]'::json
              )
            FROM
              "product_variants" v
            WHERE
              v.product_id = p.id
          ),
          'extras',
          (
            SELECT
              COALESCE(
                json_agg(
                  json_build_object(
                    'id',
                    e."id",
                    'product_id',
                    e."product_id",
                    'sku',
                    e."sku",
                    'name',
                    e."name",
                    'price',
                    e."price"::text,
                    'weight',
                    e."weight"::text,
                    'sort_order',
                    e."sort_order",
                    'created_at',
                    e."created_at",
                    'updated_at',
                    e."updated_at"
                  )
                  ORDER BY
                    e.sort_order,
                    e.id
                ),
                '[]'::json
              )
            FROM
              "product_extras" e
            WHERE
              e.product_id = p.id
          )
        )
      )
    FROM
      "products" p
    WHERE
      p.id = ANY (
        ARRAY(
          SELECT
            si.product_id
          FROM
            "quote_items" si
          WHERE
            si.quote_id = (
              SELECT
                id
              FROM
                cur
            )
        )
      )
  ) AS products,
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
      c.id = (
        SELECT
          customer_id
        FROM
          cur
      )
  ) AS customer,
  (
    SELECT
      json_agg(b.id)
    FROM
      "billing_plans" b
    WHERE
      b.id = ANY ($2::int[])
  ) AS plans,
  NULL::json AS cart_fields,
  (
    SELECT
      tc.id
    FROM
      "tax_classes" tc
    WHERE
      tc.is_default
    LIMIT
      1
  ) AS default_tax_class,
  (
    SELECT
      COALESCE(
        json_agg(
          json_build_object(
            'id',
            r."id",
            'tax_class_id',
            r."tax_class_id",
            'country',
            r."country",
            'state',
            r."state",
            'zip',
            r."zip",
            'city',
            r."city",
            'rate',
            r."rate"::text,
            'priority',
            r."priority",
            'tax_name',
            r."tax_name",
            'is_compound',
            r."is_compound",
            'created_at',
            r."created_at",
            'updated_at',
            r."updated_at"
          )
          ORDER BY
            r.priority,
            r.id
        ),
        '[]'::json
      )
    FROM
      "tax_rates" r
    WHERE
      r.tax_class_id IN (
        SELECT
          pp.tax_class_id
        FROM
          "products" pp
        WHERE
          pp.id = ANY (
            ARRAY(
              SELECT
                si.product_id
              FROM
                "quote_items" si
              WHERE
                si.quote_id = (
                  SELECT
                    id
                  FROM
                    cur
                )
            )
          )
      )
      OR r.tax_class_id = (
        SELECT
          tc.id
        FROM
          "tax_classes" tc
        WHERE
          tc.is_default
        LIMIT
          1
      )
  ) AS rates,
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
      cp.code_key = lower(
        (
          SELECT
            coupon_code
          FROM
            cur
        )
      )
    LIMIT
      1
  ) AS coupon,
  (
    SELECT
      json_agg(
        json_build_object('id', cg.id, 'api_code', cg.api_code)
      )
    FROM
      "customer_groups" cg
    WHERE
      cg.api_code = ANY ($3::text[])
  ) AS groups;

-- QuoteWritesRepository.insertQuote (with items and groups)
WITH
  q AS (
    INSERT INTO
      "quotes" (
        "number",
        "name",
        "type",
        "customer_id",
        "billing_plan_id",
        "customer_emails",
        "cart_link_id",
        "coupon_code",
        "subtotal",
        "total_discount",
        "total_tax",
        "total",
        "expires_x_days",
        "expires_at"
      )
    VALUES
      (
        'Q' || nextval(
          format('store_%s_quote_numbers', app_store_id ())::regclass
        ),
        $1,
        $2,
        $3,
        $4,
        $5::jsonb,
        $6,
        $7,
        $8,
        $9,
        $10,
        $11,
        $12::int,
        now() + make_interval(days => $12::int)
      )
    RETURNING
      id
  ),
  i AS (
    INSERT INTO
      "quote_items" (
        "quote_id",
        "position",
        "product_id",
        "variant_id",
        "related_id",
        "extras",
        "options",
        "custom_fields",
        "quantity",
        "postponed",
        "key",
        "x_billing_plan_id",
        "is_trial_product",
        "price",
        "subtotal",
        "discount",
        "total",
        "tax"
      )
    SELECT
      (
        SELECT
          id
        FROM
          q
      ),
      x."position",
      x."product_id",
      x."variant_id",
      x."related_id",
      x."extras",
      x."options",
      x."custom_fields",
      x."quantity",
      x."postponed",
      x."key",
      x."x_billing_plan_id",
      x."is_trial_product",
      x."price",
      x."subtotal",
      x."discount",
      x."total",
      x."tax"
    FROM
      json_to_recordset($13::json) AS x (
        "position" int,
        "product_id" int,
        "variant_id" int,
        "related_id" int,
        "extras" jsonb,
        "options" jsonb,
        "custom_fields" jsonb,
        "quantity" int,
        "postponed" boolean,
        "key" text,
        "x_billing_plan_id" int,
        "is_trial_product" boolean,
        "price" numeric,
        "subtotal" numeric,
        "discount" numeric,
        "total" numeric,
        "tax" numeric
      )
    ORDER BY
      x.position
    RETURNING
      1
  ),
  g AS (
    INSERT INTO
      "quote_customer_groups" (quote_id, customer_group_id)
    SELECT
      q.id,
      gid
    FROM
      q,
      unnest($14::int[]) AS gid
    RETURNING
      1
  )
SELECT
  id
FROM
  q;

-- QuoteWritesRepository.insertQuote (bare)
WITH
  q AS (
    INSERT INTO
      "quotes" (
        "number",
        "name",
        "subtotal",
        "total_discount",
        "total_tax",
        "total"
      )
    VALUES
      (
        'Q' || nextval(
          format('store_%s_quote_numbers', app_store_id ())::regclass
        ),
        $1,
        $2,
        $3,
        $4,
        $5
      )
    RETURNING
      id
  )
SELECT
  id
FROM
  q;

-- QuoteWritesRepository.updateQuote (columns, items replaced, groups replaced)
WITH
  q AS (
    UPDATE "quotes"
    SET
      "name" = $2,
      "type" = $3,
      "customer_id" = $4,
      "billing_plan_id" = $5,
      "customer_emails" = $6::jsonb,
      "cart_link_id" = $7,
      "coupon_code" = $8,
      "subtotal" = $9,
      "total_discount" = $10,
      "total_tax" = $11,
      "total" = $12,
      "expires_x_days" = $13::int,
      "expires_at" = CASE
        WHEN $13::int IS NULL THEN NULL
        ELSE created_at + make_interval(days => $13::int)
      END,
      "cart_link_version" = "cart_link_version" + 1,
      "revision" = "revision" + 1,
      "updated_at" = now()
    WHERE
      id = $1::int
    RETURNING
      id
  ),
  di AS (
    DELETE FROM "quote_items"
    WHERE
      quote_id = $1::int
  ),
  ii AS (
    INSERT INTO
      "quote_items" (
        "quote_id",
        "position",
        "product_id",
        "variant_id",
        "related_id",
        "extras",
        "options",
        "custom_fields",
        "quantity",
        "postponed",
        "key",
        "x_billing_plan_id",
        "is_trial_product",
        "price",
        "subtotal",
        "discount",
        "total",
        "tax"
      )
    SELECT
      $1::int,
      x."position",
      x."product_id",
      x."variant_id",
      x."related_id",
      x."extras",
      x."options",
      x."custom_fields",
      x."quantity",
      x."postponed",
      x."key",
      x."x_billing_plan_id",
      x."is_trial_product",
      x."price",
      x."subtotal",
      x."discount",
      x."total",
      x."tax"
    FROM
      json_to_recordset($14::json) AS x (
        "position" int,
        "product_id" int,
        "variant_id" int,
        "related_id" int,
        "extras" jsonb,
        "options" jsonb,
        "custom_fields" jsonb,
        "quantity" int,
        "postponed" boolean,
        "key" text,
        "x_billing_plan_id" int,
        "is_trial_product" boolean,
        "price" numeric,
        "subtotal" numeric,
        "discount" numeric,
        "total" numeric,
        "tax" numeric
      )
    ORDER BY
      x.position
  ),
  dg AS (
    DELETE FROM "quote_customer_groups"
    WHERE
      quote_id = $1::int
      AND customer_group_id <> ALL ($15::int[])
  ),
  ig AS (
    INSERT INTO
      "quote_customer_groups" (quote_id, customer_group_id)
    SELECT
      $1::int,
      gid
    FROM
      unnest($15::int[]) AS gid
    ON CONFLICT DO NOTHING
  )
SELECT
  id
FROM
  q;

-- QuoteWritesRepository.updateQuote (prices updated in place)
WITH
  q AS (
    UPDATE "quotes"
    SET
      "total" = $2,
      "revision" = "revision" + 1,
      "updated_at" = now()
    WHERE
      id = $1::int
    RETURNING
      id
  ),
  ui AS (
    UPDATE "quote_items" AS i
    SET
      variant_id = v.variant_id,
      price = v.price,
      subtotal = v.subtotal,
      discount = v.discount,
      total = v.total,
      tax = v.tax,
      updated_at = now()
    FROM
      unnest(
        $3::int[],
        $4::int[],
        $5::numeric[],
        $6::numeric[],
        $7::numeric[],
        $8::numeric[],
        $9::numeric[]
      ) AS v (
        id,
        variant_id,
        price,
        subtotal,
        discount,
        total,
        tax
      )
    WHERE
      i.id = v.id
  )
SELECT
  id
FROM
  q;

-- QuoteWritesRepository.updateQuote (items removed, expiry cleared)
WITH
  q AS (
    UPDATE "quotes"
    SET
      "expires_x_days" = $2::int,
      "expires_at" = CASE
        WHEN $2::int IS NULL THEN NULL
        ELSE created_at + make_interval(days => $2::int)
      END,
      "revision" = "revision" + 1,
      "updated_at" = now()
    WHERE
      id = $1::int
    RETURNING
      id
  ),
  di AS (
    DELETE FROM "quote_items"
    WHERE
      quote_id = $1::int
  )
SELECT
  id
FROM
  q;

-- QuoteWritesRepository.setStatus (reopen)
UPDATE "quotes"
SET
  status = 'active',
  accepted_at = NULL,
  declined_at = NULL,
  decline_reason = NULL,
  updated_at = now()
WHERE
  id = $1;

-- QuoteWritesRepository.setStatus (ordered)
UPDATE "quotes"
SET
  status = 'ordered',
  order_id = $2,
  updated_at = now()
WHERE
  id = $1;

-- QuoteWritesRepository.deleteQuote
DELETE FROM "quotes"
WHERE
  "id" = $1;
