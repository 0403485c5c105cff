import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The secret rotate-secret replaced and when: deliveries are signed with it too (a second `v1`)
 * until 24 h after the rotation, so a receiver that has not switched yet keeps verifying.
 */
export class WebhookSecretRotation1795640000000 implements MigrationInterface {
  name = 'WebhookSecretRotation1795640000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "previous_secret" character varying(128)`);
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "secret_rotated_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "secret_rotated_at"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "previous_secret"`);
  }
}
