import type { MigrationInterface, QueryRunner } from 'typeorm';
import { appRoleName } from '../src/database/app-role.js';

/** DATABASE_APP_ROLE, checked as the api checks it: a plain identifier, so it is safe between quotes. */
function appRole(): string {
  const role = appRoleName(process.env);
  if ('problem' in role) throw new Error(`DATABASE_APP_ROLE ${role.problem}`);
  return role.name;
}

/** A sequence a table's column owns (serial or identity): an id sequence, which `c` names. */
const OWNED = `c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace
  AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                 AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))`;

/**
 * The id sequences of this database not yet in the id space `space` (counting by 16, handing out
 * ids of residue `space` modulo 16) or not yet above `floors` (by sequence name: the home's values
 * when a cluster is placed, for the ids the home gave before there were clusters; the values of the
 * cluster a store leaves, when it moves, so the store's new rows come after its old ones: `raise`;
 * without it, floors count only for a sequence placed for the first time). It reads them without
 * holding anything: placing is for place_id_sequence, one sequence at a time.
 */
const ID_SEQUENCES_TO_PLACE = `CREATE FUNCTION "id_sequences_to_place"(space integer, floors jsonb, raise boolean) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  s record;
  last bigint;
  next bigint;
BEGIN
  FOR s IN SELECT c.relname AS name, q.seqincrement AS increment FROM pg_class c JOIN pg_sequence q ON q.seqrelid = c.oid
            WHERE ${OWNED} ORDER BY c.relname
  LOOP
    EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END, CASE WHEN is_called THEN last_value + %s ELSE last_value END FROM %I',
                   s.increment, s.name) INTO last, next;
    IF s.increment <> 16 OR ((next % 16) + 16) % 16 <> space OR (raise AND last < coalesce((floors ->> s.name)::bigint, 0)) THEN
      RETURN NEXT s.name;
    END IF;
  END LOOP;
END $$`;

/**
 * Puts one id sequence in the id space `space`, above `floor`: from its next id on it counts by 16
 * from the first value of residue `space` past both the last id it gave and `floor`. The ALTER holds
 * the sequence's nextval off until the statement commits, so the value it reads is the last one
 * given; one sequence to a statement, so it never waits on a writer while holding another sequence
 * that writer needs. Answers the next id.
 */
const PLACE_ID_SEQUENCE = `CREATE FUNCTION "place_id_sequence"(name text, space integer, floor bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  last bigint;
  first bigint;
BEGIN
  EXECUTE format('ALTER SEQUENCE %I INCREMENT BY 16', name);
  EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %I', name) INTO last;
  last := greatest(last, floor);
  first := last + 1 + (((space - (last + 1)) % 16) + 16) % 16;
  EXECUTE format('ALTER SEQUENCE %I RESTART WITH %s', name, first);
  RETURN first;
END $$`;

/**
 * Refuses a statement of a store (one that runs with `app.store_id`) that would write its rows while
 * a fence holds them (src/database/clusters/cluster.entity.ts): `frozen` until its time, `moved` for
 * good. The operator's statements (claims, outcomes, the move itself) pass. Its SQLSTATE says which:
 * SM001 frozen, SM002 moved (the api answers 503 with Retry-After).
 */
const STORE_FENCE_CHECK = `CREATE FUNCTION "store_fence_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fenced text;
BEGIN
  IF app_store_id() IS NULL THEN RETURN NULL; END IF;
  SELECT state INTO fenced FROM store_fences WHERE store_id = app_store_id() AND (state = 'moved' OR (state = 'frozen' AND until > now()));
  IF fenced = 'moved' THEN
    RAISE EXCEPTION 'the store''s data has moved to another cluster' USING ERRCODE = 'SM002';
  ELSIF fenced = 'frozen' THEN
    RAISE EXCEPTION 'the store''s writes are held while it moves' USING ERRCODE = 'SM001';
  END IF;
  RETURN NULL;
END $$`;

/** Every table of a store's data: each one with a `store_id`, but the directory's hosts and the move's own. */
const STORE_TABLES_SQL = `SELECT table_name AS name FROM information_schema.columns
  WHERE table_schema = current_schema() AND column_name = 'store_id'
    AND table_name NOT IN ('store_hosts', 'store_fences', 'store_move_marks') ORDER BY table_name`;

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
 * their id spaces (src/database/clusters/cluster.entity.ts), each store's cluster in the directory,
 * and what a move needs on every table of a store's data: the fence trigger and a replica identity
 * of the whole row. Every store there is on `home` until placed elsewhere. The rows of `clusters` are
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
    await queryRunner.query(ID_SEQUENCES_TO_PLACE);
    await queryRunner.query(PLACE_ID_SEQUENCE);
    await queryRunner.query(ID_SEQUENCE_VALUES);

    await queryRunner.query(`CREATE TABLE "store_fences" ("store_id" integer NOT NULL, "state" text NOT NULL, "until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_store_fences_state" CHECK ("state" IN ('incoming', 'draining', 'frozen', 'moved')), CONSTRAINT "PK_ee470223726598acbb5c3f1564b" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`CREATE TABLE "store_move_marks" ("store_id" integer NOT NULL, "token" text NOT NULL, CONSTRAINT "PK_84798fc03e418107c43008746ca" PRIMARY KEY ("store_id"))`);
    await queryRunner.query(`GRANT SELECT ON "store_fences" TO "${appRole()}"`);
    await queryRunner.query(STORE_FENCE_CHECK);
    for (const { name } of (await queryRunner.query(STORE_TABLES_SQL)) as { name: string }[]) {
      await queryRunner.query(
        `CREATE TRIGGER "store_fence" BEFORE INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH STATEMENT EXECUTE FUNCTION store_fence_check()`,
      );
      // A move publishes the store's rows by a filter on store_id: PostgreSQL then wants the whole old
      // row of an UPDATE or DELETE in the WAL (a primary key without store_id cannot say whose it was).
      await queryRunner.query(`ALTER TABLE "${name}" REPLICA IDENTITY FULL`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { name } of (await queryRunner.query(STORE_TABLES_SQL)) as { name: string }[]) {
      await queryRunner.query(`ALTER TABLE "${name}" REPLICA IDENTITY DEFAULT`);
      await queryRunner.query(`DROP TRIGGER "store_fence" ON "${name}"`);
    }
    await queryRunner.query(`DROP FUNCTION "store_fence_check"()`);
    await queryRunner.query(`REVOKE ALL ON "store_fences" FROM "${appRole()}"`);
    await queryRunner.query(`DROP TABLE "store_move_marks"`);
    await queryRunner.query(`DROP TABLE "store_fences"`);
    await queryRunner.query(`DROP FUNCTION "sequence_values"()`);
    await queryRunner.query(`DROP FUNCTION "place_id_sequence"(text, integer, bigint)`);
    await queryRunner.query(`DROP FUNCTION "id_sequences_to_place"(integer, jsonb, boolean)`);
    await queryRunner.query(`ALTER TABLE "stores" DROP CONSTRAINT "CHK_stores_cluster"`);
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "cluster"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_clusters_id_space"`);
    await queryRunner.query(`DROP TABLE "clusters"`);
  }
}
