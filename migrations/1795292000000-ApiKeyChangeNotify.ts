import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every api process caches API keys by token hash; a change that can refuse a key (revoked, expiry
 * or scopes changed, deleted) is announced on the `api_key_changed` channel with the token hash,
 * whichever process or tool made it, so every cache drops the key at once.
 */
export class ApiKeyChangeNotify1795292000000 implements MigrationInterface {
  name = 'ApiKeyChangeNotify1795292000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "api_key_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('api_key_changed', OLD.token_hash);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "api_key_changed_update" AFTER UPDATE ON "api_keys" FOR EACH ROW
      WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
            OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
      EXECUTE FUNCTION "api_key_changed"()`);
    await queryRunner.query(`CREATE TRIGGER "api_key_changed_delete" AFTER DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "api_key_changed"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "api_key_changed_delete" ON "api_keys"`);
    await queryRunner.query(`DROP TRIGGER "api_key_changed_update" ON "api_keys"`);
    await queryRunner.query(`DROP FUNCTION "api_key_changed"()`);
  }
}
