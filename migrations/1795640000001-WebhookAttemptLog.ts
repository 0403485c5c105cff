import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every attempt of a webhook delivery on record (`attempts` in GET /webhook/{id}/deliveries), not
 * only the last one. Deliveries made before keep an empty list; their last attempt stays in
 * last_status_code, duration_ms and error.
 */
export class WebhookAttemptLog1795640000001 implements MigrationInterface {
  name = 'WebhookAttemptLog1795640000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "attempt_log" jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "attempt_log"`);
  }
}
