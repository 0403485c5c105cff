import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many times a quote's cart link was set: the cart page's form token is signed over it, so a
 * token is void once the link changes, even when the link is later set back.
 */
export class CartLinkVersion1795650000101 implements MigrationInterface {
  name = 'CartLinkVersion1795650000101';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" ADD "cart_link_version" integer NOT NULL DEFAULT 1`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "cart_link_version"`);
  }
}
