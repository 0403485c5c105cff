import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scopes (and id) of the API key that created or last changed an endpoint: it is delivered
 * only the events that key may read. Endpoints made before this keep `*` (all events, as they were
 * delivered so far) until a key changes them.
 */
export class WebhookOwnerScopes1795650000100 implements MigrationInterface {
  name = 'WebhookOwnerScopes1795650000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "scopes" text array NOT NULL DEFAULT '{*}'`);
    await queryRunner.query(`ALTER TABLE "webhooks" ADD "api_key_id" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "api_key_id"`);
    await queryRunner.query(`ALTER TABLE "webhooks" DROP COLUMN "scopes"`);
  }
}
