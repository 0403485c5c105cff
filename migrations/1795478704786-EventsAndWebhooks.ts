import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EventsAndWebhooks1795478704786 implements MigrationInterface {
  name = 'EventsAndWebhooks1795478704786';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "events" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "type" character varying(64) NOT NULL, "resource" character varying(64) NOT NULL, "resource_id" bigint NOT NULL, "sequence" integer NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_events_created_at" ON "events"  ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_events_type_id" ON "events"  ("type", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_events_resource_sequence" ON "events"  ("resource", "resource_id", "sequence") `);
    await queryRunner.query(`CREATE TABLE "webhooks" ("id" SERIAL NOT NULL, "url" character varying(2048) NOT NULL, "events" text array NOT NULL, "description" character varying(255), "is_active" boolean NOT NULL DEFAULT true, "secret" character varying(128) NOT NULL, "disabled_reason" text, "failing_since" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "webhook_deliveries" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "webhook_id" integer NOT NULL, "event_id" bigint NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'queued', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "leased_until" TIMESTAMP WITH TIME ZONE, "last_status_code" integer, "duration_ms" integer, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_event" ON "webhook_deliveries"  ("event_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_webhook" ON "webhook_deliveries"  ("webhook_id", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries"  ("next_attempt_at", "id") WHERE status = 'queued'`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_webhook"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_event"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_resource_sequence"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_type_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_created_at"`);
    await queryRunner.query(`DROP TABLE "events"`);
  }
}
