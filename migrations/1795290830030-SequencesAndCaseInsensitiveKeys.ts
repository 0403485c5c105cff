import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What entities cannot declare: the number sequences of quotes and subscriptions, and the unique
 * indexes that compare e-mails and coupon codes case-insensitively.
 */
export class SequencesAndCaseInsensitiveKeys1795290830030 implements MigrationInterface {
  name = 'SequencesAndCaseInsensitiveKeys1795290830030';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "quote_number_seq" START 1001`);
    await queryRunner.query(`CREATE SEQUENCE "subscription_number_seq" START 1001`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_customers_email" ON "customers" (lower("email"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_coupons_code" ON "coupons" (lower("code"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_coupons_code"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_customers_email"`);
    await queryRunner.query(`DROP SEQUENCE "subscription_number_seq"`);
    await queryRunner.query(`DROP SEQUENCE "quote_number_seq"`);
  }
}
