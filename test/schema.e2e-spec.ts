import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source.js';
import { MIGRATIONS } from '../migrations/index.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

/** A new database with every migration applied, handed to `check`, then dropped. */
async function withMigratedDatabase(name: string, check: (ds: DataSource) => Promise<void>): Promise<void> {
  const db = await createTestDatabase(name);
  const ds = createDataSource({ databaseUrl: db.url, dataDir: '' });
  try {
    await ds.initialize();
    await ds.runMigrations();
    await check(ds);
  } finally {
    await ds.destroy();
    await db.drop();
  }
}

describeE2E('schema', () => {
  it('the migrations create exactly what the entities map: generating a migration yields nothing', async () => {
    await withMigratedDatabase('schema', async (ds) => {
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    });
  });

  it('every sort and filter of the quote and product lists has a (column, id) index', async () => {
    await withMigratedDatabase('schema_indexes', async (ds) => {
      const rows: { tablename: string; indexdef: string }[] = await ds.query(
        "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('quotes', 'quote_items', 'products')",
      );
      // Only the column list: "CREATE INDEX x ON public.quotes USING btree (customer_id, id)" → "quotes (customer_id, id)".
      const columns = rows.map((r) => `${r.tablename} ${/\(.*\)$/.exec(r.indexdef)![0]}`);
      expect(columns).toEqual(
        expect.arrayContaining([
          'quotes (id)',
          'quotes (customer_id, id)',
          'quotes (store_id, type, id)',
          'quotes (store_id, status, expires_at, id)',
          'quotes (store_id, expires_at, id)',
          'quotes (store_id, updated_at, id)',
          'quotes (store_id, created_at, id)',
          'quotes (store_id, name, id)',
          'quotes (billing_plan_id, id)',
          'quote_items (quote_id, "position", id)',
          'products (id)',
          'products (store_id, name, id)',
          'products (store_id, sku)',
          'products (store_id, base_price, id)',
          'products (store_id, created_at, id)',
          'products (store_id, updated_at, id)',
          'products (store_id, sort_order, id)',
          'products (store_id, rating_average, id)',
          'products (product_type_id)',
        ]),
      );
    });
  });

  it('every migration reverts cleanly and applies again', async () => {
    await withMigratedDatabase('schema_down', async (ds) => {
      for (let i = 0; i < MIGRATIONS.length; i++) await ds.undoLastMigration();
      // TypeORM's own tables stay: the migrations it ran, and typeorm_metadata (generated columns' expressions), which it makes before any migration runs.
      const tables = await ds.query(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('migrations', 'typeorm_metadata')",
      );
      expect(tables).toEqual([]);
      expect((await ds.runMigrations()).length).toBe(MIGRATIONS.length);
    });
  });
});
