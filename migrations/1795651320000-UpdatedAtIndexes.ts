import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `(updated_at, id)` on every top-level collection that had none (declared on the entities):
 * `updated_at_min` / `updated_at_max` are a range of it, and `sort=updated_at` reads it in order.
 */
export class UpdatedAtIndexes1795651320000 implements MigrationInterface {
  name = 'UpdatedAtIndexes1795651320000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_categories_updated_at_id" ON "categories"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_countries_updated_at_id" ON "countries"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_customers_updated_at_id" ON "customers"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_customer_groups_updated_at_id" ON "customer_groups"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_coupons_updated_at_id" ON "coupons"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_custom_field_definitions_updated_at_id" ON "custom_field_definitions"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_tax_classes_updated_at_id" ON "tax_classes"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_shipments_updated_at_id" ON "shipments"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_billing_plans_updated_at_id" ON "billing_plans"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_subscriptions_updated_at_id" ON "subscriptions"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_updated_at_id" ON "orders"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_webhooks_updated_at_id" ON "webhooks"  ("updated_at", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_webhooks_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_orders_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_subscriptions_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_billing_plans_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipments_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tax_classes_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_custom_field_definitions_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_coupons_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_customer_groups_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_customers_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_countries_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_categories_updated_at_id"`);
  }
}
