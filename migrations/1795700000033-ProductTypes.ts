import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product types and the product's rating. A store starts with `goods` (the default, every part),
 * `service` (options and extras only) and `downloadable` (options, variants, extras: no shipping,
 * no stock); every existing product becomes `goods`. `products.product_type_id` defaults to
 * `product_type_default()`, the default type's id, so a row inserted without it (a seed, an import)
 * is of the default type. `rating_average`/`rating_count` are kept by the catalog with each review change.
 */
export class ProductTypes1795700000033 implements MigrationInterface {
  name = 'ProductTypes1795700000033';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "product_types" ("id" SERIAL NOT NULL, "name" text NOT NULL, "api_code" character varying(64) NOT NULL, "is_default" boolean NOT NULL DEFAULT false, "has_shipping" boolean NOT NULL DEFAULT true, "has_inventory" boolean NOT NULL DEFAULT true, "has_options" boolean NOT NULL DEFAULT true, "has_variants" boolean NOT NULL DEFAULT true, "has_extras" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6ad7b08e6491a02ebc9ed82019d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_product_types_is_default" ON "product_types" ("is_default") WHERE "is_default"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_product_types_api_code" ON "product_types" (lower("api_code"))`);
    await queryRunner.query(
      `INSERT INTO "product_types" ("name", "api_code", "is_default", "has_shipping", "has_inventory", "has_options", "has_variants", "has_extras") VALUES
         ('Goods', 'goods', true, true, true, true, true, true),
         ('Service', 'service', false, false, false, true, false, true),
         ('Downloadable', 'downloadable', false, false, false, true, true, true)`,
    );
    await queryRunner.query(
      `CREATE FUNCTION product_type_default() RETURNS integer LANGUAGE sql STABLE AS 'SELECT id FROM public.product_types WHERE is_default'`,
    );
    await queryRunner.query(`ALTER TABLE "products" ADD "product_type_id" integer`);
    await queryRunner.query(`UPDATE "products" SET "product_type_id" = (SELECT "id" FROM "product_types" WHERE "api_code" = 'goods')`);
    await queryRunner.query(`ALTER TABLE "products" ALTER COLUMN "product_type_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "products" ALTER COLUMN "product_type_id" SET DEFAULT product_type_default()`);
    await queryRunner.query(`ALTER TABLE "products" ADD "rating_average" numeric(3,2)`);
    await queryRunner.query(`ALTER TABLE "products" ADD "rating_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`CREATE INDEX "IDX_products_product_type_id" ON "products" ("product_type_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_rating_average_id" ON "products" ("rating_average", "id") `);
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "FK_9adb63f24f86528856373f0ab9a" FOREIGN KEY ("product_type_id") REFERENCES "product_types"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" DROP CONSTRAINT "FK_9adb63f24f86528856373f0ab9a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_products_rating_average_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_products_product_type_id"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "rating_count"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "rating_average"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "product_type_id"`);
    await queryRunner.query(`DROP FUNCTION product_type_default()`);
    await queryRunner.query(`DROP INDEX "public"."UQ_product_types_api_code"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_product_types_is_default"`);
    await queryRunner.query(`DROP TABLE "product_types"`);
  }
}
