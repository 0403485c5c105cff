-- Written by `npm run sql:snapshot` from src/modules/quotes/repositories/pricing-context.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- PricingContextRepository.pricingContext (with every part)
SELECT
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
      p.id = ANY ($1::int[])
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
      c.id = $2::int
  ) AS customer,
  (
    SELECT
      json_agg(b.id)
    FROM
      "billing_plans" b
    WHERE
      b.id = ANY ($4::int[])
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
          pp.id = ANY ($1::int[])
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
      cp.code_key = lower($3::text)
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
      cg.api_code = ANY ($5::text[])
  ) AS groups;

-- PricingContextRepository.pricingContext (without cart fields)
SELECT
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
      p.id = ANY ($1::int[])
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
      c.id = $2::int
  ) AS customer,
  (
    SELECT
      json_agg(b.id)
    FROM
      "billing_plans" b
    WHERE
      b.id = ANY ($4::int[])
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
          pp.id = ANY ($1::int[])
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
      cp.code_key = lower($3::text)
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
      cg.api_code = ANY ($5::text[])
  ) AS groups;

-- PricingContextRepository.contextSelect (a new quote)
-- a fragment, embedded in other statements:
SELECT
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
      p.id = ANY ($1::int[])
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
      c.id = $2::int
  ) AS customer,
  (
    SELECT
      json_agg(b.id)
    FROM
      "billing_plans" b
    WHERE
      b.id = ANY ($4::int[])
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
          pp.id = ANY ($1::int[])
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
      cp.code_key = lower($3::text)
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
      cg.api_code = ANY ($5::text[])
  ) AS groups;

-- PricingContextRepository.contextSelect (the locked quote's own items, customer and coupon)
-- a fragment, embedded in other statements:
SELECT
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
      b.id = ANY ($3::int[])
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
      cg.api_code = ANY ($4::text[])
  ) AS groups;
