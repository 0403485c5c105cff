import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a quote delivery carries: the quote (send-quote) or a notice of the buyer's decision (docs/api.md#the-buyers-page-cart). */
export class DecisionNotices1795539155496 implements MigrationInterface {
  name = 'DecisionNotices1795539155496';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quote_deliveries" ADD "kind" character varying(32) NOT NULL DEFAULT 'quote'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quote_deliveries" DROP COLUMN "kind"`);
  }
}
