import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `(column, id)` indexes for every sort and filter of GET /quotes and GET /products (declared on the entities). */
export class ListIndexes1795300000000 implements MigrationInterface {
  name = 'ListIndexes1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_quotes_customer_id_id" ON "quotes"  ("customer_id", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_type_id" ON "quotes"  ("type", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_status_expires_at_id" ON "quotes"  ("status", "expires_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_expires_at_id" ON "quotes"  ("expires_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_updated_at_id" ON "quotes"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_created_at_id" ON "quotes"  ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_name_id" ON "quotes"  ("name", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_billing_plan_id_id" ON "quotes"  ("billing_plan_id", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_quote_items_quote_id_position_id" ON "quote_items"  ("quote_id", "position", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_name_id" ON "products"  ("name", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_base_price_id" ON "products"  ("base_price", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_created_at_id" ON "products"  ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_updated_at_id" ON "products"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_products_sort_order_id" ON "products"  ("sort_order", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_products_sort_order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_products_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_products_created_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_products_base_price_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_products_name_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quote_items_quote_id_position_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_billing_plan_id_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_name_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_created_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_expires_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_status_expires_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_type_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_customer_id_id"`);
  }
}
