import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where an ERP continues after an export (docs/api.md#export-snapshot): `snapshot_at`, set with the
 * export's first chunk, is a time such that every change committed after that chunk's snapshot has
 * `updated_at` at or after it. Null until the first chunk commits.
 */
export class ExportSnapshotAt1795800000345 implements MigrationInterface {
  name = 'ExportSnapshotAt1795800000345';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exports" ADD "snapshot_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exports" DROP COLUMN "snapshot_at"`);
  }
}
