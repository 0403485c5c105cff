import { type Server, createServer } from 'node:http';
import type { Queue } from 'bull';
import client, { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * Prometheus metrics (prom-client, its default registry): counters the code increments wherever the
 * thing happens, and gauges read when a scrape comes. They are served only on METRICS_PORT (api) or
 * WORKER_METRICS_PORT (worker), never on the API's port; without the port nothing is served and the
 * per-request histogram is not even installed.
 */
export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the end of its response, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const httpInFlight = new client.Gauge({
  name: 'http_requests_in_flight',
  help: 'Requests being served right now.',
});

export const rateLimitRefusals = new client.Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 because their API key spent its budget.',
});

export const deliveryOutcomes = new client.Counter({
  name: 'quote_deliveries_total',
  help: 'Quote e-mail delivery attempts by outcome: sent, retry (a temporary failure, tried again later), failed (for good), skipped (already done), superseded (taken over by another worker meanwhile; not recorded by this one).',
  labelNames: ['outcome'] as const,
});

interface PgPoolCounts {
  totalCount?: number;
  idleCount?: number;
  waitingCount?: number;
}

/** The database pool's connections (total, idle) and the statements waiting for one. */
export function watchPool(pool: () => PgPoolCounts | undefined): void {
  const gauge = (name: string, help: string, read: (p: PgPoolCounts) => number | undefined) =>
    new client.Gauge({
      name,
      help,
      collect() {
        const p = pool();
        this.set(p ? (read(p) ?? 0) : 0);
      },
    });
  gauge('db_pool_connections', 'Connections the database pool holds.', (p) => p.totalCount);
  gauge('db_pool_idle_connections', 'Connections of the pool not in use.', (p) => p.idleCount);
  gauge('db_pool_waiting_requests', 'Statements waiting for a connection of the pool.', (p) => p.waitingCount);
}

/** Jobs per Bull queue and state, read at each scrape (a Redis that does not answer within 1 s reads as absent). */
export function watchQueues(queues: () => Queue[]): void {
  new client.Gauge({
    name: 'bull_queue_jobs',
    help: 'Jobs in each Bull queue by state: waiting, active, delayed, failed.',
    labelNames: ['queue', 'state'] as const,
    async collect() {
      this.reset();
      await Promise.all(
        queues().map(async (queue) => {
          const counts = await Promise.race([
            queue.getJobCounts(),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000).unref()),
          ]).catch(() => null);
          if (!counts) return;
          for (const state of ['waiting', 'active', 'delayed', 'failed'] as const) this.set({ queue: queue.name, state }, counts[state]);
        }),
      );
    },
  });
}

let defaultsOn = false;

/** Process metrics (CPU, memory, event loop lag, handles), with a `process` label. */
export function collectProcessMetrics(process: 'api' | 'worker'): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.register.setDefaultLabels({ process });
  client.collectDefaultMetrics();
}

/**
 * Serves GET /metrics on `port` (127.0.0.1 and every other interface, like the API). In the primary
 * of a cluster it asks every api process for its figures and answers their sum (prom-client's
 * aggregator), so one scrape shows the whole cluster.
 */
export function serveMetrics(port: number, opts: { cluster?: boolean } = {}): Promise<Server> {
  const aggregator = opts.cluster ? new AggregatorRegistry<typeof client.Registry.PROMETHEUS_CONTENT_TYPE>() : null;
  const registry: Registry = client.register;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics.\n');
      return;
    }
    const body: Promise<string> = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    body.then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (err: unknown) =>
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Metrics unavailable: ${(err as Error).message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
