import pg from 'pg';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { asText, ndjsonLines } from './support/ndjson.js';

/**
 * Exports say where to continue (docs/api.md#export-snapshot): `snapshot_at` is such that every
 * change committed after the file was read has `updated_at` at or after it, so an ERP's next
 * `updated_at_min` is that value; each chunk reads its members in one snapshot.
 */
describeE2E('bulk exports: where to continue', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('exports_snapshot');
    auth = { Authorization: `Bearer ${await t.token()}` };
    for (const [sku, name] of [
      ['A-1', 'Apple'],
      ['B-1', 'Banana'],
    ]) {
      expect((await t.http.put(`/product/${sku}`).set(auth).send({ sku, name, base_price: '1.00' })).status).toBe(201);
    }
  });
  afterAll(() => t?.close());

  const completed = (id: number) =>
    eventually(
      async () => {
        const res = await t.http.get(`/export/${id}`).set(auth);
        if (res.body.data?.status !== 'completed') throw new Error(`export ${id} is ${JSON.stringify(res.body)}`);
        return res.body.data as Record<string, unknown>;
      },
      { timeoutMs: 20_000 },
    );

  const fileOf = async (id: number) => ndjsonLines((await asText(t.http.get(`/export/${id}/file`).set(auth))).body as string);

  it('gives a snapshot_at from which updated_at_min finds a change that began before the export and committed after it', async () => {
    // A writer whose transaction began before the export and commits after it: its updated_at is its start.
    const writer = new pg.Client({ connectionString: t.dbUrl });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      const {
        rows: [{ began }],
      } = await writer.query<{ began: Date }>(
        `UPDATE products SET name = 'Apple (late)', updated_at = now() WHERE sku = 'A-1' RETURNING now() AS began`,
      );
      // The export starts in a later second than the writer did (a `snapshot_at` of the export's own clock would pass it by).
      await eventually(async () => {
        const [{ later }] = await t.sql<{ later: boolean }>(
          `SELECT clock_timestamp() >= date_trunc('second', $1::timestamptz) + interval '1 second' AS later`,
          [began],
        );
        expect(later).toBe(true);
      });

      const started = await t.http.post('/exports').set(auth).send({ resource: 'products' });
      expect(started.body).toEqual(
        ok(202, {
          id: started.body.data.id,
          resource: 'products',
          status: 'queued',
          updated_at_min: null,
          lines: 0,
          snapshot_at: null,
          error: null,
          created_at: TS,
          started_at: null,
          finished_at: null,
          expires_at: null,
          updated_at: TS,
        }),
      );
      const done = await completed(started.body.data.id as number);
      expect(done.snapshot_at).toEqual(TS);
      // The file was read before the writer committed: it has Apple as it was.
      expect((await fileOf(done.id as number)).map((l) => [l.sku, l.name])).toEqual([
        ['A-1', 'Apple'],
        ['B-1', 'Banana'],
      ]);
      await writer.query('COMMIT');

      // What changed since is all found from snapshot_at.
      const since = await t.http.get(`/products?updated_at_min=${encodeURIComponent(done.snapshot_at as string)}`).set(auth);
      expect(since.status).toBe(200);
      expect((since.body.data as { sku: string; name: string }[]).filter((p) => p.sku === 'A-1').map((p) => p.name)).toEqual([
        'Apple (late)',
      ]);
      const [{ covered }] = await t.sql<{ covered: boolean }>(
        `SELECT bool_and(p.updated_at >= e.snapshot_at) AS covered FROM products p, exports e WHERE e.id = $1 AND p.sku = 'A-1'`,
        [done.id],
      );
      expect(covered).toBe(true);
    } finally {
      await writer.end();
    }
  });

  it('reads each chunk in one snapshot: REPEATABLE READ, so a product and its parts are one moment', async () => {
    await t.sql(`CREATE TABLE export_isolation (level text)`);
    await t.sql(`CREATE FUNCTION export_isolation_seen() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN INSERT INTO export_isolation VALUES (current_setting('transaction_isolation')); RETURN NEW; END $$`);
    await t.sql(
      `CREATE TRIGGER export_isolation_seen AFTER INSERT ON export_lines FOR EACH STATEMENT EXECUTE FUNCTION export_isolation_seen()`,
    );
    try {
      const id = (await t.http.post('/exports').set(auth).send({ resource: 'products' })).body.data.id as number;
      expect((await completed(id)).lines).toBe(2);
      expect(await t.sql(`SELECT level FROM export_isolation`)).toEqual([{ level: 'repeatable read' }]);
    } finally {
      await t.sql(`DROP TRIGGER export_isolation_seen ON export_lines; DROP FUNCTION export_isolation_seen(); DROP TABLE export_isolation`);
    }
  });

  it('keeps the snapshot_at of the first chunk when another process takes the export over', async () => {
    const [a] = await t.sql<{ id: number }>(`SELECT id FROM products WHERE sku = 'A-1'`);
    // The dead holder committed A's line with the export's snapshot_at; its lease ran out.
    const [{ id }] = await t.sql<{ id: number }>(
      `INSERT INTO exports (resource, status, lines, last_id, snapshot_at, started_at, claimed_at, leased_until, lease_holder, lease_token)
       VALUES ('products', 'running', 1, $1, '2026-01-02T03:04:05Z', now(), now(), now() - interval '1 second', 'gone:1:x', gen_random_uuid())
       RETURNING id`,
      [a.id],
    );
    await t.sql(`INSERT INTO export_lines (export_id, line, body) VALUES ($1, 1, '{"sku":"A-1"}')`, [id]);
    const done = await completed(id);
    expect([done.lines, done.snapshot_at]).toEqual([2, '2026-01-02 03:04:05']);
    expect((await fileOf(id)).map((l) => l.sku)).toEqual(['A-1', 'B-1']);
  });
});
