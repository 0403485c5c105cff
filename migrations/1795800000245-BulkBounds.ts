import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bounded bulk jobs (docs/api.md#bulk-import-and-export): an export counts the attempts at its next
 * chunk in its row as an import does (`chunk_attempts`, `chunk_error`), so one whose process dies is
 * counted too; `purged_at` says when the retention sweep deleted an ended job's lines, results or
 * file (its row stays: `…/results` and `…/file` answer 410 then), with the index the sweep reads
 * (ended jobs not yet purged, oldest first). An export is no longer removed when its file expires,
 * so its expiry index goes.
 */
export class BulkBounds1795800000245 implements MigrationInterface {
  name = 'BulkBounds1795800000245';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exports" ADD "chunk_attempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "exports" ADD "chunk_error" text`);
    await queryRunner.query(`ALTER TABLE "exports" ADD "purged_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "imports" ADD "purged_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`DROP INDEX "public"."IDX_exports_expires_at"`);
    await queryRunner.query(`CREATE INDEX "IDX_imports_unpurged" ON "imports" ("finished_at") WHERE purged_at IS NULL AND finished_at IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_exports_unpurged" ON "exports" ("finished_at") WHERE purged_at IS NULL AND finished_at IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_exports_unpurged"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_imports_unpurged"`);
    await queryRunner.query(`CREATE INDEX "IDX_exports_expires_at" ON "exports" ("expires_at") `);
    await queryRunner.query(`ALTER TABLE "imports" DROP COLUMN "purged_at"`);
    await queryRunner.query(`ALTER TABLE "exports" DROP COLUMN "purged_at"`);
    await queryRunner.query(`ALTER TABLE "exports" DROP COLUMN "chunk_error"`);
    await queryRunner.query(`ALTER TABLE "exports" DROP COLUMN "chunk_attempts"`);
  }
}
