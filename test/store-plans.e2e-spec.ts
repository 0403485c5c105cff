import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createDataSource } from '../src/database/data-source.js';
import { DEFAULT_STORE_ID, createTestDatabase, describeE2E } from './support/test-app.js';

const ROOT = join(import.meta.dirname, '..');

/** One statement of a repository as it is sent: its section of the checked-in SQL snapshot. */
function snapshotStatement(file: string, name: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const start = text.indexOf(`-- ${name}\n`);
  if (start < 0) throw new Error(`${name} is not in ${file}`);
  const body = text.slice(start + name.length + 4);
  const end = body.search(/\n\n-- /);
  return (end < 0 ? body : body.slice(0, end)).trim().replace(/;$/, '');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const scansOf = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [`${node['Node Type']} on ${node['Relation Name']}`] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

/**
 * Under row-level security PostgreSQL uses an index for a condition only when the condition's
 * functions are leakproof. A statement that parses its JSON parameter inside the condition (`->>`, a
 * cast) then reads the whole table of its store for each row it looks up: with statement counts
 * unchanged and small spec tables, only the plan shows it. The plans here are the app role's, in a
 * store's transaction, over tables large enough that a scan of the table is the planner's last choice.
 */
describeE2E('store plans: bulk statements find rows by index under row-level security', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase('store_plans');
    const ds = createDataSource({ databaseUrl: db.url, dataDir: '' });
    await ds.initialize();
    await ds.runMigrations();
    await ds.destroy();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`SELECT set_config('app.store_id', $1, false)`, [String(DEFAULT_STORE_ID)]);
    await client.query(
      `INSERT INTO events (type, resource, resource_id, sequence, data)
       SELECT 'product.created', 'product', g, 1, '{}'::jsonb FROM generate_series(1, 20000) g`,
    );
    await client.query('ANALYZE events');
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  /** The scans of `statement`'s plan, run (and rolled back) as the app role in the store's transaction. */
  async function scans(statement: string, params: unknown[]): Promise<string[]> {
    await client.query('BEGIN');
    try {
      await client.query(`SELECT set_config('role', 'store_app', true), set_config('app.store_id', $1, true)`, [String(DEFAULT_STORE_ID)]);
      await client.query(`PREPARE measured AS ${statement}`);
      const values = params.map((p) => client.escapeLiteral(typeof p === 'string' ? p : JSON.stringify(p))).join(', ');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) EXECUTE measured(${values})`);
      return scansOf(rows[0]['QUERY PLAN'][0].Plan);
    } finally {
      await client.query('ROLLBACK');
    }
  }

  it("numbers recorded events from each resource's last one by index, however many events the store has", async () => {
    const events = Array.from({ length: 100 }, (_, i) => ({
      type: 'product.updated',
      resource: 'product',
      resource_id: i + 1,
      rank: 1,
      data: { id: i + 1 },
    }));
    const statement = snapshotStatement('src/modules/webhooks/queries/events.repository.sql', 'EventsRepository.recordEvents');
    const found = await scans(statement, [events, {}]);
    expect(found.filter((s) => s.endsWith('Scan on events') || s.endsWith('Scan Backward on events'))).toEqual([
      expect.stringMatching(/^Index (Only )?Scan( Backward)? on events$/),
    ]);
  });
});
