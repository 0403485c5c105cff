import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A key belongs to one store (docs/api.md#stores): the keys made before there were stores are the
 * store `default`'s.
 */
export class ApiKeysPerStore1795956171106 implements MigrationInterface {
  name = 'ApiKeysPerStore1795956171106';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" ADD "store_id" integer`);
    await queryRunner.query(`UPDATE "api_keys" SET "store_id" = (SELECT "id" FROM "stores" WHERE "handle" = 'default')`);
    await queryRunner.query(`ALTER TABLE "api_keys" ALTER COLUMN "store_id" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_api_keys_store_id_id" ON "api_keys"  ("store_id", "id") `);
    await queryRunner.query(`ALTER TABLE "api_keys" ADD CONSTRAINT "FK_5fda815ecb41c4c37e33f812b40" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "FK_5fda815ecb41c4c37e33f812b40"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_api_keys_store_id_id"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "store_id"`);
  }
}
