import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One leased claim for both background pipelines (src/database/sql/claims.ts): every claimed row
 * has an expiry its holder renews, the holder, and a fencing token. Rows a worker of the previous
 * version holds (`sending`, claimed_at set) keep the lease that version gave them (120 s).
 */
export class LeasedClaims1795500000000 implements MigrationInterface {
  name = 'LeasedClaims1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quote_deliveries" ADD "leased_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "quote_deliveries" ADD "lease_holder" character varying(128)`);
    await queryRunner.query(`ALTER TABLE "quote_deliveries" ADD "lease_token" uuid`);
    await queryRunner.query(`UPDATE "quote_deliveries" SET "leased_until" = "claimed_at" + interval '120 seconds' WHERE "status" = 'sending'`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "claimed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "lease_holder" character varying(128)`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "lease_token" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "lease_token"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "lease_holder"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "claimed_at"`);
    await queryRunner.query(`UPDATE "quote_deliveries" SET "claimed_at" = now() WHERE "status" = 'sending'`);
    await queryRunner.query(`ALTER TABLE "quote_deliveries" DROP COLUMN "lease_token"`);
    await queryRunner.query(`ALTER TABLE "quote_deliveries" DROP COLUMN "lease_holder"`);
    await queryRunner.query(`ALTER TABLE "quote_deliveries" DROP COLUMN "leased_until"`);
  }
}
