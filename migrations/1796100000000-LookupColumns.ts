import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The columns lookups compare instead of calling a function on a column: [table, column, expression,
 * its index, unique, the index before (null: new)]. Under row-level security PostgreSQL uses an
 * index for a condition only when every function applied to the row's columns is leakproof, and
 * `lower()`, `regexp_replace()`, `~` and `LIKE` are not; only a superuser may mark them so (the
 * StoreScopedData migration does, when it can). A stored column compared with `=` needs no such
 * marking: a lookup by a key in any case or by a URL name is one index entry whoever ran the
 * migrations. The expressions are the entities' (src/database/lookup-columns.ts), which TypeORM
 * reads back from `typeorm_metadata`.
 */
const COLUMNS: [table: string, column: string, expression: string, index: string, unique: boolean, before: string | null][] = [
  ['customers', 'email_key', 'lower("email")', 'UQ_customers_email', true, '"store_id", lower("email")'],
  ['coupons', 'code_key', 'lower("code")', 'UQ_coupons_code', true, '"store_id", lower("code")'],
  ['product_types', 'api_code_key', 'lower("api_code")', 'UQ_product_types_api_code', true, '"store_id", lower("api_code")'],
  [
    'products',
    'url_name_base',
    `regexp_replace("url_name", '-[0-9]+$', '')`,
    'IDX_products_url_name_base',
    false,
    `"store_id", regexp_replace("url_name", '-[0-9]+$', '')`,
  ],
  ['categories', 'url_name_base', `regexp_replace("url_name", '-[0-9]+$', '')`, 'IDX_categories_url_name_base', false, null],
];

export class LookupColumns1796100000000 implements MigrationInterface {
  name = 'LookupColumns1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // TypeORM's own table for what it cannot read back from the catalog (a generated column's expression);
    // TypeORM makes it before it runs or reverts a migration once an entity has such a column, and keeps it.
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "typeorm_metadata" ("type" character varying NOT NULL, "database" character varying, "schema" character varying, "table" character varying, "name" character varying, "value" text)`,
    );
    for (const [table, column, expression, index, unique] of COLUMNS) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "${column}" text GENERATED ALWAYS AS (${expression}) STORED NOT NULL`);
      await queryRunner.query(
        `INSERT INTO "typeorm_metadata" ("type", "database", "schema", "table", "name", "value") VALUES ('GENERATED_COLUMN', current_database(), current_schema(), $1, $2, $3)`,
        [table, column, expression],
      );
      await queryRunner.query(`DROP INDEX IF EXISTS "${index}"`);
      await queryRunner.query(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX "${index}" ON "${table}" ("store_id", "${column}")`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, , index, unique, before] of [...COLUMNS].reverse()) {
      await queryRunner.query(`DROP INDEX "${index}"`);
      if (before !== null) await queryRunner.query(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX "${index}" ON "${table}" (${before})`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
      await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = $1 AND "name" = $2`, [table, column]);
    }
  }
}
