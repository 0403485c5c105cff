import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two indexes a bulk import showed were missing. `(product_id, id)` on product_categories: a product's first category in link order (its
 * `category`, read with every product view) is an index lookup. While a bulk import grows the table
 * faster than statistics follow, the planner otherwise walked the whole primary key for each
 * product (6 ms a product at 30,000 links). And the URL names a batch of new slugs could clash with
 * (`tee` and `tee-2` for the slug `tee`): `regexp_replace(url_name, '-[0-9]+$', '')`, indexed, where
 * every batch of products used to run the expression over the whole table.
 */
export class BulkLoadIndexes1795800000037 implements MigrationInterface {
  name = 'BulkLoadIndexes1795800000037';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_product_categories_product_id_id" ON "product_categories" ("product_id", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_url_name_base" ON "products" (regexp_replace("url_name", '-[0-9]+$', ''))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_products_url_name_base"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_product_categories_product_id_id"`);
  }
}
