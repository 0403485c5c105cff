import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys the deployment makes once and every host reads (the cart pages' form-token key when
 * CART_SECRET is unset), so a page one host served is accepted by any other.
 */
export class ServerSecrets1795537154076 implements MigrationInterface {
  name = 'ServerSecrets1795537154076';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "server_secrets" ("name" character varying(64) NOT NULL, "value" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_776280895f188bb4dd7028779cd" PRIMARY KEY ("name"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "server_secrets"`);
  }
}
