import { type Worker, pauseWorker, resumeWorker, startWebhookWorker, uniquePrefix } from './send-quote.fixtures.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { jsonLines, tcpProxy, waitFor } from './support/processes.js';
import { asText, ndjsonLines } from './support/ndjson.js';
import type { TcpProxy } from './support/tcp-proxy.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

const NDJSON = 'application/x-ndjson';
const BAD_PRICE = { base_price: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'] };

interface Expected {
  line: number;
  status: 'created' | 'updated' | 'unchanged' | 'failed';
  key: string | null;
  errors?: Record<string, string[]>;
}

/** An upload of products and what it implies, line by line, as PUT /product applies each in file order. */
interface Upload {
  body: string;
  /** One per non-blank line, in file order. */
  expected: Expected[];
  /** Each product as its last applied line left it. */
  products: Map<string, { name: string; base_price: string }>;
  counts: { lines: number; created: number; updated: number; unchanged: number; failed: number };
}

/**
 * `slots` lines of products with prefix `p`: new products, and in between blank lines, lines that are
 * not JSON, refused prices (on new keys and on keys already applied), keys repeated with new values
 * (within a chunk and many chunks later) and keys repeated as they are: order decides the outcome.
 */
function buildUpload(p: string, slots: number): Upload {
  const text: string[] = [];
  const expected: Expected[] = [];
  const products = new Map<string, { name: string; base_price: string }>();
  const made: string[] = [];
  let line = 0;
  const put = (sku: string, name: string, price: string) => {
    line++;
    text.push(JSON.stringify({ sku, name, base_price: price }));
    if (!/^\d+\.\d{2}$/.test(price)) return expected.push({ line, status: 'failed', key: sku, errors: BAD_PRICE });
    const before = products.get(sku);
    const status = !before ? 'created' : before.name === name && before.base_price === price ? 'unchanged' : 'updated';
    if (!before) made.push(sku);
    products.set(sku, { name, base_price: price });
    expected.push({ line, status, key: sku });
  };
  for (let i = 0; i < slots; i++) {
    if (i % 37 === 36) {
      line++;
      text.push(i % 2 ? '' : '   ');
    } else if (i % 50 === 7) {
      line++;
      text.push('{"sku": "broken", ');
      expected.push({ line, status: 'failed', key: null, errors: { line: ['is not JSON'] } });
    } else if (i % 50 === 19) {
      // A refused price: on a key already applied (it keeps its values), or on a new one (never created).
      put(made.length > 10 ? made[made.length - 10] : `${p}-BAD-${i}`, 'Refused', 'cheap');
    } else if (i % 10 === 3 && made.length > 100) {
      // A key applied about two chunks earlier, renamed.
      const sku = made[made.length - 100];
      put(sku, `${sku} renamed at ${i}`, products.get(sku)!.base_price);
    } else if (i % 25 === 11 && made.length > 0) {
      // The previous key again, repriced: within the same chunk, so its runs are split.
      const sku = made[made.length - 1];
      put(sku, products.get(sku)!.name, `${(i % 900) + 1}.25`);
    } else if (i % 10 === 5 && made.length > 3) {
      // A key sent again exactly as it stands.
      const sku = made[made.length - 3];
      const now = products.get(sku)!;
      put(sku, now.name, now.base_price);
    } else {
      put(`${p}-${i}`, `Product ${i}`, `${(i % 500) + 1}.00`);
    }
  }
  const count = (s: Expected['status']) => expected.filter((e) => e.status === s).length;
  return {
    body: text.join('\n') + '\n',
    expected,
    products,
    counts: {
      lines: expected.length,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      failed: count('failed'),
    },
  };
}

/**
 * docs/api.md#bulk-import-and-export under failure, on real worker processes (BULK_LEASE_SECONDS 2, chunks of 50 lines):
 * an import whose worker is SIGKILLed inside a chunk, or paused there (as a host that vanishes), is
 * taken over within 30 s and goes on from the last line recorded (no line applied twice, none
 * skipped); a cancel stops after the lines in progress and what they applied stays; a worker whose
 * database connections are cut mid-import finishes it with the same counts.
 */
describeE2E('imports: takeover, cancel and outages', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const workers: Worker[] = [];
  let proxy: TcpProxy | null = null;

  const start = async (extra: Record<string, string> = {}) => {
    const w = await startWebhookWorker({
      DATABASE_URL: t.dbUrl,
      BULK_LEASE_SECONDS: '2',
      BULK_POLL_MS: '200',
      IMPORT_CHUNK_LINES: '50',
      ...extra,
    });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    // With REDIS_URL set the api leaves imports to the worker.
    t = await bootTestApp('imports_takeover', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: uniquePrefix('imports-takeover') });
    auth = { Authorization: `Bearer ${await t.token()}` };
  }, 60_000);
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop('SIGKILL');
    await proxy?.close();
    proxy = null;
  });
  afterAll(() => t?.close());

  const upload = async (body: string) => {
    const res = await t.http.post('/imports?resource=products').set(auth).set('Content-Type', NDJSON).send(body);
    expect(res.status).toBe(202);
    return res.body.data as { id: number; lines: number };
  };
  const row = async (id: number) =>
    (
      await t.sql<{ status: string; lines: number; processed: number; holder_pid: string; claimed_ms: string }>(
        `SELECT status, lines, processed, split_part(lease_holder, ':', 2) AS holder_pid,
                (extract(epoch FROM claimed_at) * 1000)::bigint::text AS claimed_ms
           FROM imports WHERE id = $1`,
        [id],
      )
    )[0];
  const results = async (id: number) => {
    const res = await asText(t.http.get(`/import/${id}/results`).set(auth));
    expect(res.status).toBe(200);
    return ndjsonLines<{ line: number; status: string; id: number | null; key: string | null; errors?: unknown }>(res.body as string);
  };
  /** The products of prefix `p` as stored: id, name and price by SKU. */
  const stored = async (p: string) =>
    new Map(
      (
        await t.sql<{ id: number; sku: string; name: string; base_price: string }>(
          `SELECT id, sku, name, base_price::text AS base_price FROM products WHERE sku LIKE $1 ORDER BY id`,
          [`${p}-%`],
        )
      ).map((r) => [r.sku, r]),
    );
  /** The results the upload implies for its first `n` lines, with the ids the products got. */
  const expectedResults = (u: Upload, ids: Map<string, { id: number }>, n = u.expected.length) =>
    u.expected.slice(0, n).map((e) => ({
      line: e.line,
      status: e.status,
      id: e.status === 'failed' ? null : ids.get(e.key!)!.id,
      key: e.key,
      ...(e.errors ? { errors: e.errors } : {}),
    }));
  /** Every product was created once, and updated once per line that updated it: no line applied twice. */
  const expectEventsOnce = async (u: Upload, ids: Map<string, { id: number }>) => {
    const events = await t.sql<{ resource_id: number; type: string; n: number }>(
      `SELECT resource_id::int AS resource_id, type, count(*)::int AS n FROM events
        WHERE type LIKE 'product.%' AND resource_id = ANY($1::bigint[]) GROUP BY 1, 2 ORDER BY 1, 2`,
      [[...ids.values()].map((r) => r.id)],
    );
    const want: { resource_id: number; type: string; n: number }[] = [];
    for (const [sku, { id }] of [...ids].sort((a, b) => a[1].id - b[1].id)) {
      want.push({ resource_id: id, type: 'product.created', n: 1 });
      const updates = u.expected.filter((e) => e.key === sku && e.status === 'updated').length;
      if (updates) want.push({ resource_id: id, type: 'product.updated', n: updates });
    }
    expect(events).toEqual(want);
  };
  /**
   * In one snapshot (one statement), the import's counts, its results and the changes of its lines
   * agree: a chunk's results commit with its changes, or neither does (a killed holder's chunk in flight).
   */
  const expectCommittedTogether = async (id: number, p: string) => {
    const [state] = await t.sql<Record<string, number>>(
      `SELECT i.processed, i.created,
              (SELECT count(*)::int FROM import_results r WHERE r.import_id = i.id) AS results,
              (SELECT count(*)::int FROM products WHERE sku LIKE $2) AS products,
              (SELECT count(*)::int FROM events e JOIN products p ON p.id = e.resource_id
                WHERE e.resource = 'product' AND e.type = 'product.created' AND p.sku LIKE $2) AS created_events
         FROM imports i WHERE i.id = $1`,
      [id, `${p}-%`],
    );
    expect(state).toEqual({
      processed: state.processed,
      created: state.created,
      results: state.processed,
      products: state.created,
      created_events: state.created,
    });
  };
  /** Pauses `w` with a chunk's transaction of import `id` open (the import's row locked by its session). */
  const pauseInsideChunk = (w: Worker, id: number) =>
    waitFor(async () => {
      pauseWorker(w);
      const locked = await t.sql(`SELECT id FROM imports WHERE id = $1 FOR UPDATE NOWAIT`, [id]).then(
        () => false,
        (err: { code?: string }) => err.code === '55P03',
      );
      if (!locked) resumeWorker(w);
      return locked;
    }, `worker ${w.pid} to be paused inside a chunk`);
  /** No error (a 500 included) in the api's log (it keeps error lines only) nor in the workers', but those `allowed`. */
  const noServerErrors = (w: Worker[], allowed: RegExp[] = []) => {
    expect(t.logs()).toEqual([]);
    for (const worker of w)
      expect(
        jsonLines(worker.output()).filter(
          (l) => ['error', 'fatal'].includes(String(l.level)) && !allowed.some((a) => a.test(String(l.msg))),
        ),
      ).toEqual([]);
  };

  it('a worker killed inside a chunk: another takes it over within 30 s and goes on from the last recorded line, none applied twice', async () => {
    const u = buildUpload('KILL', 4000);
    const job = await upload(u.body);
    expect(job.lines).toBe(u.counts.lines);

    const first = await start();
    await waitFor(async () => (await row(job.id)).processed >= 1000, 'a thousand lines to be recorded');
    // Killed with a chunk in flight: its changes were made, its results not yet recorded.
    await pauseInsideChunk(first, job.id);
    const killedAt = Date.now();
    expect(await first.stop('SIGKILL')).toBeNull();
    const atKill = await row(job.id);
    expect(atKill).toEqual({
      status: 'running',
      lines: u.counts.lines,
      processed: expect.any(Number),
      holder_pid: String(first.pid),
      claimed_ms: expect.any(String),
    });
    // Killed mid-run: lines were left for the next process.
    expect(atKill.processed).toBeLessThan(u.counts.lines);
    await expectCommittedTogether(job.id, 'KILL');

    const second = await start();
    await waitFor(async () => (await row(job.id)).status === 'completed', 'the import to complete', 60_000);
    const done = await row(job.id);
    expect(done.holder_pid).toBe(String(second.pid));
    // The database's time of the new claim, from the kill (the second worker's start included).
    const takeoverMs = Number(done.claimed_ms) - killedAt;
    expect(takeoverMs).toBeLessThanOrEqual(30_000);

    const view = (await t.http.get(`/import/${job.id}`).set(auth)).body.data;
    expect(view).toMatchObject({ status: 'completed', error: null, processed: u.counts.lines, ...u.counts });
    const ids = await stored('KILL');
    expect(ids.size).toBe(u.products.size);
    expect(new Map([...ids].map(([sku, r]) => [sku, { name: r.name, base_price: r.base_price }]))).toEqual(u.products);
    expect(await results(job.id)).toEqual(expectedResults(u, ids));
    await expectEventsOnce(u, ids);
    expect((await t.sql(`SELECT count(*)::int AS n FROM import_lines WHERE import_id = $1`, [job.id]))[0]).toEqual({ n: 0 });
    noServerErrors([first, second]);
    process.stdout.write(
      `imports takeover: killed at ${atKill.processed}/${u.counts.lines} lines, taken over ${takeoverMs / 1000} s after the kill (worker start included)\n`,
    );
  }, 120_000);

  it('a worker stopped with SIGTERM mid-import commits its chunk and gives the import back; the next goes on at once', async () => {
    const u = buildUpload('TERM', 3000);
    const job = await upload(u.body);
    const first = await start();
    await waitFor(async () => (await row(job.id)).processed >= 500, 'five hundred lines to be recorded');
    expect(await first.stop('SIGTERM')).toBe(0);
    const [given] = await t.sql<{ status: string; processed: number; leased_until: string | null }>(
      `SELECT status, processed, leased_until FROM imports WHERE id = $1`,
      [job.id],
    );
    expect(given).toEqual({ status: 'running', processed: expect.any(Number), leased_until: null });
    expect(given.processed).toBeLessThan(u.counts.lines);
    await expectCommittedTogether(job.id, 'TERM');

    const second = await start();
    await waitFor(async () => (await row(job.id)).status === 'completed', 'the import to complete', 60_000);
    expect((await row(job.id)).holder_pid).toBe(String(second.pid));
    const view = (await t.http.get(`/import/${job.id}`).set(auth)).body.data;
    expect(view).toMatchObject({ status: 'completed', error: null, processed: u.counts.lines, ...u.counts });
    const ids = await stored('TERM');
    expect(new Map([...ids].map(([sku, r]) => [sku, { name: r.name, base_price: r.base_price }]))).toEqual(u.products);
    expect(await results(job.id)).toEqual(expectedResults(u, ids));
    await expectEventsOnce(u, ids);
    noServerErrors([first, second]);
  }, 120_000);

  it('a worker paused inside a chunk (as a host that vanishes): its session ends with the lease, and another takes over within 30 s', async () => {
    const u = buildUpload('PAUSE', 4000);
    const job = await upload(u.body);
    const first = await start();
    await waitFor(async () => (await row(job.id)).processed >= 200, 'two hundred lines to be recorded');
    await pauseInsideChunk(first, job.id);
    const pausedAt = Date.now();
    const atPause = await row(job.id);

    const second = await start();
    await waitFor(async () => (await row(job.id)).holder_pid === String(second.pid), 'the import to be taken over', 40_000);
    const takeoverMs = Number((await row(job.id)).claimed_ms) - pausedAt;
    expect(takeoverMs).toBeLessThanOrEqual(30_000);
    // The paused worker comes back to a claim that is no longer its own.
    resumeWorker(first);
    await waitFor(async () => (await row(job.id)).status === 'completed', 'the import to complete', 60_000);

    const view = (await t.http.get(`/import/${job.id}`).set(auth)).body.data;
    expect(view).toMatchObject({ status: 'completed', error: null, processed: u.counts.lines, ...u.counts });
    const ids = await stored('PAUSE');
    expect(new Map([...ids].map(([sku, r]) => [sku, { name: r.name, base_price: r.base_price }]))).toEqual(u.products);
    expect(await results(job.id)).toEqual(expectedResults(u, ids));
    await expectEventsOnce(u, ids);
    // The paused worker may say its session was ended; the one that took over says nothing.
    noServerErrors([second]);
    process.stdout.write(
      `imports pause: paused at ${atPause.processed}/${u.counts.lines} lines, taken over ${takeoverMs / 1000} s later\n`,
    );
  }, 120_000);

  it('a cancel mid-run stops after the lines in progress; what they applied stays and nothing after', async () => {
    const u = buildUpload('CANCEL', 4000);
    const job = await upload(u.body);
    const worker = await start();
    await waitFor(async () => (await row(job.id)).processed > 0, 'the first chunks to be recorded');
    const res = await t.http.post(`/import/${job.id}/cancel`).set(auth);
    expect(res.status).toBe(200);
    const cancelled = res.body.data as { status: string; processed: number; lines: number };
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.processed).toBeGreaterThan(0);
    expect(cancelled.processed).toBeLessThan(u.counts.lines);

    // One worker takes imports one at a time, oldest first: once a later import is done, it has
    // left the cancelled one for good.
    const next = await upload(JSON.stringify({ sku: 'AFTER-1', name: 'After', base_price: '1.00' }) + '\n');
    await waitFor(async () => (await row(next.id)).status === 'completed', 'the next import to complete', 30_000);

    const after = (await t.http.get(`/import/${job.id}`).set(auth)).body.data;
    expect(after).toEqual(res.body.data);
    await expectCommittedTogether(job.id, 'CANCEL');
    const n = cancelled.processed;
    const implied = u.expected.slice(0, n);
    expect(after).toMatchObject({
      created: implied.filter((e) => e.status === 'created').length,
      updated: implied.filter((e) => e.status === 'updated').length,
      unchanged: implied.filter((e) => e.status === 'unchanged').length,
      failed: implied.filter((e) => e.status === 'failed').length,
    });
    const ids = await stored('CANCEL');
    // Exactly the products of the processed lines: none of a later line.
    expect([...ids.keys()].sort()).toEqual([...new Set(implied.filter((e) => e.status === 'created').map((e) => e.key!))].sort());
    expect(await results(job.id)).toEqual(expectedResults(u, ids, n));
    expect((await t.sql(`SELECT count(*)::int AS n FROM import_lines WHERE import_id = $1`, [job.id]))[0]).toEqual({ n: 0 });
    noServerErrors([worker]);
  }, 120_000);

  it('a cancel while the holder is stalled inside a chunk: answered once the lease ends, the stalled chunk rolled back', async () => {
    const u = buildUpload('STALL', 2000);
    const job = await upload(u.body);
    const worker = await start();
    await waitFor(async () => (await row(job.id)).processed > 0, 'the first chunks to be recorded');
    await pauseInsideChunk(worker, job.id);
    const atPause = await row(job.id);
    const res = await t.http.post(`/import/${job.id}/cancel`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', processed: atPause.processed });
    resumeWorker(worker);
    const next = await upload(JSON.stringify({ sku: 'AFTER-2', name: 'After', base_price: '1.00' }) + '\n');
    await waitFor(async () => (await row(next.id)).status === 'completed', 'the next import to complete', 30_000);

    expect((await t.http.get(`/import/${job.id}`).set(auth)).body.data).toEqual(res.body.data);
    await expectCommittedTogether(job.id, 'STALL');
    const implied = u.expected.slice(0, atPause.processed);
    const ids = await stored('STALL');
    expect([...ids.keys()].sort()).toEqual([...new Set(implied.filter((e) => e.status === 'created').map((e) => e.key!))].sort());
    expect(await results(job.id)).toEqual(expectedResults(u, ids, atPause.processed));
  }, 120_000);

  it('a worker whose database connections are cut mid-import finishes it, with the same counts', async () => {
    const db = new URL(t.dbUrl);
    proxy = await tcpProxy({ host: db.hostname, port: Number(db.port || 5432) });
    const u = buildUpload('CUT', 4000);
    const job = await upload(u.body);
    const worker = await start({ DATABASE_URL: proxy.url(t.dbUrl) });
    await waitFor(async () => (await row(job.id)).processed > 0, 'the first chunks to be recorded');
    await proxy.cut({ mode: 'reset' });
    const atCut = await row(job.id);
    expect(atCut.processed).toBeLessThan(u.counts.lines);
    await expectCommittedTogether(job.id, 'CUT');
    // Away past the lease: the worker's claim lapses, and it must claim the import again.
    await waitFor(
      async () => (await t.sql(`SELECT 1 FROM imports WHERE id = $1 AND leased_until <= now()`, [job.id])).length === 1,
      'the lease to run out',
    );
    await proxy.restore();
    await waitFor(async () => (await row(job.id)).status === 'completed', 'the import to complete', 60_000);
    expect((await row(job.id)).holder_pid).toBe(String(worker.pid));

    const view = (await t.http.get(`/import/${job.id}`).set(auth)).body.data;
    expect(view).toMatchObject({ status: 'completed', error: null, processed: u.counts.lines, ...u.counts });
    const ids = await stored('CUT');
    expect(new Map([...ids].map(([sku, r]) => [sku, { name: r.name, base_price: r.base_price }]))).toEqual(u.products);
    expect(await results(job.id)).toEqual(expectedResults(u, ids));
    await expectEventsOnce(u, ids);
    // The outage itself is logged; nothing else is.
    noServerErrors([worker], [/^(Bulk job|Webhook) pass failed: .*(ECONNRESET|ECONNREFUSED|Connection terminated|connection error)/]);
    process.stdout.write(`imports outage: cut at ${atCut.processed}/${u.counts.lines} lines\n`);
  }, 120_000);
  it('a chunk whose worker dies in it three times (counted in the database): its lines fail, and the import goes on', async () => {
    // Line 60 (of the chunk of lines 51-100) holds its statement for 2 s, long enough for each worker to be killed in it.
    await t.sql(
      `CREATE FUNCTION stall_die() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.sku = 'DIE-60' THEN PERFORM pg_sleep(2); END IF; RETURN NEW; END $$`,
    );
    await t.sql('CREATE TRIGGER stall_die BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION stall_die()');
    try {
      const lines = Array.from({ length: 150 }, (_, i) => JSON.stringify({ sku: `DIE-${i + 1}`, name: 'Die', base_price: '1.00' }));
      const job = await upload(`${lines.join('\n')}\n`);
      const attempts = async () =>
        (
          await t.sql<{ chunk_attempts: number; last_line: number }>('SELECT chunk_attempts, last_line FROM imports WHERE id = $1', [
            job.id,
          ])
        )[0];
      const killed: Worker[] = [];
      for (let n = 1; n <= 3; n++) {
        const w = await start();
        await waitFor(async () => {
          const a = await attempts();
          return a.last_line === 50 && a.chunk_attempts === n;
        }, `attempt ${n} at the chunk after line 50`);
        await waitFor(
          async () =>
            (await t.sql(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`)).length > 0,
          `worker ${w.pid} to be inside the chunk`,
        );
        expect(await w.stop('SIGKILL')).toBeNull();
        killed.push(w);
      }
      const last = await start();
      await waitFor(async () => (await row(job.id)).status === 'completed', 'the import to complete', 60_000);
      const view = (await t.http.get(`/import/${job.id}`).set(auth)).body.data;
      expect(view).toMatchObject({ status: 'completed', error: null, lines: 150, processed: 150, created: 100, failed: 50 });
      const ids = await stored('DIE');
      expect(ids.size).toBe(100);
      const reason = { line: ['could not be applied: its process stopped during each of 3 attempts'] };
      expect(await results(job.id)).toEqual(
        lines.map((_, i) =>
          i >= 50 && i < 100
            ? { line: i + 1, status: 'failed', id: null, key: null, errors: reason }
            : { line: i + 1, status: 'created', id: ids.get(`DIE-${i + 1}`)!.id, key: `DIE-${i + 1}` },
        ),
      );
      expect(await attempts()).toEqual({ chunk_attempts: 0, last_line: 150 });
      noServerErrors([...killed, last], [/the chunk after line 50 failed 3 times; its lines fail/]);
    } finally {
      await t.sql('DROP TRIGGER stall_die ON products');
      await t.sql('DROP FUNCTION stall_die()');
    }
  }, 120_000);
});
