import { request } from 'node:http';
import { STORE_URL, dropQueueKeys, startWorker, uniquePrefix, type Worker } from './send-quote.fixtures.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, freePort, startApi, waitFor } from './support/processes.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { describeE2E } from './support/test-app.js';

/** The value of one series of a Prometheus text exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const have = Object.fromEntries([...(m[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[2]);
  }
  return undefined;
}

const scrape = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** A GET on a connection of its own (no keep-alive), so a cluster may hand each to another process. */
const get = (url: string, token: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });

const COUNTRIES_200 = { method: 'GET', route: '/countries', status: '200' };

describeE2E('Prometheus metrics', () => {
  describe('one api process and a worker', () => {
    const prefix = uniquePrefix('metrics');
    let sink: SmtpSink;
    let api: ApiProcess;
    let worker: Worker;
    let metricsPort: number;
    let workerMetricsPort: number;

    beforeAll(async () => {
      sink = await startSmtpSink();
      metricsPort = await freePort();
      workerMetricsPort = await freePort();
      const env = { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, SMTP_URL: sink.url, STORE_URL };
      api = await startApi('metrics', { ...env, METRICS_PORT: String(metricsPort), RATE_LIMIT_PER_MINUTE: '40' });
      worker = await startWorker({ ...env, DATABASE_URL: api.dbUrl, WORKER_METRICS_PORT: String(workerMetricsPort) });
    }, 90_000);
    afterAll(async () => {
      await worker?.stop();
      await api?.close();
      await sink?.close();
      await dropQueueKeys(prefix);
    });

    it('counts and times requests by method, route template and status, on its own port only', async () => {
      const before = (await scrape(metricsPort)) ?? '';
      for (let i = 0; i < 3; i++) expect(await get(`${api.url}/countries`, api.token)).toBe(200);
      expect(await get(`${api.url}/country/ZZ`, api.token)).toBe(404);
      expect(await get(`${api.url}/nowhere/at/all`, api.token)).toBe(404);
      expect(await get(`${api.url}/countries`, 'sk_wrong')).toBe(401);
      const after = await scrape(metricsPort);
      const grew = (labels: Record<string, string>) =>
        (sample(after, 'http_requests_total', labels) ?? 0) - (sample(before, 'http_requests_total', labels) ?? 0);
      expect(grew(COUNTRIES_200)).toBe(3);
      expect(grew({ method: 'GET', route: '/country/:id', status: '404' })).toBe(1);
      expect(grew({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
      expect(grew({ method: 'GET', route: '/countries', status: '401' })).toBe(1);
      expect(sample(after, 'http_request_duration_seconds_count', COUNTRIES_200)).toBe(sample(after, 'http_requests_total', COUNTRIES_200));
      expect(sample(after, 'http_request_duration_seconds_bucket', { ...COUNTRIES_200, le: '+Inf' })).toBe(
        sample(after, 'http_requests_total', COUNTRIES_200),
      );
      // The scrape's own request is not in flight any more; nothing else is running.
      expect(sample(after, 'http_requests_in_flight')).toBe(0);
      expect(sample(after, 'db_pool_connections')).toBeGreaterThan(0);
      expect(sample(after, 'bull_queue_jobs', { queue: 'send-quote', state: 'failed' })).toBe(0);
      expect(sample(after, 'process_resident_memory_bytes', { process: 'api' })).toBeGreaterThan(0);
      // Never on the API's port.
      expect(await get(`${api.url}/metrics`, api.token)).toBe(404);
    });

    it("counts the worker's deliveries by outcome on the worker's port", async () => {
      const before = await scrape(workerMetricsPort);
      const auth = { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' };
      const created = await fetch(`${api.url}/quote`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Measured', customer_emails: ['a@example.com', 'b@example.com'] }),
      });
      const quote = ((await created.json()) as { data: { id: number } }).data;
      expect((await fetch(`${api.url}/quote/${quote.id}/send-quote`, { method: 'POST', headers: auth })).status).toBe(202);
      const sent = (text: string) => sample(text, 'quote_deliveries_total', { outcome: 'sent' }) ?? 0;
      const after = await waitFor(async () => {
        const text = await scrape(workerMetricsPort);
        return sent(text) - sent(before) === 2 ? text : null;
      }, 'two deliveries counted as sent');
      expect(sample(after, 'process_resident_memory_bytes', { process: 'worker' })).toBeGreaterThan(0);
      expect(sample(after, 'bull_queue_jobs', { queue: 'send-quote', state: 'active' })).toBeDefined();
      expect(sink.accepted()).toHaveLength(2);
    });

    it('counts rate-limit refusals', async () => {
      const before = sample(await scrape(metricsPort), 'rate_limit_refusals_total') ?? 0;
      const statuses: number[] = [];
      while (!statuses.includes(429) && statuses.length < 60) statuses.push(await get(`${api.url}/countries`, api.token));
      expect(statuses.at(-1)).toBe(429);
      expect(await get(`${api.url}/countries`, api.token)).toBe(429);
      expect((sample(await scrape(metricsPort), 'rate_limit_refusals_total') ?? 0) - before).toBe(2);
    });
  });

  describe('WEB_CONCURRENCY=2', () => {
    let api: ApiProcess;
    let metricsPort: number;
    const prefix = uniquePrefix('metrics-cluster');

    beforeAll(async () => {
      metricsPort = await freePort();
      api = await startApi('metrics_cluster', {
        WEB_CONCURRENCY: '2',
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        METRICS_PORT: String(metricsPort),
        RATE_LIMIT_PER_MINUTE: '0',
      });
      // The primary answers once every api process has sent it its figures.
      await waitFor(
        async () => (sample(await scrape(metricsPort), 'nodejs_heap_size_total_bytes', { process: 'api' }) ?? 0) > 0,
        'metrics',
      );
    }, 90_000);
    afterAll(async () => {
      await api?.close();
      await dropQueueKeys(prefix);
    });

    it('one scrape of the primary sums every api process', async () => {
      const before = sample(await scrape(metricsPort), 'http_requests_total', COUNTRIES_200) ?? 0;
      for (let i = 0; i < 10; i++) expect(await get(`${api.url}/countries`, api.token)).toBe(200);
      const after = await scrape(metricsPort);
      expect((sample(after, 'http_requests_total', COUNTRIES_200) ?? 0) - before).toBe(10);
      // Two pools of connections, one per process, summed.
      expect(sample(after, 'db_pool_connections')).toBeGreaterThanOrEqual(2);
    });
  });
});
