import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Puts every id sequence of this database (each one a table's column owns: serial or identity) in
 * the id space `space`: from then on it counts up by 16 and hands out ids of residue `space` modulo
 * 16, starting above the ids it gave already and above `floors` (the home cluster's values, by
 * sequence name: ids the home gave before there were clusters are dense, and no other cluster may
 * give them). One statement; the ALTER holds every nextval of the sequence off until it commits, so
 * the value it reads is the last one given. A sequence placed already (by 16) is left alone; one a
 * later migration adds is placed the next time this runs. Answers the first id of each sequence placed.
 */
const PLACE_ID_SEQUENCES = `CREATE FUNCTION "place_id_sequences"(space integer, floors jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
  last bigint;
  first bigint;
  placed jsonb := '{}';
BEGIN
  FOR s IN SELECT c.relname AS name FROM pg_class c
             JOIN pg_sequence q ON q.seqrelid = c.oid
            WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace AND q.seqincrement <> 16
              AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                             AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))
            ORDER BY c.relname
  LOOP
    EXECUTE format('ALTER SEQUENCE %I INCREMENT BY 16', s.name);
    EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %I', s.name) INTO last;
    last := greatest(last, coalesce((floors ->> s.name)::bigint, 0));
    first := last + 1 + (((space - (last + 1)) % 16) + 16) % 16;
    EXECUTE format('ALTER SEQUENCE %I RESTART WITH %s', s.name, first);
    placed := placed || jsonb_build_object(s.name, first);
  END LOOP;
  RETURN placed;
END $$`;

/**
 * The last value each sequence of this database gave (the one before its next: a sequence restarted
 * and not used since has given none at or above its restart value), by name: the floors another
 * cluster's sequences are placed above. pg_sequences cannot say it: it shows no value at all for a
 * sequence whose next value is not taken yet.
 */
const ID_SEQUENCE_VALUES = `CREATE FUNCTION "sequence_values"() RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s record;
  last bigint;
  values jsonb := '{}';
BEGIN
  FOR s IN SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace LOOP
    EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %I', s.name) INTO last;
    values := values || jsonb_build_object(s.name, last);
  END LOOP;
  RETURN values;
END $$`;

/**
 * Stores on more than one PostgreSQL cluster (docs/api.md#clusters): the register of clusters and
 * their id spaces (src/database/clusters/cluster.entity.ts), and each store's cluster in the
 * directory. Every store there is on `home` until placed elsewhere. The rows of `clusters` are
 * written by the processes that start on them (clusters.repository.ts), never here: a migration
 * runs alike on every cluster and cannot know which one it is on.
 */
export class Clusters1796200000000 implements MigrationInterface {
  name = 'Clusters1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "clusters" ("name" text NOT NULL, "id_space" integer NOT NULL, CONSTRAINT "CHK_clusters_id_space" CHECK ("id_space" BETWEEN 0 AND 15), CONSTRAINT "CHK_clusters_name" CHECK ("name" ~ '^[a-z][a-z0-9_]{0,30}$'), CONSTRAINT "PK_9866753a0c6ffd4adebb5cc236b" PRIMARY KEY ("name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_clusters_id_space" ON "clusters"  ("id_space") `);
    await queryRunner.query(`ALTER TABLE "stores" ADD "cluster" text NOT NULL DEFAULT 'home'`);
    await queryRunner.query(`ALTER TABLE "stores" ADD CONSTRAINT "CHK_stores_cluster" CHECK ("cluster" ~ '^[a-z][a-z0-9_]{0,30}$')`);
    await queryRunner.query(PLACE_ID_SEQUENCES);
    await queryRunner.query(ID_SEQUENCE_VALUES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "sequence_values"()`);
    await queryRunner.query(`DROP FUNCTION "place_id_sequences"(integer, jsonb)`);
    await queryRunner.query(`ALTER TABLE "stores" DROP CONSTRAINT "CHK_stores_cluster"`);
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "cluster"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_clusters_id_space"`);
    await queryRunner.query(`DROP TABLE "clusters"`);
  }
}
