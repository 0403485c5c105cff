import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Swaps in one request (docs/api.md#put-replace-a-resource): a product's SKU and URL name, a variant's
 * SKU and a product's variants' options become unique constraints DEFERRABLE INITIALLY IMMEDIATE
 * instead of unique indexes. PostgreSQL checks a non-deferrable unique index row by row, so one
 * UPDATE exchanging two rows' values failed; a deferrable constraint is checked at the end of the
 * statement, on the result. Each constraint keeps its index's name, and its own index serves the
 * same lookups.
 */
export class DeferrableProductUniques1795800000038 implements MigrationInterface {
  name = 'DeferrableProductUniques1795800000038';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, name, columns] of UNIQUES) {
      await queryRunner.query(`DROP INDEX "public"."${name}"`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${name}" UNIQUE (${columns}) DEFERRABLE INITIALLY IMMEDIATE`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, name, columns] of [...UNIQUES].reverse()) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
      await queryRunner.query(`CREATE UNIQUE INDEX "${name}" ON "${table}" (${columns}) `);
    }
  }
}

const UNIQUES: readonly (readonly [string, string, string])[] = [
  ['products', 'UQ_products_sku', '"sku"'],
  ['products', 'UQ_products_url_name', '"url_name"'],
  ['product_variants', 'UQ_product_variants_sku', '"sku"'],
  ['product_variants', 'UQ_product_variants_product_id_options', '"product_id", "options"'],
];
