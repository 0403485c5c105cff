import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type Figure, ROOT, type Scenario, benchDatabase, measure, mintKey, peakRssMiB, startApi, table } from './harness.js';

/**
 * `npm run bench`: throughput and latency of the API against a raw baseline (node:http + pg reading
 * one row), then send-quote throughput through Redis, the worker and a local SMTP sink, and peak
 * memory. Everything runs on this machine against one PostgreSQL and one Redis. It prints figures
 * and asserts nothing. BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune a run;
 * BENCH_DELIVERIES (default 1000) sizes the e-mail run.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const deliveries = Number(process.env.BENCH_DELIVERIES ?? 1000);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function api<T = { data: { id: number } }>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A sink that accepts every message and counts them. */
async function smtpSink(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, cb) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        count++;
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return { port, count: () => count, close: () => new Promise((r) => server.close(() => r())) };
}

async function main(): Promise<void> {
  const db = await benchDatabase();
  const sink = await smtpSink();
  const prefix = `bench-${process.pid}`;
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    QUEUE_PREFIX: prefix,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  };
  const apiPort = 3900;
  const apiProcess = await startApi({ ...env, PORT: String(apiPort) });
  let worker: ChildProcess | null = null;
  const token = mintKey(db.url);
  const base = `http://127.0.0.1:${apiPort}`;
  try {
    // A catalog of 10 products, a customer with a shipping address, and 60 quotes of 10 items.
    await api(base, token, 'POST', '/country', { name: 'United States', code: 'US' });
    await api(base, token, 'POST', '/country/US', { name: 'California', code: 'CA' });
    const taxClass = await api(base, token, 'POST', '/taxclass', { name: 'Standard', is_default: 1 });
    await api(base, token, 'POST', `/taxclass/${taxClass.data.id}/rate`, { country: 'US', state: 'CA', rate: '7.25' });
    const products: number[] = [];
    for (let i = 0; i < 10; i++)
      products.push(
        (await api(base, token, 'POST', '/product', { name: `Product ${i}`, sku: `P-${i}`, base_price: `${10 + i}.50` })).data.id,
      );
    const customer = await api(base, token, 'POST', '/customer', { email: 'bench@example.com', first_name: 'Bench' });
    await api(base, token, 'POST', `/customer/${customer.data.id}/addresses`, {
      kind: 'shipping',
      country_code: 'US',
      state_code: 'CA',
      city: 'LA',
    });
    const items = products.map((product_id, i) => ({ product_id, quantity: i + 1 }));
    const quote = await api(base, token, 'POST', '/quote', { name: 'Bench quote', customer_id: customer.data.id, items });
    for (let i = 0; i < 59; i++) await api(base, token, 'POST', '/quote', { name: `Quote ${i}`, customer_id: customer.data.id, items });

    const pool = new pg.Pool({ connectionString: db.url, max: 20 });
    const baseline = createServer((_req, res) => {
      pool.query('SELECT * FROM quotes WHERE id = 1').then(
        (r) => {
          const body = JSON.stringify({ meta: { status: 200, success: true }, data: r.rows[0] });
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
          res.end(body);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
    await new Promise<void>((r) => baseline.listen(3901, '127.0.0.1', r));

    let n = 0;
    const scenarios: Scenario[] = [
      { name: 'GET /quote/{id} (10 items, embed customer)', path: `/quote/${quote.data.id}?embed=customer` },
      { name: 'GET /quotes?limit=50', path: '/quotes?limit=50' },
      { name: 'POST /quote (3 items)', method: 'POST', path: '/quote', body: () => ({ name: `Load ${n++}`, items: items.slice(0, 3) }) },
      { name: 'PATCH /quote/{id} (name)', method: 'PATCH', path: `/quote/${quote.data.id}`, body: () => ({ name: `Renamed ${n++}` }) },
    ];
    console.error(`Measuring ${seconds}s per scenario with ${connections} connections…`);
    const raw = await measure(
      'http://127.0.0.1:3901',
      null,
      { name: 'baseline: node:http + pg, one row', path: '/' },
      seconds,
      connections,
    );
    const figures: Figure[] = [raw];
    for (const s of scenarios) figures.push(await measure(base, token, s, seconds, connections));
    baseline.close();
    await pool.end();
    console.log(table(figures, raw));

    // send-quote throughput: quotes with 100 recipients each, delivered by one worker.
    worker = spawn(process.execPath, [join(ROOT, 'dist/src/worker.js')], { env: { ...process.env, ...env }, stdio: 'ignore' });
    const perQuote = 100;
    const quotes = Math.ceil(deliveries / perQuote);
    const sendIds: number[] = [];
    for (let q = 0; q < quotes; q++) {
      const emails = Array.from({ length: Math.min(perQuote, deliveries - q * perQuote) }, (_, i) => `r${q}-${i}@example.com`);
      sendIds.push(
        (await api(base, token, 'POST', '/quote', { name: `Mailing ${q}`, customer_emails: emails, items: items.slice(0, 3) })).data.id,
      );
    }
    const started = Date.now();
    for (const id of sendIds) await api(base, token, 'POST', `/quote/${id}/send-quote`, {});
    const accepted = Date.now();
    while (sink.count() < deliveries && Date.now() - started < 300_000) await new Promise((r) => setTimeout(r, 50));
    const elapsed = (Date.now() - started) / 1000;
    console.log(
      `\nsend-quote: ${deliveries} deliveries in ${sendIds.length} requests accepted in ${((accepted - started) / 1000).toFixed(2)} s; ` +
        `${sink.count()} messages received in ${elapsed.toFixed(2)} s → ${(sink.count() / elapsed).toFixed(0)} messages/s`,
    );
    console.log(`API peak RSS: ${peakRssMiB(apiProcess.pid!)} MiB; worker peak RSS: ${peakRssMiB(worker.pid!)} MiB`);
  } finally {
    worker?.kill('SIGTERM');
    apiProcess.kill('SIGTERM');
    await new Promise((r) => apiProcess.once('exit', r));
    await sink.close();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
