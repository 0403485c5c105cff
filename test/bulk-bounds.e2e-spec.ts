import { BulkRetention } from '../src/modules/bulk/bulk-retention.service.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { asText, ndjsonLines } from './support/ndjson.js';

const NDJSON = 'application/x-ndjson';

/** What the exports given up on log (at error level). */
const FAILED_EXPORT_LOGS = [/Export \d+: the chunk after member 0 failed 3 times/];

const TOO_MANY = 'This store has 5 imports and exports queued or running; retry in 30 s, or cancel one.';

/** Bulk jobs bounded per store (docs/api.md#bulk-import-and-export): the bound, export cancel, retention, failed exports, fairness. */
describeE2E('bulk job bounds', () => {
  /**
   * With REDIS_URL the api runs no bulk job (a worker would): what is queued stays queued, so the
   * bound and a queued export's cancel are seen without a runner racing them.
   */
  describe('with no runner in the api', () => {
    let q: TestApp;
    let auth: Record<string, string>;

    beforeAll(async () => {
      // The process's Nest logger may still be this app's when the runner's app logs the failed exports.
      q = await bootTestApp('bulk_bounds_queued', { REDIS_URL: TEST_REDIS_URL }, { expectedLogs: FAILED_EXPORT_LOGS });
      auth = { Authorization: `Bearer ${await q.token()}` };
    });
    afterAll(() => q?.close());
    afterEach(async () => {
      await q.sql(`UPDATE imports SET status = 'cancelled', finished_at = now() WHERE status IN ('queued', 'running')`);
      await q.sql(`UPDATE exports SET status = 'cancelled', finished_at = now() WHERE status IN ('queued', 'running')`);
    });

    const upload = (headers = auth) =>
      q.http.post('/imports?resource=customers').set(headers).set('Content-Type', NDJSON).send('{"email":"ada@example.com"}\n');
    const exportOf = (resource = 'customers', headers = auth) => q.http.post('/exports').set(headers).send({ resource });
    const active = async () =>
      (
        await q.sql<{ n: number }>(
          `SELECT (SELECT count(*) FROM imports WHERE status IN ('queued', 'running'))::int
                + (SELECT count(*) FROM exports WHERE status IN ('queued', 'running'))::int AS n`,
        )
      )[0].n;

    it('refuses the sixth import or export of a store with 429 and Retry-After, counting both together, and keeps nothing of it', async () => {
      for (const res of [await upload(), await exportOf(), await upload(), await exportOf(), await upload()]) expect(res.status).toBe(202);
      const refusedImport = await upload();
      expect([refusedImport.status, refusedImport.headers['retry-after'], refusedImport.body]).toEqual([429, '30', fail(429, TOO_MANY)]);
      const refusedExport = await exportOf();
      expect([refusedExport.status, refusedExport.headers['retry-after'], refusedExport.body]).toEqual([429, '30', fail(429, TOO_MANY)]);
      expect(await q.sql(`SELECT (SELECT count(*) FROM imports)::int AS imports, (SELECT count(*) FROM exports)::int AS exports`)).toEqual([
        { imports: 3, exports: 2 },
      ]);
      expect(await q.sql(`SELECT count(*)::int AS n FROM import_lines`)).toEqual([{ n: 3 }]);
      // A job that ends frees its place: the next one is taken.
      const first = (await q.http.get('/imports?order=ASC').set(auth)).body.data[0].id as number;
      expect((await q.http.post(`/import/${first}/cancel`).set(auth)).body.data.status).toBe('cancelled');
      expect((await exportOf()).status).toBe(202);
      expect((await upload()).body).toEqual(fail(429, TOO_MANY));
      expect(await active()).toBe(5);
    });

    it('admits exactly five of six imports and exports sent at once', async () => {
      const answers = await Promise.all([upload(), exportOf(), upload(), exportOf(), upload(), exportOf()]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      const refused = answers.find((a) => a.status === 429)!;
      expect([refused.headers['retry-after'], refused.body]).toEqual(['30', fail(429, TOO_MANY)]);
      expect(await active()).toBe(5);
    });

    it('cancels a queued or running export, keeping no file, and answers 409 once it is finished', async () => {
      const queued = (await exportOf('products')).body.data as Record<string, unknown>;
      const cancelled = await q.http.post(`/export/${queued.id as number}/cancel`).set(auth);
      expect(cancelled.body).toEqual(
        ok(200, {
          id: queued.id,
          resource: 'products',
          status: 'cancelled',
          updated_at_min: null,
          lines: 0,
          snapshot_at: null,
          error: null,
          created_at: TS,
          started_at: null,
          finished_at: TS,
          expires_at: null,
          updated_at: TS,
        }),
      );
      expect((await q.http.get(`/export/${queued.id as number}`).set(auth)).body).toEqual(cancelled.body);
      expect((await q.http.post(`/export/${queued.id as number}/cancel`).set(auth)).body).toEqual(
        fail(409, `Export ${queued.id as number} is cancelled; only a queued or running export can be cancelled.`),
      );
      expect((await q.http.get(`/export/${queued.id as number}/file`).set(auth)).body).toEqual(
        fail(409, `Export ${queued.id as number} is cancelled; it has no file.`),
      );

      // An export another process is writing (its lease runs for an hour): it stops, and its lines go.
      const [{ id }] = await q.sql<{ id: number }>(
        `INSERT INTO exports (resource, status, lines, started_at, claimed_at, leased_until, lease_holder, lease_token)
         VALUES ('customers', 'running', 2, now(), now(), now() + interval '1 hour', 'elsewhere:1:x', gen_random_uuid()) RETURNING id`,
      );
      await q.sql(
        `INSERT INTO export_lines (export_id, line, body) VALUES ($1, 1, '{"email":"a@example.com"}'), ($1, 2, '{"email":"b@example.com"}')`,
        [id],
      );
      const customersOnly = { Authorization: `Bearer ${await q.token(['customers:read'])}` };
      expect((await q.http.post(`/export/${queued.id as number}/cancel`).set(customersOnly)).body).toEqual(
        fail(403, 'The access token lacks the scope "catalog:read".'),
      );
      const stopped = (await q.http.post(`/export/${id}/cancel`).set(customersOnly)).body;
      expect(stopped).toEqual(ok(200, expect.objectContaining({ id, status: 'cancelled', lines: 2, finished_at: TS, expires_at: null })));
      expect(await q.sql(`SELECT export_id FROM export_lines WHERE export_id = $1`, [id])).toEqual([]);
      expect(await q.sql(`SELECT leased_until, lease_token FROM exports WHERE id = $1`, [id])).toEqual([
        { leased_until: null, lease_token: null },
      ]);
      expect((await q.http.get(`/export/${id}/file`).set(customersOnly)).body).toEqual(
        fail(409, `Export ${id} is cancelled; it has no file.`),
      );
      expect((await q.http.post('/export/999/cancel').set(auth)).body).toEqual(fail(404, 'Export 999 was not found.'));
      expect((await q.http.post('/export/abc/cancel').set(auth)).body).toEqual(fail(404, 'Export abc was not found.'));
      const noScope = { Authorization: `Bearer ${await q.token(['orders:read'])}` };
      expect((await q.http.post(`/export/${id}/cancel`).set(noScope)).body).toEqual(
        fail(403, 'The access token lacks the scope "customers:read".'),
      );
    });
  });

  /** The api runs the jobs (no Redis), a slice being one chunk of 10 lines: jobs take turns chunk by chunk. */
  describe('with the runner in the api', () => {
    let t: TestApp;
    let auth: Record<string, string>;

    beforeAll(async () => {
      t = await bootTestApp('bulk_bounds', { BULK_SLICE_MS: '1', IMPORT_CHUNK_LINES: '10' }, { expectedLogs: FAILED_EXPORT_LOGS });
      auth = { Authorization: `Bearer ${await t.token()}` };
    });
    afterAll(() => t?.close());

    const upload = (resource: string, lines: object[]) =>
      t.http
        .post(`/imports?resource=${resource}`)
        .set(auth)
        .set('Content-Type', NDJSON)
        .send(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');

    const ended = <T = Record<string, unknown>>(path: string) =>
      eventually(
        async () => {
          const res = await t.http.get(path).set(auth);
          if (!['completed', 'failed', 'cancelled'].includes(res.body.data.status)) throw new Error(`${path} is ${res.body.data.status}`);
          return res.body.data as T;
        },
        { timeoutMs: 60_000, intervalMs: 100 },
      );

    it('starts a small import queued behind a large one, and completes it while the large one still runs', async () => {
      const customers = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ email: `c${from + i}@example.com` }));
      const big = (await upload('customers', customers(0, 600))).body.data.id as number;
      const small = (await upload('customers', customers(1000, 3))).body.data.id as number;
      const bigDone = await ended<{ status: string; finished_at: string; created: number }>(`/import/${big}`);
      const smallDone = await ended<{ status: string; finished_at: string; created: number }>(`/import/${small}`);
      expect([bigDone.status, bigDone.created, smallDone.status, smallDone.created]).toEqual(['completed', 600, 'completed', 3]);
      // Timestamps straight from the database (the views show seconds): the small one ended first.
      const [order] = await t.sql<{ small_first: boolean; big_started_first: boolean }>(
        `SELECT s.finished_at < b.finished_at AS small_first, b.started_at <= s.started_at AS big_started_first
           FROM imports b, imports s WHERE b.id = $1 AND s.id = $2`,
        [big, small],
      );
      expect(order).toEqual({ small_first: true, big_started_first: true });
    });

    it('fails an export whose chunk failed, or whose process died, three times, with the reason and no file', async () => {
      // Three attempts at the chunk after the first line, each of whose processes died.
      const [{ id: died }] = await t.sql<{ id: number }>(
        `INSERT INTO exports (resource, status, lines, chunk_attempts, started_at, claimed_at, leased_until, lease_holder, lease_token)
         VALUES ('countries', 'running', 1, 3, now(), now(), now() - interval '1 second', 'gone:1:x', gen_random_uuid()) RETURNING id`,
      );
      await t.sql(`INSERT INTO export_lines (export_id, line, body) VALUES ($1, 1, '{"iso2":"AD"}')`, [died]);
      const failed = await ended(`/export/${died}`);
      expect(failed).toEqual(
        expect.objectContaining({
          status: 'failed',
          error: 'The members after the 1 written could not be exported in 3 attempts: its process stopped during each of 3 attempts',
          expires_at: null,
        }),
      );
      expect(await t.sql(`SELECT export_id FROM export_lines WHERE export_id = $1`, [died])).toEqual([]);
      expect((await t.http.get(`/export/${died}/file`).set(auth)).body).toEqual(fail(409, `Export ${died} is failed; it has no file.`));

      // A chunk that fails each time it is tried (its table is gone meanwhile): counted in the row, then the export fails.
      await t.sql(`ALTER TABLE coupons RENAME TO coupons_away`);
      try {
        const id = (await t.http.post('/exports').set(auth).send({ resource: 'coupons' })).body.data.id as number;
        const gaveUp = await ended(`/export/${id}`);
        expect(gaveUp).toEqual(
          expect.objectContaining({
            status: 'failed',
            error: expect.stringMatching(
              /^The members after the 0 written could not be exported in 3 attempts: .*coupons.* does not exist$/,
            ),
          }),
        );
        expect(await t.sql(`SELECT chunk_attempts, chunk_error FROM exports WHERE id = $1`, [id])).toEqual([
          { chunk_attempts: 0, chunk_error: null },
        ]);
        expect((await t.http.get(`/export/${id}/file`).set(auth)).body).toEqual(fail(409, `Export ${id} is failed; it has no file.`));
      } finally {
        await t.sql(`ALTER TABLE coupons_away RENAME TO coupons`);
      }
    });

    it('deletes the results of an import and the file of an export past their retention, answering 410 for them', async () => {
      const old = (await upload('customergroups', [{ name: 'Old', api_code: 'old' }])).body.data.id as number;
      const recent = (await upload('customergroups', [{ name: 'New', api_code: 'new' }])).body.data.id as number;
      const file = (await t.http.post('/exports').set(auth).send({ resource: 'customergroups' })).body.data.id as number;
      await ended(`/import/${old}`);
      await ended(`/import/${recent}`);
      const exported = await ended(`/export/${file}`);
      expect(exported.status).toBe('completed');
      const kept = (await t.http.get(`/import/${old}`).set(auth)).body.data as Record<string, unknown>;

      await t.sql(`UPDATE imports SET finished_at = now() - interval '7 days 1 minute' WHERE id = $1`, [old]);
      await t.sql(
        `UPDATE exports SET finished_at = now() - interval '7 days 1 minute', expires_at = now() - interval '1 minute' WHERE id = $1`,
        [file],
      );
      // Due already, before the sweep got to them.
      expect((await t.http.get(`/import/${old}/results`).set(auth)).body).toEqual(
        fail(410, `The results of import ${old} were deleted 7 days after it ended.`),
      );
      expect((await t.http.get(`/export/${file}/file`).set(auth)).body).toEqual(
        fail(410, `The file of export ${file} was deleted 7 days after it completed.`),
      );

      expect(await t.app.get(BulkRetention).sweep()).toBe(2);
      expect(
        await t.sql(
          `SELECT import_id FROM import_results WHERE import_id = $1 UNION ALL SELECT import_id FROM import_lines WHERE import_id = $1`,
          [old],
        ),
      ).toEqual([]);
      expect(await t.sql(`SELECT export_id FROM export_lines WHERE export_id = $1`, [file])).toEqual([]);
      expect(
        await t.sql(`SELECT id, purged_at IS NOT NULL AS purged FROM imports WHERE id IN ($1, $2) ORDER BY id`, [old, recent]),
      ).toEqual([
        { id: old, purged: true },
        { id: recent, purged: false },
      ]);
      // The jobs stay, their counts with them; what they served answers 410.
      expect((await t.http.get(`/import/${old}`).set(auth)).body).toEqual(ok(200, { ...kept, finished_at: TS }));
      expect((await t.http.get(`/export/${file}`).set(auth)).body.data).toEqual({ ...exported, finished_at: TS, expires_at: TS });
      expect((await t.http.get(`/import/${old}/results`).set(auth)).body).toEqual(
        fail(410, `The results of import ${old} were deleted 7 days after it ended.`),
      );
      expect((await t.http.get(`/export/${file}/file`).set(auth)).body).toEqual(
        fail(410, `The file of export ${file} was deleted 7 days after it completed.`),
      );
      // A job that ended recently keeps its results; a second sweep finds nothing more.
      const recentResults = await asText(t.http.get(`/import/${recent}/results`).set(auth));
      expect(ndjsonLines(recentResults.body as string)).toEqual([{ line: 1, status: 'created', id: expect.any(Number), key: 'new' }]);
      expect(await t.app.get(BulkRetention).sweep()).toBe(0);
    });
  });
});
