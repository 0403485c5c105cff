import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders made from quotes, their frozen items, and the order a shipment fulfills (docs/api.md#orders).
 * Order ids start at 1001: `number` is `O` + id.
 */
export class Orders1795539391575 implements MigrationInterface {
  name = 'Orders1795539391575';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "orders" ("id" SERIAL NOT NULL, "number" character varying(32) NOT NULL, "quote_id" integer NOT NULL, "customer_id" integer, "customer_emails" jsonb, "status" character varying(16) NOT NULL DEFAULT 'open', "payment_status" character varying(16) NOT NULL DEFAULT 'pending', "fulfillment_status" character varying(16) NOT NULL DEFAULT 'unfulfilled', "currency" character varying(3) NOT NULL, "coupon_code" character varying(64), "subtotal" numeric(14,2) NOT NULL DEFAULT '0', "total_discount" numeric(14,2) NOT NULL DEFAULT '0', "total_tax" numeric(14,2) NOT NULL DEFAULT '0', "total" numeric(14,2) NOT NULL DEFAULT '0', "shipping_address" jsonb, "notes" text, "cancelled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER SEQUENCE "orders_id_seq" RESTART WITH 1001`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_orders_number" ON "orders"  ("number") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_orders_quote_id" ON "orders"  ("quote_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_created_at" ON "orders"  ("created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_orders_customer_id" ON "orders"  ("customer_id") `);
    await queryRunner.query(`CREATE TABLE "order_items" ("id" SERIAL NOT NULL, "order_id" integer NOT NULL, "position" integer NOT NULL, "product_id" integer, "variant_id" integer, "sku" character varying(255), "name" text NOT NULL, "options" jsonb NOT NULL DEFAULT '{}', "extras" jsonb NOT NULL DEFAULT '[]', "quantity" integer NOT NULL, "price" numeric(14,2) NOT NULL, "discount" numeric(14,2) NOT NULL, "tax" numeric(14,2) NOT NULL, "total" numeric(14,2) NOT NULL, "stock_taken" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_005269d8574e6fac0493715c308" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_order_items_order_id" ON "order_items"  ("order_id") `);
    await queryRunner.query(`ALTER TABLE "shipments" ADD "order_id" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_shipments_order_id" ON "shipments"  ("order_id") `);
    await queryRunner.query(`ALTER TABLE "orders" ADD CONSTRAINT "FK_d6183642a34a405848c4926c116" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "orders" ADD CONSTRAINT "FK_772d0ce0473ac2ccfa26060dbe9" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "order_items" ADD CONSTRAINT "FK_145532db85752b29c57d2b7b1f1" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "shipments" ADD CONSTRAINT "FK_e86fac2a18a75dcb82bfbb23f43" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shipments" DROP CONSTRAINT "FK_e86fac2a18a75dcb82bfbb23f43"`);
    await queryRunner.query(`ALTER TABLE "order_items" DROP CONSTRAINT "FK_145532db85752b29c57d2b7b1f1"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "FK_772d0ce0473ac2ccfa26060dbe9"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "FK_d6183642a34a405848c4926c116"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipments_order_id"`);
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_items_order_id"`);
    await queryRunner.query(`DROP TABLE "order_items"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_orders_customer_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_orders_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_orders_quote_id"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_orders_number"`);
    await queryRunner.query(`DROP TABLE "orders"`);
  }
}
