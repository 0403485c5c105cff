import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The buyer's side of a quote: when it was accepted on its cart page (its `status` then reads
 * `accepted`), and whether a send-quote delivery carries the quote's PDF.
 */
export class QuoteAcceptance1795310000000 implements MigrationInterface {
  name = 'QuoteAcceptance1795310000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" ADD "accepted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "quote_deliveries" ADD "attach_pdf" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quote_deliveries" DROP COLUMN "attach_pdf"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "accepted_at"`);
  }
}
