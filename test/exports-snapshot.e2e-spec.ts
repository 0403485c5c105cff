import pg from 'pg';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { asText, exportCompleted, imported, ndjsonLines } from './support/ndjson.js';

/**
 * Exports say where to continue (docs/api.md#export-snapshot): `snapshot_at` is such that every
 * change committed after the file was read has `updated_at` at or after it, so an ERP's next
 * `updated_at_min` is that value; each chunk reads its members in one snapshot. A country's line
 * carries its states, and its import takes them (matched by `code`), so a file imports into
 * another store whole.
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

  const completed = (id: number) => exportCompleted(t, auth, id);

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
    // Written by the export's transaction, which runs as the app role (docs/api.md#stores).
    await t.sql(`CREATE TABLE export_isolation (level text)`);
    await t.sql(`GRANT INSERT ON export_isolation TO store_app`);
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

  /** A country as GET ?embed=states shows it, without what a store gives it (ids, times). */
  const portable = (country: Record<string, unknown>) => {
    const {
      id: _id,
      created_at: _c,
      updated_at: _u,
      states,
      ...rest
    } = country as { states: { data: Record<string, unknown>[] } } & Record<string, unknown>;
    return { ...rest, states: states.data.map(({ id: _i, country_id: _o, created_at: _sc, updated_at: _su, ...s }) => s) };
  };

  it('writes each country with its states, and an import of the file recreates them in another store', async () => {
    const put = await t.http
      .put('/country/PE')
      .set(auth)
      .send({
        name: 'Peru',
        code: 'PE',
        code_3: 'PER',
        states: [
          { name: 'Lima', code: 'lim' },
          { name: 'Cusco', code: 'CUS', enabled: 0 },
        ],
      });
    expect(put.status).toBe(201);
    expect((await t.http.put('/country/CL').set(auth).send({ name: 'Chile', code: 'CL' })).status).toBe(201);
    const id = (await t.http.post('/exports').set(auth).send({ resource: 'countries' })).body.data.id as number;
    await completed(id);
    const lines = await fileOf(id);
    expect(lines.filter((l) => ['PE', 'CL'].includes(l.code as string))).toEqual([
      {
        name: 'Peru',
        code: 'PE',
        code_3: 'PER',
        enabled: 1,
        states: [
          { name: 'Lima', code: 'LIM', enabled: 1 },
          { name: 'Cusco', code: 'CUS', enabled: 0 },
        ],
      },
      { name: 'Chile', code: 'CL', code_3: null, enabled: 1, states: [] },
    ]);
    const text = lines.map((l) => JSON.stringify(l)).join('\n');

    const b = await bootTestApp('exports_snapshot_b');
    try {
      const authB = { Authorization: `Bearer ${await b.token()}` };
      const { done } = await imported(b, authB, 'countries', text);
      expect(done.failed).toBe(0);
      for (const code of ['PE', 'CL']) {
        const there = (await b.http.get(`/country/${code}?embed=states`).set(authB)).body.data as Record<string, unknown>;
        const here = (await t.http.get(`/country/${code}?embed=states`).set(auth)).body.data as Record<string, unknown>;
        expect(portable(there)).toEqual(portable(here));
      }
      // The same file again changes nothing there.
      const again = await imported(b, authB, 'countries', text);
      expect([again.done.unchanged, again.done.failed]).toEqual([lines.length, 0]);
    } finally {
      await b.close();
    }
  });

  it('imports states matched by code: a known one updated in place, a new one created, an unlisted one deleted', async () => {
    const before = (await t.http.get('/country/PE?embed=states').set(auth)).body.data as {
      updated_at: string;
      states: { data: { id: number; code: string }[] };
    };
    const lima = before.states.data.find((s) => s.code === 'LIM')!.id;
    await t.sql(`UPDATE countries SET updated_at = '2020-01-01T00:00:00Z' WHERE code = 'PE'`);
    const [{ last }] = await t.sql<{ last: number }>(`SELECT coalesce(max(id), 0)::int AS last FROM events`);
    const line = {
      name: 'Peru',
      code: 'PE',
      code_3: 'PER',
      states: [
        { name: 'Lima Metropolitana', code: 'lim' },
        { name: 'Arequipa', code: 'ARE' },
      ],
    };
    const { results } = await imported(t, auth, 'countries', `${JSON.stringify(line)}\n`);
    expect(results).toEqual([{ line: 1, status: 'updated', id: expect.any(Number), key: 'PE' }]);
    const after = (await t.http.get('/country/PE?embed=states').set(auth)).body.data as {
      updated_at: string;
      states: { data: { id: number; code: string; name: string }[] };
    };
    expect(after.states.data.map((s) => [s.id === lima, s.code, s.name])).toEqual([
      [true, 'LIM', 'Lima Metropolitana'],
      [false, 'ARE', 'Arequipa'],
    ]);
    // The country's states changed, so the country did: updated_at_min finds it.
    expect(after.updated_at > '2020-01-01 00:00:00').toBe(true);
    const events = await t.sql<{ type: string }>(`SELECT type FROM events WHERE id > $1 AND type LIKE 'country.%' ORDER BY id`, [last]);
    expect(events.map((e) => e.type)).toEqual(['country.state.deleted', 'country.state.created', 'country.state.updated']);
  });

  it('fails a line whose states are malformed alone, naming the state field', async () => {
    const text = [
      { name: 'Bolivia', code: 'BO', states: [{ name: 'La Paz', code: 'la-paz' }] },
      { name: 'Ecuador', code: 'EC', states: 'none' },
      { name: 'Uruguay', code: 'UY', states: [{ code: 'MO' }, 7] },
      {
        name: 'Paraguay',
        code: 'PY',
        states: [
          { name: 'Central', code: 'CEN' },
          { name: 'Central', code: 'cen' },
        ],
      },
      { name: 'Colombia', code: 'CO', states: [{ name: 'Antioquia', code: 'ANT' }] },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const { results } = await imported(t, auth, 'countries', text);
    expect(results.map(({ line, status, errors }) => ({ line, status, errors }))).toEqual([
      { line: 1, status: 'failed', errors: { 'states.0.code': ['must be 1 to 10 letters or digits'] } },
      { line: 2, status: 'failed', errors: { states: ['must be an array of states'] } },
      { line: 3, status: 'failed', errors: { 'states.0.name': ['is required'], 'states.1': ['must be an object'] } },
      { line: 4, status: 'failed', errors: { states: ['must not repeat a code (CEN)'] } },
      { line: 5, status: 'created', errors: undefined },
    ]);
    expect(await t.sql(`SELECT code FROM countries WHERE code IN ('BO', 'EC', 'UY', 'PY', 'CO') ORDER BY code`)).toEqual([{ code: 'CO' }]);
  });
});
