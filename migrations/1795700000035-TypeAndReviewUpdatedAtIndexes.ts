import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `(updated_at, id)` on product types and reviews (declared on the entities), as on every other
 * top-level collection: `updated_at_min` / `updated_at_max` are a range of it, and `sort=updated_at`
 * reads it in order.
 */
export class TypeAndReviewUpdatedAtIndexes1795700000035 implements MigrationInterface {
  name = 'TypeAndReviewUpdatedAtIndexes1795700000035';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_product_types_updated_at_id" ON "product_types"  ("updated_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_reviews_updated_at_id" ON "reviews"  ("updated_at", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_reviews_updated_at_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_product_types_updated_at_id"`);
  }
}
