import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BulkImportsExports1795800000036 implements MigrationInterface {
  name = 'BulkImportsExports1795800000036';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "imports" ("claimed_at" TIMESTAMP WITH TIME ZONE, "leased_until" TIMESTAMP WITH TIME ZONE, "lease_holder" character varying(128), "lease_token" uuid, "id" SERIAL NOT NULL, "resource" character varying(32) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'queued', "lines" integer NOT NULL DEFAULT '0', "processed" integer NOT NULL DEFAULT '0', "created" integer NOT NULL DEFAULT '0', "updated" integer NOT NULL DEFAULT '0', "unchanged" integer NOT NULL DEFAULT '0', "failed" integer NOT NULL DEFAULT '0', "last_line" integer NOT NULL DEFAULT '0', "error" text, "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ea10c62f5eb1d75e83d8b5225db" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_imports_updated_at_id" ON "imports"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_imports_due" ON "imports"  ("id") WHERE status IN ('queued', 'running')`);
    await queryRunner.query(`CREATE TABLE "import_lines" ("import_id" integer NOT NULL, "line" integer NOT NULL, "body" text, CONSTRAINT "PK_cfb4afdbde9ee9c979f4d05fa1c" PRIMARY KEY ("import_id", "line"))`);
    await queryRunner.query(`CREATE TABLE "import_results" ("import_id" integer NOT NULL, "line" integer NOT NULL, "status" character varying(16) NOT NULL, "resource_id" integer, "key" text, "errors" jsonb, CONSTRAINT "PK_39de359b82b598e85885d3a6130" PRIMARY KEY ("import_id", "line"))`);
    await queryRunner.query(`CREATE TABLE "exports" ("claimed_at" TIMESTAMP WITH TIME ZONE, "leased_until" TIMESTAMP WITH TIME ZONE, "lease_holder" character varying(128), "lease_token" uuid, "id" SERIAL NOT NULL, "resource" character varying(32) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'queued', "updated_at_min" TIMESTAMP WITH TIME ZONE, "lines" integer NOT NULL DEFAULT '0', "last_id" integer NOT NULL DEFAULT '0', "error" text, "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bcf8528d214cbfc68c01f337511" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_exports_expires_at" ON "exports"  ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_exports_updated_at_id" ON "exports"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_exports_due" ON "exports"  ("id") WHERE status IN ('queued', 'running')`);
    await queryRunner.query(`CREATE TABLE "export_lines" ("export_id" integer NOT NULL, "line" integer NOT NULL, "body" text NOT NULL, CONSTRAINT "PK_3fe4837df48840c95dc8aa22ef7" PRIMARY KEY ("export_id", "line"))`);
    await queryRunner.query(`ALTER TABLE "import_lines" ADD CONSTRAINT "FK_54d1dbff1e70111021caaec6b6c" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "import_results" ADD CONSTRAINT "FK_14315b82c2a41d0483734c4e064" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "export_lines" ADD CONSTRAINT "FK_f5f2b441c1077e3b7ce8a7bed67" FOREIGN KEY ("export_id") REFERENCES "exports"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "export_lines" DROP CONSTRAINT "FK_f5f2b441c1077e3b7ce8a7bed67"`);
    await queryRunner.query(`ALTER TABLE "import_results" DROP CONSTRAINT "FK_14315b82c2a41d0483734c4e064"`);
    await queryRunner.query(`ALTER TABLE "import_lines" DROP CONSTRAINT "FK_54d1dbff1e70111021caaec6b6c"`);
    await queryRunner.query(`DROP TABLE "export_lines"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_exports_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_exports_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_exports_expires_at"`);
    await queryRunner.query(`DROP TABLE "exports"`);
    await queryRunner.query(`DROP TABLE "import_results"`);
    await queryRunner.query(`DROP TABLE "import_lines"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_imports_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_imports_updated_at_id"`);
    await queryRunner.query(`DROP TABLE "imports"`);
  }
}
