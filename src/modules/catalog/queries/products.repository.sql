-- Written by `npm run sql:snapshot` from src/modules/catalog/products/products.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- ProductsRepository.productJsonSql (no embeds)
-- a fragment, embedded in other statements:
SELECT
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
  );

-- ProductsRepository.productJsonSql (every embed)
-- a fragment, embedded in other statements:
SELECT
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
    ),
    'categories',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              c."id",
              'name',
              c."name",
              'url_name',
              c."url_name",
              'title',
              c."title",
              'description',
              c."description",
              'api_code',
              c."api_code",
              'is_visible',
              c."is_visible",
              'parent_id',
              c."parent_id",
              'sort_order',
              c."sort_order",
              'created_at',
              c."created_at",
              'updated_at',
              c."updated_at"
            )
            ORDER BY
              pc.id
          ),
          '[]'::json
        )
      FROM
        "product_categories" pc
        JOIN "categories" c ON c.id = pc.category_id
      WHERE
        pc.product_id = p.id
    ),
    'variants',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'product_id',
              x."product_id",
              'sku',
              x."sku",
              'base_price',
              x."base_price"::text,
              'cost',
              x."cost"::text,
              'weight',
              x."weight"::text,
              'depth',
              x."depth"::text,
              'width',
              x."width"::text,
              'height',
              x."height"::text,
              'enabled',
              x."enabled",
              'is_on_sale',
              x."is_on_sale",
              'sale_price_or_discount',
              x."sale_price_or_discount",
              'track_inventory',
              x."track_inventory",
              'in_stock_amount',
              x."in_stock_amount",
              'expected_availability_date',
              x."expected_availability_date"::text,
              'options',
              x."options",
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at"
            )
            ORDER BY
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_variants" x
      WHERE
        x.product_id = p.id
    ),
    'extras',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'product_id',
              x."product_id",
              'sku',
              x."sku",
              'name',
              x."name",
              'price',
              x."price"::text,
              'weight',
              x."weight"::text,
              'sort_order',
              x."sort_order",
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at"
            )
            ORDER BY
              x.sort_order,
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_extras" x
      WHERE
        x.product_id = p.id
    ),
    'attributes',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'product_id',
              x."product_id",
              'name',
              x."name",
              'value',
              x."value",
              'sort_order',
              x."sort_order",
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at"
            )
            ORDER BY
              x.sort_order,
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_attributes" x
      WHERE
        x.product_id = p.id
    ),
    'pricetiers',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'customer_group_id',
              x."customer_group_id",
              'quantity',
              x."quantity",
              'price',
              x."price"::text,
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at",
              'product_id',
              x."product_id"
            )
            ORDER BY
              x.quantity,
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_price_tiers" x
      WHERE
        x.product_id = p.id
    ),
    'customfields',
    (
      SELECT
        json_object_agg(v.definition_id, v.value)
      FROM
        "product_custom_field_values" v
      WHERE
        v.product_id = p.id
    )
  );

-- ProductsRepository.findOne (by id or sku, no embeds)
SELECT
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
  ) AS product
FROM
  "products" p
WHERE
  p.id = $1
  OR p.sku = $2
ORDER BY
  CASE
    WHEN p.id = $1 THEN 0
    ELSE 1
  END
LIMIT
  1;

-- ProductsRepository.findOne (by sku, every embed)
SELECT
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
    ),
    'categories',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              c."id",
              'name',
              c."name",
              'url_name',
              c."url_name",
              'title',
              c."title",
              'description',
              c."description",
              'api_code',
              c."api_code",
              'is_visible',
              c."is_visible",
              'parent_id',
              c."parent_id",
              'sort_order',
              c."sort_order",
              'created_at',
              c."created_at",
              'updated_at',
              c."updated_at"
            )
            ORDER BY
              pc.id
          ),
          '[]'::json
        )
      FROM
        "product_categories" pc
        JOIN "categories" c ON c.id = pc.category_id
      WHERE
        pc.product_id = p.id
    ),
    'variants',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'product_id',
              x."product_id",
              'sku',
              x."sku",
              'base_price',
              x."base_price"::text,
              'cost',
              x."cost"::text,
              'weight',
              x."weight"::text,
              'depth',
              x."depth"::text,
              'width',
              x."width"::text,
              'height',
              x."height"::text,
              'enabled',
              x."enabled",
              'is_on_sale',
              x."is_on_sale",
              'sale_price_or_discount',
              x."sale_price_or_discount",
              'track_inventory',
              x."track_inventory",
              'in_stock_amount',
              x."in_stock_amount",
              'expected_availability_date',
              x."expected_availability_date"::text,
              'options',
              x."options",
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at"
            )
            ORDER BY
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_variants" x
      WHERE
        x.product_id = p.id
    ),
    'extras',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'product_id',
              x."product_id",
              'sku',
              x."sku",
              'name',
              x."name",
              'price',
              x."price"::text,
              'weight',
              x."weight"::text,
              'sort_order',
              x."sort_order",
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at"
            )
            ORDER BY
              x.sort_order,
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_extras" x
      WHERE
        x.product_id = p.id
    ),
    'attributes',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'product_id',
              x."product_id",
              'name',
              x."name",
              'value',
              x."value",
              'sort_order',
              x."sort_order",
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at"
            )
            ORDER BY
              x.sort_order,
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_attributes" x
      WHERE
        x.product_id = p.id
    ),
    'pricetiers',
    (
      SELECT
        COALESCE(
          json_agg(
            json_build_object(
              'id',
              x."id",
              'customer_group_id',
              x."customer_group_id",
              'quantity',
              x."quantity",
              'price',
              x."price"::text,
              'created_at',
              x."created_at",
              'updated_at',
              x."updated_at",
              'product_id',
              x."product_id"
            )
            ORDER BY
              x.quantity,
              x.id
          ),
          '[]'::json
        )
      FROM
        "product_price_tiers" x
      WHERE
        x.product_id = p.id
    ),
    'customfields',
    (
      SELECT
        json_object_agg(v.definition_id, v.value)
      FROM
        "product_custom_field_values" v
      WHERE
        v.product_id = p.id
    )
  ) AS product,
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
      d.entity = 'product'
  ) AS definitions
FROM
  "products" p
WHERE
  p.sku = $1
LIMIT
  1;

-- ProductsRepository.byIds
SELECT
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
  ) AS product
FROM
  "products" p
WHERE
  p.id = ANY ($1::int[])
ORDER BY
  p.id;

-- ProductsRepository.page (no embeds)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "products" r
    WHERE
      TRUE
    ORDER BY
      r.name ASC,
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
          "products" r
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
            p.name ASC,
            p.id ASC
        ),
        '[]'::json
      )
    FROM
      page p
  ) AS products;

-- ProductsRepository.page (after a cursor, every embed)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "products" r
    WHERE
      r.id > $1
    ORDER BY
      r.id ASC
    LIMIT
      $2
    OFFSET
      $3
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
          "products" r
        WHERE
          r.id > $1
        LIMIT
          $4
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
            ),
            'categories',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      c."id",
                      'name',
                      c."name",
                      'url_name',
                      c."url_name",
                      'title',
                      c."title",
                      'description',
                      c."description",
                      'api_code',
                      c."api_code",
                      'is_visible',
                      c."is_visible",
                      'parent_id',
                      c."parent_id",
                      'sort_order',
                      c."sort_order",
                      'created_at',
                      c."created_at",
                      'updated_at',
                      c."updated_at"
                    )
                    ORDER BY
                      pc.id
                  ),
                  '[]'::json
                )
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
            ),
            'variants',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'sku',
                      x."sku",
                      'base_price',
                      x."base_price"::text,
                      'cost',
                      x."cost"::text,
                      'weight',
                      x."weight"::text,
                      'depth',
                      x."depth"::text,
                      'width',
                      x."width"::text,
                      'height',
                      x."height"::text,
                      'enabled',
                      x."enabled",
                      'is_on_sale',
                      x."is_on_sale",
                      'sale_price_or_discount',
                      x."sale_price_or_discount",
                      'track_inventory',
                      x."track_inventory",
                      'in_stock_amount',
                      x."in_stock_amount",
                      'expected_availability_date',
                      x."expected_availability_date"::text,
                      'options',
                      x."options",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_variants" x
              WHERE
                x.product_id = p.id
            ),
            'extras',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'sku',
                      x."sku",
                      'name',
                      x."name",
                      'price',
                      x."price"::text,
                      'weight',
                      x."weight"::text,
                      'sort_order',
                      x."sort_order",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.sort_order,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_extras" x
              WHERE
                x.product_id = p.id
            ),
            'attributes',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'name',
                      x."name",
                      'value',
                      x."value",
                      'sort_order',
                      x."sort_order",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.sort_order,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_attributes" x
              WHERE
                x.product_id = p.id
            ),
            'pricetiers',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'customer_group_id',
                      x."customer_group_id",
                      'quantity',
                      x."quantity",
                      'price',
                      x."price"::text,
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at",
                      'product_id',
                      x."product_id"
                    )
                    ORDER BY
                      x.quantity,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_price_tiers" x
              WHERE
                x.product_id = p.id
            ),
            'customfields',
            (
              SELECT
                json_object_agg(v.definition_id, v.value)
              FROM
                "product_custom_field_values" v
              WHERE
                v.product_id = p.id
            )
          )
          ORDER BY
            p.id ASC
        ),
        '[]'::json
      )
    FROM
      page p
  ) AS products,
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
      d.entity = 'product'
  ) AS definitions;

-- ProductsRepository.page (updated in a range)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "products" r
    WHERE
      r.updated_at >= $1
      AND r.updated_at < $2
    ORDER BY
      r.updated_at ASC,
      r.id ASC
    LIMIT
      $3
    OFFSET
      $4
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
          "products" r
        WHERE
          r.updated_at >= $1
          AND r.updated_at < $2
        LIMIT
          $5
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
            p.updated_at ASC,
            p.id ASC
        ),
        '[]'::json
      )
    FROM
      page p
  ) AS products;

-- ProductsRepository.exportPage
WITH
  page AS (
    SELECT
      r.*
    FROM
      "products" r
    WHERE
      r.id > $1
      AND (
        $3::timestamptz IS NULL
        OR r.updated_at >= $3
      )
    ORDER BY
      r.id
    LIMIT
      $2
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
            ),
            'categories',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      c."id",
                      'name',
                      c."name",
                      'url_name',
                      c."url_name",
                      'title',
                      c."title",
                      'description',
                      c."description",
                      'api_code',
                      c."api_code",
                      'is_visible',
                      c."is_visible",
                      'parent_id',
                      c."parent_id",
                      'sort_order',
                      c."sort_order",
                      'created_at',
                      c."created_at",
                      'updated_at',
                      c."updated_at"
                    )
                    ORDER BY
                      pc.id
                  ),
                  '[]'::json
                )
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
            ),
            'variants',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'sku',
                      x."sku",
                      'base_price',
                      x."base_price"::text,
                      'cost',
                      x."cost"::text,
                      'weight',
                      x."weight"::text,
                      'depth',
                      x."depth"::text,
                      'width',
                      x."width"::text,
                      'height',
                      x."height"::text,
                      'enabled',
                      x."enabled",
                      'is_on_sale',
                      x."is_on_sale",
                      'sale_price_or_discount',
                      x."sale_price_or_discount",
                      'track_inventory',
                      x."track_inventory",
                      'in_stock_amount',
                      x."in_stock_amount",
                      'expected_availability_date',
                      x."expected_availability_date"::text,
                      'options',
                      x."options",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_variants" x
              WHERE
                x.product_id = p.id
            ),
            'extras',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'sku',
                      x."sku",
                      'name',
                      x."name",
                      'price',
                      x."price"::text,
                      'weight',
                      x."weight"::text,
                      'sort_order',
                      x."sort_order",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.sort_order,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_extras" x
              WHERE
                x.product_id = p.id
            ),
            'attributes',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'name',
                      x."name",
                      'value',
                      x."value",
                      'sort_order',
                      x."sort_order",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.sort_order,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_attributes" x
              WHERE
                x.product_id = p.id
            ),
            'pricetiers',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'customer_group_id',
                      x."customer_group_id",
                      'quantity',
                      x."quantity",
                      'price',
                      x."price"::text,
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at",
                      'product_id',
                      x."product_id"
                    )
                    ORDER BY
                      x.quantity,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_price_tiers" x
              WHERE
                x.product_id = p.id
            ),
            'customfields',
            (
              SELECT
                json_object_agg(v.definition_id, v.value)
              FROM
                "product_custom_field_values" v
              WHERE
                v.product_id = p.id
            )
          )
          ORDER BY
            p.id
        ),
        '[]'::json
      )
    FROM
      page p
  ) AS products,
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
      d.entity = 'product'
  ) AS definitions;

-- ProductsRepository.exportPage (updated since)
WITH
  page AS (
    SELECT
      r.*
    FROM
      "products" r
    WHERE
      r.id > $1
      AND (
        $3::timestamptz IS NULL
        OR r.updated_at >= $3
      )
    ORDER BY
      r.id
    LIMIT
      $2
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
            ),
            'categories',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      c."id",
                      'name',
                      c."name",
                      'url_name',
                      c."url_name",
                      'title',
                      c."title",
                      'description',
                      c."description",
                      'api_code',
                      c."api_code",
                      'is_visible',
                      c."is_visible",
                      'parent_id',
                      c."parent_id",
                      'sort_order',
                      c."sort_order",
                      'created_at',
                      c."created_at",
                      'updated_at',
                      c."updated_at"
                    )
                    ORDER BY
                      pc.id
                  ),
                  '[]'::json
                )
              FROM
                "product_categories" pc
                JOIN "categories" c ON c.id = pc.category_id
              WHERE
                pc.product_id = p.id
            ),
            'variants',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'sku',
                      x."sku",
                      'base_price',
                      x."base_price"::text,
                      'cost',
                      x."cost"::text,
                      'weight',
                      x."weight"::text,
                      'depth',
                      x."depth"::text,
                      'width',
                      x."width"::text,
                      'height',
                      x."height"::text,
                      'enabled',
                      x."enabled",
                      'is_on_sale',
                      x."is_on_sale",
                      'sale_price_or_discount',
                      x."sale_price_or_discount",
                      'track_inventory',
                      x."track_inventory",
                      'in_stock_amount',
                      x."in_stock_amount",
                      'expected_availability_date',
                      x."expected_availability_date"::text,
                      'options',
                      x."options",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_variants" x
              WHERE
                x.product_id = p.id
            ),
            'extras',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'sku',
                      x."sku",
                      'name',
                      x."name",
                      'price',
                      x."price"::text,
                      'weight',
                      x."weight"::text,
                      'sort_order',
                      x."sort_order",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.sort_order,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_extras" x
              WHERE
                x.product_id = p.id
            ),
            'attributes',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'product_id',
                      x."product_id",
                      'name',
                      x."name",
                      'value',
                      x."value",
                      'sort_order',
                      x."sort_order",
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at"
                    )
                    ORDER BY
                      x.sort_order,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_attributes" x
              WHERE
                x.product_id = p.id
            ),
            'pricetiers',
            (
              SELECT
                COALESCE(
                  json_agg(
                    json_build_object(
                      'id',
                      x."id",
                      'customer_group_id',
                      x."customer_group_id",
                      'quantity',
                      x."quantity",
                      'price',
                      x."price"::text,
                      'created_at',
                      x."created_at",
                      'updated_at',
                      x."updated_at",
                      'product_id',
                      x."product_id"
                    )
                    ORDER BY
                      x.quantity,
                      x.id
                  ),
                  '[]'::json
                )
              FROM
                "product_price_tiers" x
              WHERE
                x.product_id = p.id
            ),
            'customfields',
            (
              SELECT
                json_object_agg(v.definition_id, v.value)
              FROM
                "product_custom_field_values" v
              WHERE
                v.product_id = p.id
            )
          )
          ORDER BY
            p.id
        ),
        '[]'::json
      )
    FROM
      page p
  ) AS products,
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
      d.entity = 'product'
  ) AS definitions;

-- ProductsRepository.variantTiers
SELECT
  *
FROM
  "variant_price_tiers"
WHERE
  "variant_id" = ANY ($1::int[])
ORDER BY
  id;

-- ProductsRepository.pricingJsonSql
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
  );

-- ProductsRepository.taxClassIdsSql
-- a fragment, embedded in other statements:
SELECT
SELECT
  pp.tax_class_id
FROM
  "products" pp
WHERE
  pp.id = ANY ($1::int[]);
