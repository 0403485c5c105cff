import { queryCounter } from '../src/database/query-counter.js';
import { explainAsStore, scansOf } from './support/plans.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * Under row-level security PostgreSQL uses an index for a condition only when the condition's
 * functions are leakproof. A statement that parses its JSON parameter inside a lookup's condition
 * (`->>`, a cast) then reads the whole table of its store for each row it looks up: statement counts
 * do not change, and spec tables are too small for time to show it; only the plan does. The
 * statements here are the ones a real request sent, explained as the app role in the store's
 * transaction, over tables large enough that a scan of the table is the planner's last choice.
 */
describeE2E('store plans: statements find rows by index under row-level security', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await bootTestApp('store_plans');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await t.sql(
      `INSERT INTO events (type, resource, resource_id, sequence, data)
       SELECT 'product.created', 'product', g, 1, '{}'::jsonb FROM generate_series(1, 20000) g`,
    );
    await t.sql('ANALYZE events');
  });
  afterAll(() => t.close());

  it("numbers a write's events from each resource's last one by index, however many events the store has", async () => {
    queryCounter.reset(true);
    const res = await t.http.post('/product').set(auth).send({ name: 'Lamp', sku: 'LAMP' });
    const statements = queryCounter.statements.map((sql, i) => ({ sql, params: queryCounter.parameters[i] }));
    queryCounter.reset();
    expect(res.status).toBe(201);
    // The one statement that records events, for every door (item, batch, import line, ping).
    const recording = statements.filter((s) => /INSERT INTO "events"/.test(s.sql));
    expect(recording).toHaveLength(1);
    const plan = await explainAsStore(t.dbUrl, recording[0].sql, recording[0].params);
    expect(scansOf(plan, 'events').filter((scan) => !scan.startsWith('ModifyTable'))).toEqual([
      expect.stringMatching(/^Index (Only )?Scan( Backward)? using IDX_events_resource_sequence$/),
    ]);
  });
});
