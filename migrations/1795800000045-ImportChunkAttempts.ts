import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The attempts at an import's next chunk, counted in its row rather than in the process applying
 * it, so a chunk whose process dies is counted too: at the third its lines fail with the reason
 * (`chunk_error`, the last failure's message) and the import goes on.
 */
export class ImportChunkAttempts1795800000045 implements MigrationInterface {
  name = 'ImportChunkAttempts1795800000045';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "imports" ADD "chunk_attempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "imports" ADD "chunk_error" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "imports" DROP COLUMN "chunk_error"`);
    await queryRunner.query(`ALTER TABLE "imports" DROP COLUMN "chunk_attempts"`);
  }
}
