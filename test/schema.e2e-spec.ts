import 'reflect-metadata';
import { createDataSource } from '../src/database/data-source.js';
import { MIGRATIONS } from '../migrations/index.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

describeE2E('schema', () => {
  it('the migrations create exactly what the entities map: generating a migration yields nothing', async () => {
    const db = await createTestDatabase('schema');
    const ds = createDataSource({ databaseUrl: db.url, dataDir: '' });
    try {
      await ds.initialize();
      await ds.runMigrations();
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });

  it('every migration reverts cleanly and applies again', async () => {
    const db = await createTestDatabase('schema_down');
    const ds = createDataSource({ databaseUrl: db.url, dataDir: '' });
    try {
      await ds.initialize();
      await ds.runMigrations();
      for (let i = 0; i < MIGRATIONS.length; i++) await ds.undoLastMigration();
      const tables = await ds.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'");
      expect(tables).toEqual([]);
      expect((await ds.runMigrations()).length).toBe(MIGRATIONS.length);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
