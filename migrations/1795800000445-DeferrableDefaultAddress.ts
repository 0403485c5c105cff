import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer's PUT with `addresses` (docs/api.md#put-replace-a-resource) may move the default of a
 * kind from one stored address to another in one UPDATE. The partial unique index that keeps one
 * default per customer and kind was checked row by row, so that UPDATE could fail on its way to a
 * valid result; it becomes an exclusion constraint (the same rule, on the same columns and
 * condition) DEFERRABLE INITIALLY IMMEDIATE, checked at the end of each statement. It keeps the
 * index's name.
 */
export class DeferrableDefaultAddress1795800000445 implements MigrationInterface {
  name = 'DeferrableDefaultAddress1795800000445';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_customer_addresses_customer_id_kind"`);
    await queryRunner.query(
      `ALTER TABLE "customer_addresses" ADD CONSTRAINT "UQ_customer_addresses_customer_id_kind" EXCLUDE USING btree ("customer_id" WITH =, "kind" WITH =) WHERE ("is_default") DEFERRABLE INITIALLY IMMEDIATE`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_addresses" DROP CONSTRAINT "UQ_customer_addresses_customer_id_kind"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_customer_addresses_customer_id_kind" ON "customer_addresses" ("customer_id", "kind") WHERE "is_default"`,
    );
  }
}
