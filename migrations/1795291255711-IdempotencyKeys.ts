import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencyKeys1795291255711 implements MigrationInterface {
  name = 'IdempotencyKeys1795291255711';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "idempotency_keys" ("id" SERIAL NOT NULL, "api_key_id" integer NOT NULL, "idempotency_key" character varying(255) NOT NULL, "fingerprint" character(64) NOT NULL, "status" integer, "headers" jsonb, "body" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8ad20779ad0411107a56e53d0f6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_idempotency_keys_created_at" ON "idempotency_keys"  ("created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_idempotency_keys_api_key_id_idempotency_key" ON "idempotency_keys"  ("api_key_id", "idempotency_key") `);
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ADD CONSTRAINT "FK_df33199f3504b21d6dfc3ae686d" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP CONSTRAINT "FK_df33199f3504b21d6dfc3ae686d"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_idempotency_keys_api_key_id_idempotency_key"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_idempotency_keys_created_at"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
