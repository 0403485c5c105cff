import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A quote's life (docs/api.md#a-quotes-life): its revision (1 at creation, +1 per PATCH that changes something),
 * the buyer's decline, and the order made from it.
 */
export class QuoteLifecycle1795538630689 implements MigrationInterface {
  name = 'QuoteLifecycle1795538630689';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" ADD "revision" integer NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "declined_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "decline_reason" text`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "order_id" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_quotes_order_id" ON "quotes"  ("order_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_quotes_order_id"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "order_id"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "decline_reason"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "declined_at"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "revision"`);
  }
}
