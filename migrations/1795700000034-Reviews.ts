import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Product reviews: they go with their product (CASCADE); a deleted customer leaves them without one. */
export class Reviews1795700000034 implements MigrationInterface {
  name = 'Reviews1795700000034';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reviews" ("id" SERIAL NOT NULL, "product_id" integer NOT NULL, "customer_id" integer, "author_name" text NOT NULL, "author_email" character varying(255), "rating" smallint NOT NULL, "title" character varying(255), "text" text, "status" character varying(16) NOT NULL DEFAULT 'pending', "reply" text, "verified_purchase" boolean NOT NULL DEFAULT false, "approved_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_231ae565c273ee700b283f15c1d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_reviews_product_id_created_at_id" ON "reviews" ("product_id", "created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_reviews_customer_id" ON "reviews" ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_reviews_status_id" ON "reviews" ("status", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_reviews_created_at_id" ON "reviews" ("created_at", "id") `);
    await queryRunner.query(
      `ALTER TABLE "reviews" ADD CONSTRAINT "FK_9482e9567d8dcc2bc615981ef44" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "reviews" ADD CONSTRAINT "FK_4dd42f48aa60ad8c0d5d5c4ea5b" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reviews" DROP CONSTRAINT "FK_4dd42f48aa60ad8c0d5d5c4ea5b"`);
    await queryRunner.query(`ALTER TABLE "reviews" DROP CONSTRAINT "FK_9482e9567d8dcc2bc615981ef44"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_reviews_created_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_reviews_status_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_reviews_customer_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_reviews_product_id_created_at_id"`);
    await queryRunner.query(`DROP TABLE "reviews"`);
  }
}
