import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795290079767 implements MigrationInterface {
  name = 'Initial1795290079767';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "api_keys" ("id" SERIAL NOT NULL, "name" text NOT NULL, "token_hash" character(64) NOT NULL, "secret_hash" character(64) NOT NULL, "scopes" text array NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "last_used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_api_keys_token_hash" ON "api_keys"  ("token_hash") `);
    await queryRunner.query(`CREATE TABLE "custom_field_definitions" ("id" SERIAL NOT NULL, "name" character varying(64) NOT NULL, "label" text NOT NULL, "entity" character varying(16) NOT NULL, "type" character varying(16) NOT NULL, "options" jsonb, "is_required" boolean NOT NULL DEFAULT false, "default_value" text, "description" text, "sort_order" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_91f4cf6416f7aeb02c217005cb2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_custom_field_definitions_name" ON "custom_field_definitions"  ("name") `);
    await queryRunner.query(`CREATE TABLE "countries" ("id" SERIAL NOT NULL, "name" text NOT NULL, "code" character varying(2) NOT NULL, "code_3" character varying(3), "enabled" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b2d7006793e8697ab3ae2deff18" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_countries_code" ON "countries"  ("code") `);
    await queryRunner.query(`CREATE TABLE "states" ("id" SERIAL NOT NULL, "country_id" integer NOT NULL, "name" text NOT NULL, "code" character varying(10) NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_09ab30ca0975c02656483265f4f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_states_country_id_code" ON "states"  ("country_id", "code") `);
    await queryRunner.query(`ALTER TABLE "states" ADD CONSTRAINT "FK_f3bbd0bc19bb6d8a887add08461" FOREIGN KEY ("country_id") REFERENCES "countries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "states" DROP CONSTRAINT "FK_f3bbd0bc19bb6d8a887add08461"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_states_country_id_code"`);
    await queryRunner.query(`DROP TABLE "states"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_countries_code"`);
    await queryRunner.query(`DROP TABLE "countries"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_custom_field_definitions_name"`);
    await queryRunner.query(`DROP TABLE "custom_field_definitions"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_api_keys_token_hash"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
  }
}
