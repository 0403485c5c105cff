import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Worker, heldByPid, pauseWorker, resumeWorker, startWebhookWorker, uniquePrefix } from './send-quote.fixtures.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { jsonLines, waitFor } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

interface Received {
  path: string;
  event: string;
  delivery: string;
  at: number;
}

/**
 * The leased claim of webhook deliveries, on real worker processes and a real HTTP receiver: a
 * worker SIGKILLed with a batch in flight has that batch taken over within 30 s of its death with
 * the default lease (WEBHOOK_LEASE_SECONDS 15, renewed every 5 s), every (endpoint, event) is
 * received, and only the batch in flight comes twice; a worker paused past its lease whose
 * deliveries another worker took over and delivered cannot record its own (late, failed) outcomes
 * when it comes back.
 */
describeE2E('webhooks: dead holders, fast and fenced', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const workers: Worker[] = [];
  const received: Received[] = [];
  /** Requests the receiver has not answered yet. */
  const held: { req: IncomingMessage; res: ServerResponse }[] = [];
  /** How the receiver answers a request: a status now, or hold it. */
  let answer: (req: IncomingMessage) => number | 'hold' = () => 200;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        event: String(req.headers['store-event-id']),
        delivery: String(req.headers['store-delivery-id']),
        at: Date.now(),
      });
      const a = answer(req);
      if (a === 'hold') held.push({ req, res });
      else res.writeHead(a).end();
    });
  });
  let base = '';

  const start = async (extra: Record<string, string>) => {
    const w = await startWebhookWorker({ DATABASE_URL: t.dbUrl, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50', ...extra });
    workers.push(w);
    return w;
  };
  const createEvents = async (n: number, from: number) => {
    for (let i = from; i < from + n; i++)
      await t.http
        .post('/customergroup')
        .set(auth)
        .send({ name: `Group ${i}`, api_code: `g${i}` })
        .expect(201);
  };

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // With REDIS_URL set the api leaves delivery to the worker.
    t = await bootTestApp('webhooks_takeover', {
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniquePrefix('webhooks-takeover'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    auth = { Authorization: `Bearer ${await t.token()}` };
  }, 60_000);
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop('SIGKILL');
    for (const h of held.splice(0)) h.res.destroy();
    received.splice(0);
    answer = () => 200;
    await t.sql('DELETE FROM webhooks');
  });
  afterAll(async () => {
    server.close();
    await t?.close();
  });

  it('a worker killed with a batch in flight: the batch is taken over within 30 s, every pair received, only that batch twice', async () => {
    for (const path of ['/a', '/b'])
      await t.http
        .post('/webhook')
        .set(auth)
        .send({ url: `${base}${path}`, events: ['customergroup.*'] })
        .expect(201);
    await createEvents(150, 0);
    const ids = (await t.sql<{ id: string }>('SELECT id::text AS id FROM webhook_deliveries')).map((r) => r.id);
    expect(ids.length).toBe(300);

    // Default lease; one claim of 20 at a time, and a timeout longer than the test so a held
    // request stays in flight.
    const tuning = { WEBHOOK_BATCH_SIZE: '20', WEBHOOK_CONCURRENCY: '1', WEBHOOK_TIMEOUT_MS: '60000' };
    const first = await start(tuning);
    await waitFor(() => received.length >= 100, '100 deliveries received');
    // The receiver stops answering: the worker's claim in flight is all it will hold.
    answer = () => 'hold';
    const inFlight = async () =>
      (
        await t.sql<{ id: string }>(
          `SELECT id::text AS id FROM webhook_deliveries WHERE lease_token IS NOT NULL AND ${heldByPid(first.pid)}`,
        )
      ).map((r) => r.id);
    await waitFor(async () => {
      const leased = await inFlight();
      const got = new Set(received.map((r) => r.delivery));
      return held.length > 0 && leased.length > 0 && leased.every((id) => got.has(id));
    }, 'every delivery the worker holds to reach the receiver');
    const killedAt = Date.now();
    expect(await first.stop('SIGKILL')).toBeNull();
    const orphaned = await inFlight();
    for (const h of held.splice(0)) h.res.destroy();
    answer = () => 200;

    const second = await start(tuning);
    await waitFor(
      async () => (await t.sql("SELECT id FROM webhook_deliveries WHERE status <> 'succeeded'")).length === 0,
      'every delivery to succeed',
      60_000,
    );
    const taken = await t.sql<{ holder_pid: string; last_ms: string; attempts: number[] }>(
      `SELECT split_part(lease_holder, ':', 2) AS holder_pid, (extract(epoch FROM max(claimed_at)) * 1000)::bigint::text AS last_ms,
              array_agg(DISTINCT attempts) AS attempts
         FROM webhook_deliveries WHERE id = ANY($1::bigint[]) GROUP BY 1`,
      [orphaned],
    );
    expect(taken).toEqual([{ holder_pid: String(second.pid), last_ms: expect.any(String), attempts: [2] }]);
    // The time the database recorded for the new claim, from the kill (the second worker's start included).
    const takeoverMs = Number(taken[0].last_ms) - killedAt;
    expect(takeoverMs).toBeLessThanOrEqual(30_000);

    const unique = new Set(received.map((r) => `${r.path} ${r.event}`));
    expect(unique.size).toBe(300);
    // Exactly the batch in flight at the death came twice (its requests reached the receiver, their outcome never recorded).
    expect(orphaned.length).toBeGreaterThan(0);
    expect(orphaned.length).toBeLessThanOrEqual(20);
    expect(received.length).toBe(300 + orphaned.length);
    const twice = Object.entries(
      received.reduce<Record<string, number>>((c, r) => ({ ...c, [r.delivery]: (c[r.delivery] ?? 0) + 1 }), {}),
    ).filter(([, n]) => n > 1);
    expect(twice.map(([id]) => id).sort()).toEqual([...orphaned].sort());
    process.stdout.write(
      `webhooks takeover: ${orphaned.length} claims of the killed worker taken over ${takeoverMs / 1000} s after the kill (worker start included); ${orphaned.length} requests twice\n`,
    );
  }, 120_000);

  it('a worker paused past its lease cannot record outcomes of deliveries another took over', async () => {
    await t.http
      .post('/webhook')
      .set(auth)
      .send({ url: `${base}/fence`, events: ['customergroup.*'] })
      .expect(201);
    await createEvents(10, 1000);
    const tuning = { WEBHOOK_BATCH_SIZE: '10', WEBHOOK_CONCURRENCY: '1', WEBHOOK_TIMEOUT_MS: '60000', WEBHOOK_LEASE_SECONDS: '2' };
    answer = () => 'hold';
    const first = await start(tuning);
    await waitFor(() => held.length === 10, "the first worker's ten requests at the receiver");
    pauseWorker(first);
    answer = () => 200;

    const second = await start(tuning);
    await waitFor(
      async () => (await t.sql(`SELECT id FROM webhook_deliveries WHERE status = 'succeeded' AND ${heldByPid(second.pid)}`)).length === 10,
      'the second worker to take over and deliver all ten',
      30_000,
    );
    const rows = () =>
      t.sql(
        'SELECT id, status, attempts, last_status_code, error, lease_holder, next_attempt_at, attempt_log FROM webhook_deliveries ORDER BY id',
      );
    const before = await rows();
    // Only the holder's attempt is on record: the paused worker's first attempt never reached the log.
    expect(before.map((r) => r.attempt_log)).toEqual(
      before.map(() => [{ attempt: 2, at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), error: null }]),
    );

    // The receiver answers the paused worker's requests with 500 (which it would record as a
    // failure to retry), then the worker comes back.
    for (const h of held.splice(0)) h.res.writeHead(500).end();
    resumeWorker(first);
    const refused = () => jsonLines(first.output()).filter((l) => /10 webhook delivery outcome\(s\) not recorded/.test(String(l.msg)));
    await waitFor(() => refused().length === 1, "the first worker's outcomes to be refused");
    expect(await rows()).toEqual(before);
    const [endpoint] = await t.sql<{ failing_since: Date | null; is_active: boolean }>('SELECT failing_since, is_active FROM webhooks');
    expect(endpoint).toEqual({ failing_since: null, is_active: true });
    expect(received.length).toBe(20);
    expect(new Set(received.map((r) => r.delivery)).size).toBe(10);
  }, 90_000);
});
