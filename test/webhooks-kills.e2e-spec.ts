import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Worker, startWebhookWorker, uniquePrefix } from './send-quote.fixtures.js';
import { eventually } from './support/eventually.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * 150 events fanned out to 2 endpoints; the worker is SIGKILLed while the receiver holds its
 * requests (so it dies with a batch in flight), and a new worker takes over once the leases end:
 * every (endpoint, event) is received at least once and every delivery ends succeeded.
 */
describeE2E('webhooks: the worker killed mid-fan-out', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const workers: Worker[] = [];
  const received: { path: string; event: string }[] = [];
  const held: ServerResponse[] = [];
  let hold = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', event: String(req.headers['store-event-id']) });
      if (hold) held.push(res);
      else res.writeHead(200).end();
    });
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // With REDIS_URL set the api leaves delivery to the worker.
    t = await bootTestApp('webhooks_kills', {
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniquePrefix('webhooks'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    auth = { Authorization: `Bearer ${await t.token()}` };
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    for (const res of held) res.destroy();
    server.close();
    await t?.close();
  });

  it('every (endpoint, event) is received at least once, and every delivery ends succeeded', async () => {
    for (const path of ['/a', '/b'])
      await t.http
        .post('/webhook')
        .set(auth)
        .send({ url: `${base}${path}`, events: ['customergroup.*'] })
        .expect(201);
    for (let i = 0; i < 150; i++)
      await t.http
        .post('/customergroup')
        .set(auth)
        .send({ name: `Group ${i}`, api_code: `g${i}` })
        .expect(201);
    const pairs = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries');
    expect(pairs[0].n).toBe(300);

    const env = {
      DATABASE_URL: t.dbUrl,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Long enough that no held request times out before the kill: a timed-out attempt is a failure
      // retried after WEBHOOK_BACKOFF_MS (30 s), which is not what this spec is about.
      WEBHOOK_TIMEOUT_MS: '10000',
      WEBHOOK_LEASE_SECONDS: '2',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_BATCH_SIZE: '20',
    };
    workers.push(await startWebhookWorker(env));
    await eventually(() => expect(received.length).toBeGreaterThanOrEqual(60), { timeoutMs: 20_000 });
    hold = true;
    // The worker now waits on held requests: killed with them in flight.
    const inFlight = received.length;
    await eventually(() => expect(received.length).toBeGreaterThan(inFlight), { timeoutMs: 10_000 });
    await workers[0].stop('SIGKILL');
    for (const res of held.splice(0)) res.destroy();
    hold = false;

    workers.push(await startWebhookWorker(env));
    await eventually(
      async () => {
        const [row] = await t.sql<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'succeeded'");
        expect(row.n).toBe(0);
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const unique = new Set(received.map((r) => `${r.path} ${r.event}`));
    expect(unique.size).toBe(300);
    // At least once: what the killed worker had in flight may come twice, nothing more.
    expect(received.length - unique.size).toBeLessThanOrEqual(80);
  }, 90_000);
});
