import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys no longer get a second secret (`ss_…`): nothing ever read it, only the access token
 * authenticates. New keys have no secret_hash; keys made before keep theirs, unused, and work as before.
 */
export class ApiKeyWithoutSecret1795640000002 implements MigrationInterface {
  name = 'ApiKeyWithoutSecret1795640000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" ALTER COLUMN "secret_hash" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The previous version requires a hash: one of a value nobody holds, as unused as the others.
    await queryRunner.query(`UPDATE "api_keys" SET "secret_hash" = md5(random()::text) || md5(random()::text) WHERE "secret_hash" IS NULL`);
    await queryRunner.query(`ALTER TABLE "api_keys" ALTER COLUMN "secret_hash" SET NOT NULL`);
  }
}
