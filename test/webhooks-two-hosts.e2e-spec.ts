import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { type ApiProcess, freePort, startApi, startNode, stop, waitFor } from './support/processes.js';
import { describeE2E } from './support/test-app.js';

const ENDPOINTS = 8;
const BURST = 16;
const BURSTS_FOR_MS = 10_000;

/**
 * Two api processes on one database without Redis, so each delivers webhooks itself (four claim
 * loops each), under bursts of writes through both: their deliverers record what their batches said
 * about the same endpoints at the same time. The receiver fails about half of the first attempts, so
 * the endpoints' failure runs start and end in nearly every pass and each pass updates many endpoint
 * rows. Neither process may log a deadlock, and every event reaches every endpoint with exactly one
 * answered 200.
 */
describeE2E('webhooks: two api processes delivering under bursts', () => {
  let a: ApiProcess;
  let b: { child: ChildProcess; output: () => string };
  let bUrl = '';
  let db: pg.Client;
  /** Answered 200, per `path event`. */
  const succeeded = new Map<string, number>();
  /** Attempts seen per delivery id. */
  const attempts = new Map<string, number>();
  let failures = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const delivery = String(req.headers['store-delivery-id']);
      const n = (attempts.get(delivery) ?? 0) + 1;
      attempts.set(delivery, n);
      // A delivery's first attempt fails half the time (a 503 or a 500); its retry succeeds.
      if (n === 1 && Math.random() < 0.5) {
        failures++;
        res.writeHead(failures % 2 ? 503 : 500).end();
        return;
      }
      const key = `${req.url} ${String(req.headers['store-event-id'])}`;
      succeeded.set(key, (succeeded.get(key) ?? 0) + 1);
      res.writeHead(200).end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const env = {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_BACKOFF_MS: '50',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_BATCH_SIZE: '20',
      RATE_LIMIT_PER_MINUTE: '0',
    };
    a = await startApi('webhooks_two_hosts', env);
    const port = await freePort();
    bUrl = `http://127.0.0.1:${port}`;
    b = await startNode('main.js', { ...env, DATABASE_URL: a.dbUrl, PORT: String(port) }, /Listening on/);
    db = new pg.Client({ connectionString: a.dbUrl });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    server.close();
    if (b) await stop(b.child);
    await db?.end();
    await a?.close();
  });

  const post = async (url: string, path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.status;
  };

  it('bursts of writes through both: no deadlock logged, no 500, every event delivered to every endpoint once', async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (let i = 0; i < ENDPOINTS; i++) expect(await post(a.url, '/webhook', { url: `${base}/e${i}`, events: ['*'] })).toBe(201);

    const statuses = new Map<number, number>();
    let writes = 0;
    const until = Date.now() + BURSTS_FOR_MS;
    while (Date.now() < until) {
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) => {
          const n = writes + i;
          return post(n % 2 ? bUrl : a.url, '/customergroup', { name: `Group ${n}`, api_code: `g${n}` });
        }),
      );
      writes += BURST;
      for (const s of burst) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: writes });

    const pairs = writes * ENDPOINTS;
    await waitFor(
      async () => (await db.query("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'")).rows[0].n === pairs,
      `all ${pairs} deliveries to succeed`,
      60_000,
    );
    const { rows } = await db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY 1');
    expect(rows).toEqual([{ status: 'succeeded', n: pairs }]);
    expect(succeeded.size).toBe(pairs);
    expect([...succeeded.values()].filter((n) => n !== 1)).toEqual([]);
    // Both processes delivered, and the endpoints' rows were recorded by both at once often enough to matter.
    const holders = await db.query<{ n: number }>(
      "SELECT count(DISTINCT split_part(lease_holder, ':', 2))::int AS n FROM webhook_deliveries",
    );
    expect(holders.rows[0].n).toBe(2);
    expect(failures).toBeGreaterThan(0);

    const deadlocks = [...a.output().split('\n'), ...b.output().split('\n')].filter((l) => /deadlock/i.test(l));
    expect(deadlocks).toEqual([]);
    process.stdout.write(
      `webhooks two hosts: ${writes} writes in bursts of ${BURST} over ${BURSTS_FOR_MS / 1000} s, ${pairs} deliveries to ${ENDPOINTS} endpoints, ${failures} first attempts failed, 0 deadlocks\n`,
    );
  }, 120_000);
});
