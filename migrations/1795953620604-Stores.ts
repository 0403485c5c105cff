import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stores a deployment hosts (docs/api.md#stores), and the first of them: `default`, which holds
 * everything made before and, while it lists no hosts, answers every host. Its settings stay the
 * environment's while set (STORE_NAME, STORE_URL, …); the row holds what it is without them.
 *
 * `store_directory_version` counts every change to stores and their hosts, bumped by a trigger in
 * the transaction that makes it: a process reads that one row to know whether its copy of the
 * directory is current, and a change it reads there is committed with everything it changed.
 */
export class Stores1795953620604 implements MigrationInterface {
  name = 'Stores1795953620604';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stores" ("id" SERIAL NOT NULL, "handle" text NOT NULL, "name" text NOT NULL, "store_url" text, "currency" text NOT NULL DEFAULT 'USD', "locale" text NOT NULL DEFAULT 'en-US', "mail_from" text, "store_email" text, "status" text NOT NULL DEFAULT 'active', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_stores_status" CHECK ("status" IN ('active', 'closed')), CONSTRAINT "CHK_stores_handle" CHECK ("handle" ~ '^[a-z0-9-]{1,63}$'), CONSTRAINT "PK_7aa6e7d71fa7acdd7ca43d7c9cb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_stores_handle" ON "stores"  ("handle") `);
    await queryRunner.query(`CREATE TABLE "store_hosts" ("host" text NOT NULL, "store_id" integer NOT NULL, "position" integer NOT NULL, CONSTRAINT "CHK_store_hosts_host" CHECK ("host" = lower("host")), CONSTRAINT "PK_0e07bee2c9a24c1969d8ec6cb99" PRIMARY KEY ("host"))`);
    await queryRunner.query(`CREATE INDEX "IDX_store_hosts_store_id_position" ON "store_hosts"  ("store_id", "position") `);
    await queryRunner.query(`CREATE TABLE "store_directory_version" ("id" boolean NOT NULL DEFAULT true, "version" bigint NOT NULL DEFAULT '0', CONSTRAINT "CHK_store_directory_version_one_row" CHECK ("id"), CONSTRAINT "PK_c995e8afa3d0e243112a6eb0315" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "store_hosts" ADD CONSTRAINT "FK_49d93392d7306e7d1d41758c414" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`INSERT INTO "stores" ("handle", "name") VALUES ('default', 'Store')`);
    await queryRunner.query(`INSERT INTO "store_directory_version" ("id", "version") VALUES (true, 1)`);
    await queryRunner.query(`CREATE FUNCTION "store_directory_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "store_directory_version" SET "version" = "version" + 1;
        RETURN NULL;
      END $$`);
    for (const table of ['stores', 'store_hosts'])
      await queryRunner.query(
        `CREATE TRIGGER "${table}_directory_changed" AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "store_directory_changed"()`,
      );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['stores', 'store_hosts']) await queryRunner.query(`DROP TRIGGER "${table}_directory_changed" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "store_directory_changed"()`);
    await queryRunner.query(`ALTER TABLE "store_hosts" DROP CONSTRAINT "FK_49d93392d7306e7d1d41758c414"`);
    await queryRunner.query(`DROP TABLE "store_directory_version"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_store_hosts_store_id_position"`);
    await queryRunner.query(`DROP TABLE "store_hosts"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_stores_handle"`);
    await queryRunner.query(`DROP TABLE "stores"`);
  }
}
