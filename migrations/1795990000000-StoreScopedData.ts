import type { MigrationInterface, QueryRunner } from 'typeorm';
import { appRoleName } from '../src/database/app-role.js';

/** Every table of a store's data (docs/architecture.md#stores); `api_keys` has its `store_id` already. */
const STORE_TABLES = [
  'billing_plans',
  'categories',
  'countries',
  'coupons',
  'custom_field_definitions',
  'customer_addresses',
  'customer_groups',
  'customers',
  'events',
  'export_lines',
  'exports',
  'idempotency_keys',
  'import_lines',
  'import_results',
  'imports',
  'order_items',
  'orders',
  'product_attributes',
  'product_categories',
  'product_custom_field_values',
  'product_extras',
  'product_options',
  'product_price_tiers',
  'product_types',
  'product_variants',
  'products',
  'quote_customer_groups',
  'quote_deliveries',
  'quote_items',
  'quotes',
  'reviews',
  'shipments',
  'states',
  'subscription_products',
  'subscriptions',
  'tax_classes',
  'tax_rates',
  'tracking_codes',
  'variant_price_tiers',
  'webhook_deliveries',
  'webhooks',
] as const;

/**
 * The indexes that find a store's rows by a key or list them in an order: each again, under its own
 * name, with `store_id` first ([name, table, before, after, unique, where]). Keys are unique per
 * store (two stores may each have SKU `A-1`); a list of one store reads its own part of the index.
 * Indexes by a parent's id (a product's variants) need no prefix: ids are unique across stores.
 */
const INDEXES: [name: string, table: string, before: string, after: string, unique: boolean, where?: string][] = [
  ['IDX_billing_plans_updated_at_id', 'billing_plans', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['IDX_categories_updated_at_id', 'categories', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_categories_api_code', 'categories', '"api_code"', '"store_id", "api_code"', true],
  ['UQ_categories_url_name', 'categories', '"url_name"', '"store_id", "url_name"', true],
  ['IDX_countries_updated_at_id', 'countries', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_countries_code', 'countries', '"code"', '"store_id", "code"', true],
  ['IDX_coupons_updated_at_id', 'coupons', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_coupons_code', 'coupons', 'lower("code")', '"store_id", lower("code")', true],
  ['IDX_custom_field_definitions_updated_at_id', 'custom_field_definitions', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_custom_field_definitions_name', 'custom_field_definitions', '"name"', '"store_id", "name"', true],
  ['IDX_customer_groups_updated_at_id', 'customer_groups', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_customer_groups_api_code', 'customer_groups', '"api_code"', '"store_id", "api_code"', true],
  ['IDX_customers_updated_at_id', 'customers', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_customers_email', 'customers', 'lower("email")', '"store_id", lower("email")', true],
  ['IDX_events_created_at', 'events', '"created_at", "id"', '"store_id", "created_at", "id"', false],
  ['IDX_events_type_id', 'events', '"type", "id"', '"store_id", "type", "id"', false],
  ['IDX_exports_updated_at_id', 'exports', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['IDX_imports_updated_at_id', 'imports', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['IDX_orders_created_at', 'orders', '"created_at"', '"store_id", "created_at"', false],
  ['IDX_orders_updated_at_id', 'orders', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_orders_number', 'orders', '"number"', '"store_id", "number"', true],
  ['IDX_product_types_updated_at_id', 'product_types', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_product_types_api_code', 'product_types', 'lower("api_code")', '"store_id", lower("api_code")', true],
  ['UQ_product_types_is_default', 'product_types', '"is_default"', '"store_id", "is_default"', true, '"is_default"'],
  ['IDX_products_base_price_id', 'products', '"base_price", "id"', '"store_id", "base_price", "id"', false],
  ['IDX_products_created_at_id', 'products', '"created_at", "id"', '"store_id", "created_at", "id"', false],
  ['IDX_products_name_id', 'products', '"name", "id"', '"store_id", "name", "id"', false],
  ['IDX_products_rating_average_id', 'products', '"rating_average", "id"', '"store_id", "rating_average", "id"', false],
  ['IDX_products_sort_order_id', 'products', '"sort_order", "id"', '"store_id", "sort_order", "id"', false],
  ['IDX_products_updated_at_id', 'products', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  [
    'IDX_products_url_name_base',
    'products',
    `regexp_replace("url_name", '-[0-9]+$', '')`,
    `"store_id", regexp_replace("url_name", '-[0-9]+$', '')`,
    false,
  ],
  ['IDX_quotes_created_at_id', 'quotes', '"created_at", "id"', '"store_id", "created_at", "id"', false],
  ['IDX_quotes_expires_at_id', 'quotes', '"expires_at", "id"', '"store_id", "expires_at", "id"', false],
  ['IDX_quotes_name_id', 'quotes', '"name", "id"', '"store_id", "name", "id"', false],
  ['IDX_quotes_status_expires_at_id', 'quotes', '"status", "expires_at", "id"', '"store_id", "status", "expires_at", "id"', false],
  ['IDX_quotes_type_id', 'quotes', '"type", "id"', '"store_id", "type", "id"', false],
  ['IDX_quotes_updated_at', 'quotes', '"updated_at"', '"store_id", "updated_at"', false],
  ['IDX_quotes_updated_at_id', 'quotes', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_quotes_number', 'quotes', '"number"', '"store_id", "number"', true],
  ['IDX_reviews_created_at_id', 'reviews', '"created_at", "id"', '"store_id", "created_at", "id"', false],
  ['IDX_reviews_status_id', 'reviews', '"status", "id"', '"store_id", "status", "id"', false],
  ['IDX_reviews_updated_at_id', 'reviews', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['IDX_shipments_updated_at_id', 'shipments', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_shipments_number', 'shipments', '"number"', '"store_id", "number"', true],
  ['IDX_subscriptions_updated_at_id', 'subscriptions', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_subscriptions_number', 'subscriptions', '"number"', '"store_id", "number"', true],
  ['IDX_tax_classes_updated_at_id', 'tax_classes', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
  ['UQ_tax_classes_is_default', 'tax_classes', '"is_default"', '"store_id", "is_default"', true, '"is_default"'],
  ['IDX_webhooks_updated_at_id', 'webhooks', '"updated_at", "id"', '"store_id", "updated_at", "id"', false],
];

/** The unique constraints (deferrable, for batches that swap keys) that become per store. */
const CONSTRAINTS: [name: string, table: string, before: string, after: string][] = [
  ['UQ_products_sku', 'products', '"sku"', '"store_id", "sku"'],
  ['UQ_products_url_name', 'products', '"url_name"', '"store_id", "url_name"'],
  ['UQ_product_variants_sku', 'product_variants', '"sku"', '"store_id", "sku"'],
];

/**
 * The references a client names by id, checked within the row's store ([table, [column, parent,
 * the foreign key's name]]): a foreign key alone would take another store's id, since PostgreSQL's
 * own checks look past row-level security.
 */
export const REFERENCES: [table: string, refs: [column: string, parent: string, constraint: string][]][] = [
  ['states', [['country_id', 'countries', 'FK_f3bbd0bc19bb6d8a887add08461']]],
  ['categories', [['parent_id', 'categories', 'FK_88cea2dc9c31951d06437879b40']]],
  ['products', [['product_type_id', 'product_types', 'FK_9adb63f24f86528856373f0ab9a'], ['tax_class_id', 'tax_classes', 'FK_e14aa3a7b90cdaa53f6fc71dfd1']]],
  ['product_price_tiers', [['product_id', 'products', 'FK_3b378853589048f985cd20a12d2'], ['customer_group_id', 'customer_groups', 'FK_f691523c5bc932ce9ceaff93aa7']]],
  ['product_variants', [['product_id', 'products', 'FK_6343513e20e2deab45edfce1316']]],
  ['variant_price_tiers', [['customer_group_id', 'customer_groups', 'FK_6e1d97a5873ba65e6e3ebb3ac1e'], ['variant_id', 'product_variants', 'FK_7cad4ada344e4b08bae95dee636']]],
  ['product_attributes', [['product_id', 'products', 'FK_f5a6700abd0494bae3032cf5bbd']]],
  ['product_categories', [['category_id', 'categories', 'FK_9148da8f26fc248e77a387e3112'], ['product_id', 'products', 'FK_8748b4a0e8de6d266f2bbc877f6']]],
  ['product_custom_field_values', [['definition_id', 'custom_field_definitions', 'FK_64a3e17b9ff7aac51df4d02a401'], ['product_id', 'products', 'FK_4a4433eed6e05004d410c0da84d']]],
  ['product_extras', [['product_id', 'products', 'FK_7ed0b14c8365977cf47e2e15c9d']]],
  ['product_options', [['product_id', 'products', 'FK_49677f87ad61a8b2a31f33c8a2c']]],
  ['customers', [['customer_group_id', 'customer_groups', 'FK_4990eb7696f4edb64a9e7c2cd6d']]],
  ['customer_addresses', [['state_id', 'states', 'FK_589bcf424512086c2d73d0d2ba4'], ['country_id', 'countries', 'FK_1ef28e62caeed8cad18b1ae69d3'], ['customer_id', 'customers', 'FK_6be4e1a698f5c3f2c2e4c75c186']]],
  ['quotes', [['customer_id', 'customers', 'FK_a11bdb4a739328d1009c0b47e83'], ['billing_plan_id', 'billing_plans', 'FK_9631c6f829f13ba61916779cb64']]],
  ['quote_customer_groups', [['customer_group_id', 'customer_groups', 'FK_3e393c996dd2af17d65acd66390'], ['quote_id', 'quotes', 'FK_bca3b0bf57129314aa5cca5270f']]],
  ['quote_items', [['x_billing_plan_id', 'billing_plans', 'FK_2b3d13ba93b490c7d8064d31427'], ['quote_id', 'quotes', 'FK_c11d594b8cf436caaee20122fd8'], ['product_id', 'products', 'FK_d7d549103d96596ae10c47dca40'], ['variant_id', 'product_variants', 'FK_bc30a3f69c51c0ec54c34519834']]],
  ['shipments', [['order_id', 'orders', 'FK_e86fac2a18a75dcb82bfbb23f43']]],
  ['tracking_codes', [['shipment_id', 'shipments', 'FK_2fc2f2fc0938025368145e680a0']]],
  ['subscriptions', [['billing_plan_id', 'billing_plans', 'FK_6059b88cc4a37694e853253065e'], ['customer_id', 'customers', 'FK_98a4e1e3025f768de1493ecedec']]],
  ['subscription_products', [['product_id', 'products', 'FK_1fbdf6ba4ded88996fbbca1c446'], ['subscription_id', 'subscriptions', 'FK_ee2b196282d953ed0caf55e6035'], ['variant_id', 'product_variants', 'FK_044e6847a438865a1644e43e796']]],
  ['tax_rates', [['tax_class_id', 'tax_classes', 'FK_dc42f6096191f8d6dd3921d7467']]],
  ['orders', [['quote_id', 'quotes', 'FK_d6183642a34a405848c4926c116'], ['customer_id', 'customers', 'FK_772d0ce0473ac2ccfa26060dbe9']]],
  ['order_items', [['order_id', 'orders', 'FK_145532db85752b29c57d2b7b1f1']]],
  ['reviews', [['product_id', 'products', 'FK_9482e9567d8dcc2bc615981ef44'], ['customer_id', 'customers', 'FK_4dd42f48aa60ad8c0d5d5c4ea5b']]],
];

/**
 * Everything a store owns is its own, and PostgreSQL holds it so (docs/architecture.md#stores):
 *
 * - `store_id` on every table of a store's data, the rows already there the store `default`'s; new
 *   rows get the transaction's store (`app_store_id()`: the `app.store_id` setting);
 * - row-level security on each: a row is seen and written only by a transaction of its store. The
 *   tables' owner (migrations, the operator's work) is not held by it; the app role is;
 * - the app role (DATABASE_APP_ROLE, default `store_app`): no login, not owner, not superuser, no
 *   BYPASSRLS, granted the store tables; the owner may switch to it (`set_config('role', …, true)`);
 * - per-store keys and numbers: unique indexes and list indexes begin with `store_id`, and numbers
 *   (`Q1001`, `S1001`, `O1`) count in sequences of the store's own (`store_<id>_quote_numbers`, …);
 * - a reference a client names by id (a quote's customer, a product's type) names a row of the same
 *   store: checked after each statement, over the rows it wrote (one query per key, however many rows).
 */
export class StoreScopedData1795990000000 implements MigrationInterface {
  name = 'StoreScopedData1795990000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const role = appRole();
    const [first] = (await queryRunner.query(`SELECT "id" FROM "stores" WHERE "handle" = 'default'`)) as { id: number }[];
    const storeId = Number(first.id);
    await queryRunner.query(
      `CREATE FUNCTION "app_store_id"() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT nullif(current_setting('app.store_id', true), '')::integer $$`,
    );
    // Made once per cluster (roles are the cluster's): a database migrated second, or two at once, finds it made.
    await queryRunner.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
        CREATE ROLE "${role}" NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`);
    await queryRunner.query(`DO $$ BEGIN
      IF NOT pg_has_role(current_user, '${role}', 'MEMBER') THEN EXECUTE format('GRANT %I TO %I', '${role}', current_user); END IF;
    END $$`);
    await queryRunner.query(`DO $$ BEGIN EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), '${role}'); END $$`);

    for (const table of STORE_TABLES) {
      // A constant default adds the column without rewriting the table; then new rows take the transaction's store.
      await queryRunner.query(`ALTER TABLE "${table}" ADD "store_id" integer NOT NULL DEFAULT ${storeId}`);
      await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "store_id" SET DEFAULT app_store_id()`);
    }
    // A product's type when it names none: its own store's default type.
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION product_type_default() RETURNS integer LANGUAGE sql STABLE AS 'SELECT id FROM public.product_types WHERE is_default AND store_id = public.app_store_id()'`,
    );
    for (const [name, table, , after] of CONSTRAINTS) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${name}" UNIQUE (${after}) DEFERRABLE INITIALLY IMMEDIATE`);
    }
    // Under row-level security PostgreSQL uses an index for a condition only when its functions are
    // marked leakproof, and a few the lookups use are not: lower() (keys found in any case: coupon
    // codes, e-mails, api_codes), regexp_replace() and the ~ and LIKE operators (URL names and their
    // numbered variants). Each returns nothing of a row but its result, and every statement is the
    // api's own, so a superuser marks them; without one such a lookup reads the store's rows instead.
    await queryRunner.query(`DO $$ BEGIN
      IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF;
        ALTER FUNCTION pg_catalog.regexp_replace(text, text, text) LEAKPROOF;
        ALTER FUNCTION pg_catalog.textregexeq(text, text) LEAKPROOF;
        ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
      ELSE
        RAISE NOTICE 'not a superuser: lookups by a key in any case or by a URL name read the store''s rows (see docs/api.md#stores)';
      END IF;
    END $$`);
    for (const [name, table, , after, unique, where] of INDEXES) {
      await queryRunner.query(`DROP INDEX "${name}"`);
      await queryRunner.query(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX "${name}" ON "${table}" (${after})${where ? ` WHERE ${where}` : ''}`);
    }

    await createReferenceChecks(queryRunner);

    // Each store numbers its quotes, subscriptions and orders with sequences of its own
    // (store_<id>_quote_numbers, …: sql/counters.ts), which hold no lock past the statement. The
    // store default's go on from where the deployment's were.
    await queryRunner.query(`ALTER SEQUENCE "quote_number_seq" RENAME TO "store_${storeId}_quote_numbers"`);
    await queryRunner.query(`ALTER SEQUENCE "subscription_number_seq" RENAME TO "store_${storeId}_subscription_numbers"`);
    const [orders] = (await queryRunner.query(
      `SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END AS next FROM "orders_id_seq"`,
    )) as { next: string }[];
    await queryRunner.query(`CREATE SEQUENCE "store_${storeId}_order_numbers" START ${Number(orders.next)}`);

    for (const table of [...STORE_TABLES, 'api_keys']) {
      await queryRunner.query(`ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY`);
      await queryRunner.query(
        `CREATE POLICY "store_rows" ON "${table}" USING ("store_id" = app_store_id()) WITH CHECK ("store_id" = app_store_id())`,
      );
      await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON "${table}" TO "${role}"`);
    }
    // A store sees its own store row and hosts (GET and PATCH /store), and its PATCH counts the directory's version up.
    await queryRunner.query(`ALTER TABLE "stores" ENABLE ROW LEVEL SECURITY`);
    await queryRunner.query(`CREATE POLICY "store_rows" ON "stores" USING ("id" = app_store_id())`);
    await queryRunner.query(`GRANT SELECT, UPDATE ON "stores" TO "${role}"`);
    await queryRunner.query(`ALTER TABLE "store_hosts" ENABLE ROW LEVEL SECURITY`);
    await queryRunner.query(`CREATE POLICY "store_rows" ON "store_hosts" USING ("store_id" = app_store_id())`);
    await queryRunner.query(`GRANT SELECT ON "store_hosts" TO "${role}"`);
    await queryRunner.query(`GRANT SELECT, UPDATE ON "store_directory_version" TO "${role}"`);
    // The deployment's secrets (the cart links' key): made once by whichever request first needs one, never changed.
    await queryRunner.query(`GRANT SELECT, INSERT ON "server_secrets" TO "${role}"`);
    await queryRunner.query(`DO $$ BEGIN EXECUTE format('GRANT USAGE ON ALL SEQUENCES IN SCHEMA %I TO %I', current_schema(), '${role}'); END $$`);
    // And the sequences store:create makes for each new store.
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES GRANT USAGE ON SEQUENCES TO "${role}"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const role = appRole();
    await queryRunner.query(`DO $$ BEGIN EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM %I', current_schema(), '${role}'); END $$`);
    for (const table of ['server_secrets', 'store_directory_version', 'store_hosts', 'stores', 'api_keys']) {
      await queryRunner.query(`REVOKE ALL ON "${table}" FROM "${role}"`);
    }
    for (const table of ['stores', 'store_hosts', 'api_keys']) {
      await queryRunner.query(`DROP POLICY "store_rows" ON "${table}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DISABLE ROW LEVEL SECURITY`);
    }
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES REVOKE USAGE ON SEQUENCES FROM "${role}"`);
    const [first] = (await queryRunner.query(`SELECT "id" FROM "stores" WHERE "handle" = 'default'`)) as { id: number }[];
    const storeId = Number(first.id);
    await queryRunner.query(`ALTER SEQUENCE "store_${storeId}_quote_numbers" RENAME TO "quote_number_seq"`);
    await queryRunner.query(`ALTER SEQUENCE "store_${storeId}_subscription_numbers" RENAME TO "subscription_number_seq"`);
    await queryRunner.query(`DROP SEQUENCE "store_${storeId}_order_numbers"`);
    // Other stores' sequences go with them (a database migrated down holds one store).
    for (const { relname } of (await queryRunner.query(
      `SELECT relname FROM pg_class WHERE relkind = 'S' AND relname ~ '^store_[0-9]+_(quote|subscription|order)_numbers$'`,
    )) as { relname: string }[]) {
      await queryRunner.query(`DROP SEQUENCE "${relname}"`);
    }
    await dropReferenceChecks(queryRunner);
    for (const [name, table, before, , unique, where] of INDEXES) {
      await queryRunner.query(`DROP INDEX "${name}"`);
      await queryRunner.query(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX "${name}" ON "${table}" (${before})${where ? ` WHERE ${where}` : ''}`);
    }
    for (const [name, table, before] of CONSTRAINTS) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${name}" UNIQUE (${before}) DEFERRABLE INITIALLY IMMEDIATE`);
    }
    for (const table of STORE_TABLES) {
      await queryRunner.query(`REVOKE ALL ON "${table}" FROM "${role}"`);
      await queryRunner.query(`DROP POLICY "store_rows" ON "${table}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DISABLE ROW LEVEL SECURITY`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "store_id"`);
    }
    await queryRunner.query(`DO $$ BEGIN EXECUTE format('REVOKE USAGE ON SCHEMA %I FROM %I', current_schema(), '${role}'); END $$`);
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION product_type_default() RETURNS integer LANGUAGE sql STABLE AS 'SELECT id FROM public.product_types WHERE is_default'`,
    );
    await queryRunner.query(`DROP FUNCTION "app_store_id"()`);
  }
}

/** DATABASE_APP_ROLE, checked as the api checks it: a plain identifier, so it is safe between quotes. */
function appRole(): string {
  const role = appRoleName(process.env);
  if ('problem' in role) throw new Error(`DATABASE_APP_ROLE ${role.problem}`);
  return role.name;
}

/**
 * A statement trigger per table checking every id of REFERENCES the statement wrote within the row's
 * store (one query per reference, however many rows). Replaced by composite foreign keys in
 * StoreReferenceKeys1796000000000, which makes them again on its way down.
 */
export async function createReferenceChecks(queryRunner: QueryRunner): Promise<void> {
  for (const [table, refs] of REFERENCES) {
    const checks = refs.map(
      ([column, parent, constraint]) => `
      IF EXISTS (SELECT 1 FROM new_rows n WHERE n."${column}" IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM "${parent}" p WHERE p."id" = n."${column}" AND p."store_id" = n."store_id")) THEN
        RAISE foreign_key_violation USING MESSAGE = 'insert or update on table "${table}" violates foreign key constraint "${constraint}"',
          DETAIL = 'Key is not present in table "${parent}".', CONSTRAINT = '${constraint}', TABLE = '${table}', COLUMN = '${column}';
      END IF;`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "store_references_${table}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN${checks.join('')}
      RETURN NULL; END $$`,
    );
    for (const event of ['INSERT', 'UPDATE']) {
      await queryRunner.query(
        `CREATE TRIGGER "store_references_${event.toLowerCase()}" AFTER ${event} ON "${table}" REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION "store_references_${table}"()`,
      );
    }
  }
}

export async function dropReferenceChecks(queryRunner: QueryRunner): Promise<void> {
  for (const [table] of REFERENCES) {
    for (const event of ['insert', 'update']) await queryRunner.query(`DROP TRIGGER "store_references_${event}" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "store_references_${table}"()`);
  }
}
