import { createServer } from 'node:http';
import pg from 'pg';
import {
  type Figure,
  type Scenario,
  benchDatabase,
  cpuSince,
  databaseCpuMs,
  countStatements,
  cpuMs,
  freePort,
  measure,
  mintKey,
  peakRssMiB,
  startApi,
  stopProcess,
  table,
} from './harness.js';
import { batchBody, measureBatch } from './batch.js';
import { type ImportFigure, importLine, measureImport } from './import.js';
import { listFloor } from './list-floor.js';
import { type MoveFigure, measureMove } from './move.js';
import { type PdfHealth, measurePdfHealth } from './pdf-health.js';
import { measureSendFloor, measureSendQuote, smtpSink } from './send-quote.js';
import { measureWebhooks } from './webhooks.js';
import { type StoreDirectoryFigure, measureStoreDirectory } from './store-directory.js';
import { type StoresFigure, measureStores } from './stores.js';

/**
 * `npm run bench`: throughput and latency of the API against raw floors (node:http + pg), then
 * send-quote throughput through Redis, the worker and a local SMTP sink, and peak memory.
 * Everything runs on this machine against one PostgreSQL and one Redis. It prints figures and
 * asserts nothing; `-- --json` adds one JSON object as the last line. BENCH_SECONDS (default 10)
 * and BENCH_CONNECTIONS (default 50) tune a run; BENCH_DELIVERIES (default 1000) sizes the e-mail run,
 * BENCH_WEBHOOK_EVENTS (default 10000) the webhook fan-out (to two endpoints). `-- --only a,b` (or
 * BENCH_SCENARIOS=a,b) measures only those scenarios (keys below, `metrics`, `send_quote`, `webhooks`, `pdf_health`, `store_directory`, `stores`;
 * `batch` and `import`, BENCH_IMPORT_PRODUCTS (default 100000), and `move`, BENCH_MOVE_PRODUCTS and
 * BENCH_MOVE_QUOTES (default 10000 each), run only when named).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const deliveries = Number(process.env.BENCH_DELIVERIES ?? 1000);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const webhookEvents = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const json = process.argv.includes('--json');
const onlyArg = process.argv.indexOf('--only');
/** `--only a,b` or BENCH_SCENARIOS=a,b: only those scenarios are measured. */
const only = (onlyArg >= 0 ? process.argv[onlyArg + 1] : process.env.BENCH_SCENARIOS)?.split(',');

/** A node:http server answering every request from `answer`; the floor the api is compared with. */
async function floorServer(answer: () => Promise<string>): Promise<{ url: string; close: () => void }> {
  const server = createServer((_req, res) => {
    answer().then(
      (body) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** The store's address in the bench's cart links (the api's, the worker's and the list floor's). */
const BENCH_STORE_URL = 'https://shop.example.test';

async function main(): Promise<void> {
  const db = await benchDatabase();
  const sink = await smtpSink();
  const prefix = `bench-${process.pid}`;
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    // A worker that sends e-mail needs the store's address for its links (it is not the worker's).
    STORE_URL: BENCH_STORE_URL,
    QUEUE_PREFIX: prefix,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    // The webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  };
  const apiPort = await freePort();
  const apiProcess = await startApi({ ...env, PORT: String(apiPort) });
  const token = mintKey(db.url);
  const base = `http://127.0.0.1:${apiPort}`;
  const api = async <T = { data: { id: number } }>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  try {
    // A catalog of 50 products, a customer with a shipping address, and 60 quotes of 10 items.
    await api('POST', '/country', { name: 'United States', code: 'US' });
    await api('POST', '/country/US', { name: 'California', code: 'CA' });
    const taxClass = await api('POST', '/taxclass', { name: 'Standard', is_default: 1 });
    await api('POST', `/taxclass/${taxClass.data.id}/rate`, { country: 'US', state: 'CA', rate: '7.25' });
    const products: number[] = [];
    for (let i = 0; i < 50; i++)
      products.push(
        (
          await api('POST', '/product', {
            name: `Product ${i}`,
            sku: `P-${i}`,
            base_price: `${10 + i}.50`,
            description: `<p>Product <b>${i}</b> of the bench catalog.</p>`,
          })
        ).data.id,
      );
    const customer = await api('POST', '/customer', { email: 'bench@example.com', first_name: 'Bench' });
    await api('POST', `/customer/${customer.data.id}/addresses`, { kind: 'shipping', country_code: 'US', state_code: 'CA', city: 'LA' });
    const items = products.slice(0, 10).map((product_id, i) => ({ product_id, quantity: i + 1 }));
    const quote = await api('POST', '/quote', { name: 'Bench quote', customer_id: customer.data.id, items });
    for (let i = 0; i < 59; i++) await api('POST', '/quote', { name: `Quote ${i}`, customer_id: customer.data.id, items });

    const pool = new pg.Pool({ connectionString: db.url, max: 20 });
    const baseline = await floorServer(async () => {
      const r = await pool.query('SELECT * FROM quotes WHERE id = 1');
      return JSON.stringify({ meta: { status: 200, success: true }, data: r.rows[0] });
    });

    let n = 0;
    const scenarios: (Scenario & { key: string })[] = [
      { key: 'get_quote', name: 'GET /quote/{id} (10 items, embed customer)', path: `/quote/${quote.data.id}?embed=customer` },
      { key: 'list_quotes', name: 'GET /quotes?limit=50', path: '/quotes?limit=50' },
      {
        key: 'post_quote',
        name: 'POST /quote (3 items)',
        method: 'POST',
        path: '/quote',
        body: () => ({ name: `Load ${n++}`, items: items.slice(0, 3) }),
      },
      {
        key: 'patch_quote',
        name: 'PATCH /quote/{id} (name)',
        method: 'PATCH',
        path: `/quote/${quote.data.id}`,
        body: () => ({ name: `Renamed ${n++}` }),
      },
      { key: 'get_product', name: 'GET /product/{id}', path: `/product/${products[0]}` },
      { key: 'list_products', name: 'GET /products?limit=50', path: '/products?limit=50' },
    ];
    // The batch is counted here (one request of 1,000 products) and timed request by request below, not under load.
    const batchCategory = only?.includes('batch') ? (await api('POST', '/category', { name: 'Batch' })).data.id : null;
    if (batchCategory !== null)
      scenarios.push({
        key: 'batch',
        name: 'PUT /products (1,000 products)',
        method: 'PUT',
        path: '/products',
        body: () => batchBody('C', batchCategory),
      });
    // Statements per request, counted one request at a time in an app booted in this process.
    const { counts: statements, recorded, decodeQuoteSet } = await countStatements(db.url, token, scenarios);
    const floor = await floorServer(listFloor(pool, recorded.list_quotes, decodeQuoteSet, 50, BENCH_STORE_URL));
    // The floor must answer the api's document, or its ratio means nothing.
    const [fromApi, fromFloor] = await Promise.all([
      api<{ data: unknown }>('GET', '/quotes?limit=50'),
      fetch(floor.url).then((r) => r.json()),
    ]);
    const sameDocument = JSON.stringify(fromApi) === JSON.stringify(fromFloor);
    if (!sameDocument) console.error('warning: the list floor does not answer the same document as GET /quotes?limit=50');

    console.error(`Measuring ${seconds}s per scenario with ${connections} connections, on Node ${process.versions.node}…`);
    const raw = await measure(baseline.url, null, { name: 'baseline: node:http + pg, one row', path: '/' }, seconds, connections);
    const listRaw = await measure(
      floor.url,
      null,
      { name: 'list floor: node:http + pg, GET /quotes?limit=50 document', path: '/' },
      seconds,
      connections,
    );
    const figures: Figure[] = [raw, listRaw];
    const measured: Record<string, Figure> = {};
    const cpuPerRequest: Record<string, number> = {};
    const dbCpuPerRequest: Record<string, number | null> = {};
    for (const s of scenarios) {
      if ((only && !only.includes(s.key)) || s.key === 'batch') continue;
      // BENCH_CPU_PROFILE: the api's profile covers the measured requests only (see cpu-profile.ts).
      if (process.env.BENCH_CPU_PROFILE) apiProcess.kill('SIGUSR2');
      const cpuBefore = cpuMs(apiProcess.pid!);
      const dbBefore = await databaseCpuMs(pool, db.name);
      measured[s.key] = await measure(base, token, s, seconds, connections);
      // The api's own CPU per request, and PostgreSQL's for it: what the machine's other load cannot blur.
      const requests = Math.max(1, measured[s.key].requests);
      cpuPerRequest[s.key] = Number(((cpuMs(apiProcess.pid!) - cpuBefore) / requests).toFixed(2));
      const dbAfter = await databaseCpuMs(pool, db.name);
      dbCpuPerRequest[s.key] = dbAfter.size ? Number((cpuSince(dbBefore, dbAfter) / requests).toFixed(2)) : null;
      if (process.env.BENCH_CPU_PROFILE) apiProcess.kill('SIGUSR2');
      figures.push(measured[s.key]);
    }
    // Metrics on vs off: GET /quote/{id} against two fresh api processes, one with METRICS_PORT set,
    // both warmed alike and measured in turns (off, on, off, on), so neither the age of a process
    // nor drift of the machine falls on one side only.
    let metricsCost: { rps_off: number; rps_on: number; ratio: number; cpu_ms_off: number; cpu_ms_on: number } | null = null;
    if (!only || only.includes('metrics')) {
      const metricsPort = await freePort();
      const offPort = await freePort();
      const onPort = await freePort();
      const without = await startApi({ ...env, PORT: String(offPort) });
      const withMetrics = await startApi({ ...env, PORT: String(onPort), METRICS_PORT: String(metricsPort) });
      const get = scenarios.find((s) => s.key === 'get_quote')!;
      const sides = [
        ['off', without, `http://127.0.0.1:${offPort}`],
        ['on', withMetrics, `http://127.0.0.1:${onPort}`],
      ] as const;
      const turns = { off: { requests: 0, seconds: 0, cpu: 0 }, on: { requests: 0, seconds: 0, cpu: 0 } };
      try {
        for (const [, , url] of sides) await measure(url, token, get, Math.max(2, seconds / 2), connections);
        for (let round = 0; round < 2; round++) {
          for (const [side, proc, url] of sides) {
            const cpuBefore = cpuMs(proc.pid!);
            const f = await measure(url, token, get, Math.max(2, seconds / 2), connections);
            turns[side].cpu += cpuMs(proc.pid!) - cpuBefore;
            turns[side].requests += f.requests;
            turns[side].seconds += Math.max(2, seconds / 2);
          }
        }
        const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
        if (!scraped.includes('http_requests_total')) console.error('warning: the metrics endpoint shows no request counts');
      } finally {
        for (const [, proc] of sides) await stopProcess(proc);
      }
      const rps = (t: { requests: number; seconds: number }) => Math.round(t.requests / t.seconds);
      metricsCost = {
        rps_off: rps(turns.off),
        rps_on: rps(turns.on),
        ratio: Number((rps(turns.on) / rps(turns.off)).toFixed(3)),
        cpu_ms_off: Number((turns.off.cpu / Math.max(1, turns.off.requests)).toFixed(3)),
        cpu_ms_on: Number((turns.on.cpu / Math.max(1, turns.on.requests)).toFixed(3)),
      };
      console.error(
        `metrics on vs off (GET /quote/{id}): ${metricsCost.rps_on} vs ${metricsCost.rps_off} req/s (${metricsCost.ratio}), ` +
          `api CPU ${metricsCost.cpu_ms_on} vs ${metricsCost.cpu_ms_off} ms per request`,
      );
    }
    const batch = batchCategory === null ? null : await measureBatch(base, token, pool, batchCategory);
    baseline.close();
    floor.close();
    await pool.end();
    console.log(table(figures, raw));
    if (Object.keys(cpuPerRequest).length > 0)
      console.log(
        `\napi CPU per request (ms): ${Object.entries(cpuPerRequest)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}\nPostgreSQL CPU per request (ms): ${Object.entries(dbCpuPerRequest)
          .map(([k, v]) => `${k} ${v ?? 'n/a'}`)
          .join(', ')}`,
      );
    if (measured.list_quotes)
      console.log(`\nGET /quotes?limit=50 vs the list floor: ${(measured.list_quotes.rps / listRaw.rps).toFixed(2)}`);

    const mail = only && !only.includes('send_quote') ? null : await measureSendQuote(api, env, sink, items.slice(0, 3), deliveries);
    // The same messages by a bare nodemailer pool to the same sink, right after: send-quote's own floor.
    const sendFloor = mail?.messages ? await measureSendFloor(sink, deliveries, mail.message_bytes) : null;
    const ratioToFloor = mail && sendFloor ? Number((mail.messages_per_s / sendFloor.messages_per_s).toFixed(3)) : null;
    if (mail)
      console.log(
        `\nsend-quote: ${mail.messages} messages received in ${mail.seconds} s → ${mail.messages_per_s} messages/s ` +
          `(${mail.workers} worker${mail.workers === 1 ? '' : 's'}, WORKER_CONCURRENCY ${mail.worker_concurrency}); ` +
          `each recipient exactly once: ${mail.each_recipient_once ? 'yes' : 'NO'}` +
          (sendFloor
            ? `\nsend floor (bare nodemailer pool, ${sendFloor.connections} connections): ${sendFloor.messages_per_s} messages/s; send-quote vs its floor: ${ratioToFloor}`
            : ''),
      );
    if (batch) {
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      console.log(
        `\nbatch: PUT /products, 1,000 products (${(batch.body_bytes / 1e6).toFixed(2)} MB), ${statements.batch} statements: ` +
          `create ${batch.create_ms.join('/')} ms (median ${median(batch.create_ms)}), the same again ${batch.unchanged_ms.join('/')} ms, ` +
          `update of everything ${batch.update_ms.join('/')} ms; the same rows by INSERT … SELECT ${batch.insert_select_ms.join('/')} ms`,
      );
    }
    const hooks = only && !only.includes('webhooks') ? null : await measureWebhooks(api, env, db.url, webhookEvents);
    if (hooks)
      console.log(
        `\nwebhooks: ${hooks.delivered} deliveries (${hooks.events} events × ${hooks.endpoints} endpoints) in ${hooks.seconds} s → ` +
          `${hooks.deliveries_per_s} deliveries/s (one worker, WEBHOOK_BATCH_SIZE ${hooks.batch_size}, WEBHOOK_CONCURRENCY ${hooks.concurrency}); ` +
          `${hooks.duplicates} duplicates, ${hooks.missing} missing; worker peak RSS ${hooks.worker_rss_mib} MiB`,
      );
    let pdfHealth: PdfHealth | null = null;
    if (!only || only.includes('pdf_health')) {
      pdfHealth = await measurePdfHealth(api, base, token);
      console.log(
        `\n/health while ${pdfHealth.quotes} PDFs of ${pdfHealth.lines}-line quotes in six scripts render: ` +
          `${pdfHealth.health_requests} requests, p50 ${pdfHealth.health_p50_ms} ms, p99 ${pdfHealth.health_p99_ms} ms, ` +
          `max ${pdfHealth.health_max_ms} ms (idle p99 ${pdfHealth.idle_health_p99_ms} ms); the PDFs took ${pdfHealth.render_s} s, ` +
          `again (unchanged, kept) ${pdfHealth.again_ms} ms`,
      );
    }
    let storeDirectory: StoreDirectoryFigure | null = null;
    if (!only || only.includes('store_directory')) {
      storeDirectory = await measureStoreDirectory(db.url);
      console.log(
        `\nstore directory: ${storeDirectory.stores} stores, ${storeDirectory.hosts} hosts: reloaded in ${storeDirectory.reload_ms} ms; ` +
          `a request's store found in ${storeDirectory.lookup_ns} ns (${storeDirectory.lookups} lookups, half of them hosts no store lists)`,
      );
    }
    let imported: ImportFigure | null = null;
    if (only?.includes('import')) {
      imported = await measureImport(api, base, token, env, db.url, apiProcess, products[0]);
      console.log(`\n${importLine(imported)}`);
    }
    // On two PostgreSQL servers of its own (logical replication), never the bench's database.
    let move: MoveFigure | null = null;
    if (only?.includes('move')) {
      move = await measureMove(seconds);
      console.log(
        `\nmove: ${move.products} products and ${move.quotes} quotes moved in ${move.move_ms} ms: copy ${move.copy_ms} ms, ` +
          `catch-up ${move.catch_up_ms} ms, check ${move.verify_ms} ms, writes held ${move.frozen_ms} ms at the source; the writing client's longest refusal ` +
          `${move.longest_refusal_ms} ms (${move.refused_writes} of ${move.writes} writes refused); ` +
          move.others
            .map(
              (o) =>
                `${o.store} (${o.cluster}) GET p99 ${o.p99_before_ms} → ${o.p99_during_ms} ms over the move (×${o.p99_ratio}), ` +
                `${o.p99_worst_second_ms} ms in its worst second (×${o.p99_worst_second_ratio}), ${o.non_2xx} non-2xx`,
            )
            .join('; '),
      );
    }
    // Last: it adds 1,000 stores of 200 products each to the bench's tables.
    let stores: StoresFigure | null = null;
    if (!only || only.includes('stores')) {
      // `solo` alone: a database and an api of its own, measured in turns with the bench's.
      const aloneDb = await benchDatabase('store_bench_alone');
      const alonePort = await freePort();
      const aloneApi = await startApi({ ...env, DATABASE_URL: aloneDb.url, PORT: String(alonePort), QUEUE_PREFIX: `${prefix}-alone` });
      try {
        stores = await measureStores(
          { databaseUrl: aloneDb.url, base: `http://127.0.0.1:${alonePort}` },
          { databaseUrl: db.url, base },
          seconds,
          connections,
        );
      } finally {
        await stopProcess(aloneApi);
        await aloneDb.drop();
      }
      for (const c of stores.cases)
        console.log(
          `\nstores: ${c.name}: p99 ${c.alone.p99} ms alone, ${c.among.p99} ms among ${stores.stores} stores of ${stores.products_per_store} products (×${c.p99_ratio})`,
        );
    }
    // The send-quote worker's peak, when that scenario ran (the import's worker is in `import`).
    const rss = { api: peakRssMiB(apiProcess.pid!), worker: mail?.worker_rss_mib ?? null };
    console.log(`API peak RSS: ${rss.api} MiB${rss.worker === null ? '' : `; worker peak RSS: ${rss.worker} MiB`}`);
    if (json) {
      const ratio = (f: Figure) => Number((f.rps / raw.rps).toFixed(3));
      console.log(
        JSON.stringify({
          // The api and the workers run on the bench's own Node: their memory differs between versions.
          node: process.versions.node,
          baseline_rps: raw.rps,
          list_floor_rps: listRaw.rps,
          list_floor_same_document: sameDocument,
          scenarios: scenarios
            .filter((s) => measured[s.key])
            .map((s) => ({
              name: s.key,
              rps: measured[s.key].rps,
              p50_ms: measured[s.key].p50,
              p99_ms: measured[s.key].p99,
              ratio: ratio(measured[s.key]),
              statements: statements[s.key],
              api_cpu_ms_per_request: cpuPerRequest[s.key],
              db_cpu_ms_per_request: dbCpuPerRequest[s.key],
              non_2xx: measured[s.key].non2xx,
              statuses: measured[s.key].statuses,
              unanswered: measured[s.key].unanswered,
              // The list against its own floor: the same document from node:http + pg.
              ...(s.key === 'list_quotes' ? { ratio_to_list_floor: Number((measured[s.key].rps / listRaw.rps).toFixed(3)) } : {}),
            })),
          batch: batch && { statements: statements.batch, ...batch },
          rss_mib: rss,
          metrics: metricsCost,
          pdf_health: pdfHealth,
          store_directory: storeDirectory,
          stores: stores && {
            stores: stores.stores,
            products_per_store: stores.products_per_store,
            cases: stores.cases.map((c) => ({
              name: c.name,
              alone: { rps: c.alone.rps, p50_ms: c.alone.p50, p99_ms: c.alone.p99, non_2xx: c.alone.non2xx },
              among: { rps: c.among.rps, p50_ms: c.among.p50, p99_ms: c.among.p99, non_2xx: c.among.non2xx },
              p99_ratio: c.p99_ratio,
            })),
          },
          send_quote: mail && {
            messages: mail.messages,
            seconds: mail.seconds,
            messages_per_s: mail.messages_per_s,
            each_recipient_once: mail.each_recipient_once,
            workers: mail.workers,
            worker_concurrency: mail.worker_concurrency,
            message_bytes: mail.message_bytes,
            ratio_to_floor: ratioToFloor,
          },
          send_floor: sendFloor,
          webhooks: hooks && {
            events: hooks.events,
            endpoints: hooks.endpoints,
            seconds: hooks.seconds,
            deliveries_per_s: hooks.deliveries_per_s,
            duplicates: hooks.duplicates,
            missing: hooks.missing,
            worker_rss_mib: hooks.worker_rss_mib,
            worker_cpu_ms_per_delivery: hooks.worker_cpu_ms_per_delivery,
          },
          import: imported,
          move,
        }),
      );
    }
  } finally {
    await stopProcess(apiProcess);
    await sink.close();
    if (process.env.BENCH_KEEP === '1') console.error(`kept database: ${db.url}`);
    else await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
