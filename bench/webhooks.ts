import { createServer } from 'node:http';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { EventsRepository, type NewEvent } from '../src/modules/webhooks/events.repository.js';
import { WebhookEvent } from '../src/modules/webhooks/event.entity.js';
import { WebhookDelivery } from '../src/modules/webhooks/webhook-delivery.entity.js';
import { Webhook } from '../src/modules/webhooks/webhook.entity.js';
import { cpuMs, freePort, peakRssMiB, startWorker, stopProcess, writeAsDefaultStore } from './harness.js';

export interface WebhooksFigure {
  events: number;
  endpoints: number;
  /** (endpoint, event) pairs received at least once. */
  delivered: number;
  seconds: number;
  /** Distinct deliveries from the first receipt to the last. */
  deliveries_per_s: number;
  /** Receipts beyond the first of an (endpoint, event) pair. */
  duplicates: number;
  /** (endpoint, event) pairs never received. */
  missing: number;
  /** Peak RSS of the worker, MiB. */
  worker_rss_mib: number;
  /** The worker's CPU time per delivery, ms (what the machine's other load does not blur). */
  worker_cpu_ms_per_delivery: number;
  batch_size: number;
  concurrency: number;
}

type Api = <T = { data: { id: number } }>(method: string, path: string, body?: unknown) => Promise<T>;

/** A receiver that answers 200 at once and counts each (endpoint, Store-Event-Id). */
async function receiver() {
  const received = new Map<string, number>();
  let first = 0;
  let last = 0;
  let total = 0;
  const server = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => {
      const now = performance.now();
      if (total++ === 0) first = now;
      last = now;
      const key = `${req.url} ${String(req.headers['store-event-id'])}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      res.writeHead(200, { 'content-length': '0' });
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    total: () => total,
    span: () => (last - first) / 1000,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Webhook fan-out: two endpoints on a local receiver subscribe to `quote.updated`; `events` events
 * are recorded with the application's own statement (EventsRepository.recordEvents, 1,000 a
 * statement, in one transaction) while ONE worker runs the deliverer; deliveries/s from the first receipt to the last.
 */
export async function measureWebhooks(api: Api, env: Record<string, string>, databaseUrl: string, events: number): Promise<WebhooksFigure> {
  const sink = await receiver();
  const endpoints = [`${sink.url}/a`, `${sink.url}/b`];
  for (const url of endpoints) await api('POST', '/webhook', { url, events: ['quote.updated'], description: 'bench' });
  const list = await api<{ data: { id: number }[] }>('GET', '/quotes?limit=1');
  const quote = await api<{ data: { id: number } & Record<string, unknown> }>('GET', `/quote/${list.data[0].id}`);
  const worker = await startWorker(env);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The repository's statement on a plain pg connection (runStatement falls back to `m.query`).
  const m = {
    connection: { driver: {} },
    query: (sql: string, params: unknown[]) => client.query(sql, params).then((r) => r.rows),
  } as unknown as EntityManager;
  // The repository names its tables from the entities' mapping; the bench has no DataSource, only the names.
  const tables = new Map<unknown, string>([
    [WebhookEvent, 'events'],
    [Webhook, 'webhooks'],
    [WebhookDelivery, 'webhook_deliveries'],
  ]);
  const repository = new EventsRepository({ getMetadata: (e: unknown) => ({ tableName: tables.get(e) }) } as unknown as DataSource);
  const expected = events * endpoints.length;
  const ids: string[] = [];
  try {
    const before = (await client.query<{ max: string | null }>('SELECT max(id)::text AS max FROM events')).rows[0].max ?? '0';
    const cpuBefore = cpuMs(worker.pid!);
    const recordStarted = performance.now();
    // One transaction: the worker sees all of them at once, so the figure is the deliverer's alone.
    await client.query('BEGIN');
    await writeAsDefaultStore(client);
    for (let done = 0; done < events;) {
      const n = Math.min(1000, events - done);
      const batch: NewEvent[] = Array.from({ length: n }, () => ({
        type: 'quote.updated',
        resource: 'quote',
        resource_id: quote.data.id,
        data: quote.data,
      }));
      await repository.recordEvents(m, batch);
      done += n;
    }
    await client.query('COMMIT');
    if (process.env.BENCH_WORKER_PROFILE) worker.kill('SIGUSR2');
    const recordSeconds = (performance.now() - recordStarted) / 1000;
    const rows = await client.query<{ id: string }>(
      `SELECT id::text AS id FROM events WHERE id > $1 AND type = 'quote.updated' ORDER BY id`,
      [before],
    );
    ids.push(...rows.rows.map((r) => r.id));
    console.error(`webhooks: ${ids.length} events recorded in ${recordSeconds.toFixed(2)} s (${expected} deliveries queued)`);

    const started = Date.now();
    let lastProgress = started;
    let lastCount = -1;
    let stalledSince = started;
    while (sink.received.size < expected && Date.now() - started < 600_000) {
      await new Promise((r) => setTimeout(r, 20));
      if (sink.received.size !== lastCount) {
        lastCount = sink.received.size;
        stalledSince = Date.now();
      } else if (Date.now() - stalledSince > 60_000) break;
      if (Date.now() - lastProgress >= 5000) {
        lastProgress = Date.now();
        console.error(`webhooks: ${sink.received.size} of ${expected} deliveries received…`);
      }
    }
    if (process.env.BENCH_WORKER_PROFILE) worker.kill('SIGUSR2');
    // A duplicate could still be on its way: give it a moment before counting.
    await new Promise((r) => setTimeout(r, 1000));
    const eventIds = ids.map((id) => `evt_${id}`);
    let missing = 0;
    for (const path of ['/a', '/b']) for (const id of eventIds) if (!sink.received.has(`${path} ${id}`)) missing++;
    const delivered = sink.received.size;
    const workerCpu = cpuMs(worker.pid!) - cpuBefore;
    const duplicates = sink.total() - delivered;
    const seconds = sink.span();
    const figure: WebhooksFigure = {
      events: ids.length,
      endpoints: endpoints.length,
      delivered,
      seconds: Number(seconds.toFixed(2)),
      deliveries_per_s: Math.round(delivered / Math.max(seconds, 0.001)),
      duplicates,
      missing,
      worker_rss_mib: peakRssMiB(worker.pid!),
      worker_cpu_ms_per_delivery: Number((workerCpu / Math.max(1, delivered)).toFixed(3)),
      batch_size: Number(env.WEBHOOK_BATCH_SIZE ?? process.env.WEBHOOK_BATCH_SIZE ?? 100),
      concurrency: Number(env.WEBHOOK_CONCURRENCY ?? process.env.WEBHOOK_CONCURRENCY ?? 4),
    };
    console.error(
      `webhooks: ${delivered} of ${expected} deliveries received in ${figure.seconds} s → ${figure.deliveries_per_s}/s; ` +
        `${duplicates} duplicates, ${missing} missing; worker peak RSS ${figure.worker_rss_mib} MiB, ` +
        `CPU ${figure.worker_cpu_ms_per_delivery} ms per delivery`,
    );
    return figure;
  } finally {
    await client.end();
    await stopProcess(worker);
    await sink.close();
  }
}
