import type { ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { isFinished, type ImportStatus } from '../src/modules/bulk/domain/bulk-status.js';
import { batchProduct, insertSelect } from './batch.js';
import { cpuMs, peakRssMiB, startWorker, stopProcess, writeAsDefaultStore } from './harness.js';

/**
 * `--only import` (docs/api.md#bulk-import-and-export): BENCH_IMPORT_PRODUCTS (default 100,000) products of the batch's
 * shape (bench/batch.ts: 2 options, 4 variants, 3 price tiers, a category), one per line of an NDJSON
 * file written to a temporary file, streamed to `POST /imports?resource=products` and applied by ONE
 * worker process (the api runs with REDIS_URL, so the worker is where imports run). The figures: the
 * upload, the time from the upload's start until the import reads `completed` (polled every 250 ms),
 * its counts, peak RSS of the api and the worker during it (VmRSS sampled every 100 ms), and
 * `GET /product/{id}` one request after another during the import against the same loop on the idle
 * api. Then the same file again (every line unchanged); then as many new products (a second file,
 * other SKUs) with nothing else running, into the store that now holds the first ones: the import on
 * its own, where the first figure shares the machine's two cores with a loop that asks as fast as the
 * api answers. For reference, the same rows written by `INSERT … SELECT` inside PostgreSQL (all of
 * them, in one transaction rolled back). BENCH_IMPORT_AGAIN=0 and BENCH_IMPORT_ALONE=0 leave out the
 * second and the third import. Last, BENCH_IMPORT_LARGE (default 1,000; 0 leaves it out) lines of
 * BENCH_IMPORT_LARGE_BYTES (default 1 MiB) each, a product with a description that long, applied by a
 * worker started for them alone: its peak RSS is the figure (chunks are bounded by IMPORT_CHUNK_BYTES
 * as well as by lines).
 */
export const IMPORT_PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 100_000);
const LARGE_LINES = Number(process.env.BENCH_IMPORT_LARGE ?? 1000);
const LARGE_LINE_BYTES = Number(process.env.BENCH_IMPORT_LARGE_BYTES ?? 1024 ** 2);

/** What the bench aims at; printed beside the figures, never asserted. */
export const IMPORT_TARGETS = { total_s_per_100000: 60, rss_mib: 300, p99_ratio: 3 };

const POLL_MS = 250;
const RSS_SAMPLE_MS = 100;
const IDLE_SECONDS = 3;
/** An import whose progress has not moved for this long is reported as it stands. */
const STALL_MS = 120_000;

/** An import as `GET /import/{id}` shows it (the fields the bench reads). */
export interface ImportView {
  id: number;
  status: ImportStatus;
  lines: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  error: string | null;
}

export interface ImportRun {
  status: ImportStatus;
  /** The last poll saw no end, and nothing moved for STALL_MS. */
  timed_out: boolean;
  /** From the first byte sent to the 202. */
  upload_ms: number;
  /** From the first byte sent to the poll that saw the import finished (± the 250 ms of polling). */
  total_ms: number;
  products_per_s: number;
  lines: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  error: string | null;
}

/** The import of large lines, by a worker of its own. */
export interface LargeImportRun extends ImportRun {
  line_bytes: number;
  file_bytes: number;
  /** Peak VmRSS of the worker during it (sampled every 100 ms), and its VmHWM at the end, MiB. */
  worker_rss_peak_mib: number;
  worker_hwm_mib: number;
  worker_cpu_s: number;
}

export interface ImportFigure extends ImportRun {
  products: number;
  file_bytes: number;
  file_write_ms: number;
  /** The same file again: every line unchanged (null with BENCH_IMPORT_AGAIN=0). */
  again: ImportRun | null;
  /**
   * As many new products with no GET loop beside it, into the store holding the first import's
   * (null with BENCH_IMPORT_ALONE=0).
   */
  alone: ImportRun | null;
  /** BENCH_IMPORT_LARGE lines of BENCH_IMPORT_LARGE_BYTES each (null with BENCH_IMPORT_LARGE=0). */
  large: LargeImportRun | null;
  /** alone.total_ms over insert_select_ms. */
  alone_vs_insert_select: number | null;
  /** The same rows by INSERT … SELECT (products and their parts, indexes included), rolled back. */
  insert_select_products: number;
  insert_select_ms: number;
  /** total_ms over insert_select_ms. */
  total_vs_insert_select: number;
  /**
   * The events the first import recorded (a product's and each of its parts', docs/api.md#put-products-and-their-parts),
   * written again by one INSERT … SELECT from their own rows, rolled back: what the events alone cost the database.
   */
  insert_select_events: number;
  insert_select_events_ms: number;
  /** total_ms over insert_select_ms + insert_select_events_ms: the import against the floor of everything it writes. */
  total_vs_insert_select_with_events: number;
  /** Peak VmRSS sampled during the first import (upload to completion), MiB. */
  api_rss_peak_mib: number;
  worker_rss_peak_mib: number;
  /** VmHWM at the end: the process's peak over its whole life (the api's includes the bench's earlier load). */
  api_hwm_mib: number;
  worker_hwm_mib: number;
  /** CPU time of each process during the first import, s (the api's includes serving the GET /product loop and the polls). */
  api_cpu_s: number;
  worker_cpu_s: number;
  /** GET /product/{id}, one request after another, during the first import and on the idle api before it. */
  product_requests: number;
  product_p50_ms: number;
  product_p99_ms: number;
  product_max_ms: number;
  product_non_200: number;
  idle_product_requests: number;
  idle_product_p50_ms: number;
  idle_product_p99_ms: number;
  idle_product_max_ms: number;
  /** product_p99_ms over idle_product_p99_ms. */
  p99_ratio: number;
  targets: typeof IMPORT_TARGETS;
}

type Api = <T = { data: { id: number } }>(method: string, path: string, body?: unknown) => Promise<T>;

/** The NDJSON of `count` products of run `run` (names of `version`), in chunks of 1,000 lines. */
function* productLines(run: string, categoryId: number, count: number, version: number): Generator<string> {
  for (let start = 0; start < count; start += 1000) {
    let chunk = '';
    for (let i = start; i < Math.min(count, start + 1000); i++) chunk += `${JSON.stringify(batchProduct(run, categoryId, i, version))}\n`;
    yield chunk;
  }
}

/**
 * `count` lines of `bytes` each (newline included): products of the batch's shape whose description
 * (65,535 characters at most) and attributes (each value as long) fill the line.
 */
function* largeLines(categoryId: number, count: number, bytes: number): Generator<string> {
  const text = 'A long description of a product, as an ERP exports it whole. ';
  const fill = (n: number) => text.repeat(Math.ceil(n / text.length)).slice(0, n);
  const most = 60_000;
  for (let i = 0; i < count; i++) {
    const product = batchProduct('L', categoryId, i) as { description: string; attributes?: { name: string; value: string }[] };
    product.description = fill(most);
    product.attributes = [];
    // Attributes of `most` characters while they fit, then the last one sized to end the line at `bytes`.
    for (let k = 1; ; k++) {
      const attribute = { name: `Text ${k}`, value: '' };
      product.attributes.push(attribute);
      const left = bytes - (JSON.stringify(product).length + 1);
      if (left <= most) {
        attribute.value = fill(Math.max(0, left));
        break;
      }
      attribute.value = fill(most);
    }
    yield `${JSON.stringify(product)}\n`;
  }
}

/** Writes the NDJSON file chunk by chunk (the writer's back-pressure paces the generator); resolves with its size. */
export async function writeImportFile(path: string, run: string, categoryId: number, count: number, version = 0): Promise<number> {
  await pipeline(Readable.from(productLines(run, categoryId, count, version)), createWriteStream(path));
  return (await stat(path)).size;
}

/** Streams the file as the body of `POST /imports?resource=<resource>`; resolves with the answer once it is read. */
export async function uploadImport(
  base: string,
  token: string,
  path: string,
  resource = 'products',
): Promise<{ status: number; body: string; ms: number }> {
  const { size } = await stat(path);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      new URL(`/imports?resource=${encodeURIComponent(resource)}`, base),
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson', 'content-length': size },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: Math.round(performance.now() - started) }),
        );
      },
    );
    // An api that answers before reading the whole body (415, 413) may close the socket under the upload.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const file = createReadStream(path);
    file.on('error', (err) => req.destroy(err));
    file.pipe(req);
  });
}

/** Polls `GET /import/{id}` every 250 ms until it is finished (or stalls); `since` is when the upload started. */
export async function waitForImport(
  base: string,
  token: string,
  id: number,
  since: number,
): Promise<{ view: ImportView; total_ms: number; timed_out: boolean }> {
  let last = '';
  let movedAt = performance.now();
  let loggedAt = performance.now();
  for (;;) {
    const res = await fetch(`${base}/import/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET /import/${id} → ${res.status}: ${await res.text()}`);
    const view = ((await res.json()) as { data: ImportView }).data;
    const now = performance.now();
    if (isFinished(view.status)) return { view, total_ms: Math.round(now - since), timed_out: false };
    const progress = `${view.status} ${view.processed}`;
    if (progress !== last) {
      last = progress;
      movedAt = now;
    } else if (now - movedAt > STALL_MS) return { view, total_ms: Math.round(now - since), timed_out: true };
    if (now - loggedAt >= 5000) {
      loggedAt = now;
      console.error(`import ${id}: ${view.status}, ${view.processed} of ${view.lines} lines processed…`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Uploads the file and waits for the import to finish: one run's figures. */
export async function runImport(base: string, token: string, path: string): Promise<ImportRun> {
  const started = performance.now();
  const upload = await uploadImport(base, token, path);
  if (upload.status !== 202) throw new Error(`POST /imports → ${upload.status}: ${upload.body.slice(0, 500)}`);
  const { id } = (JSON.parse(upload.body) as { data: { id: number } }).data;
  const { view, total_ms, timed_out } = await waitForImport(base, token, id, started);
  return {
    status: view.status,
    timed_out,
    upload_ms: upload.ms,
    total_ms,
    products_per_s: Math.round(view.processed / Math.max(0.001, total_ms / 1000)),
    lines: view.lines,
    processed: view.processed,
    created: view.created,
    updated: view.updated,
    unchanged: view.unchanged,
    failed: view.failed,
    error: view.error,
  };
}

/** Latencies (ms) of `GET <path>`, one request after another, until `stop()` says so. */
async function loop(url: string, token: string, stop: () => boolean): Promise<{ ms: number[]; non200: number }> {
  const ms: number[] = [];
  let non200 = 0;
  while (!stop()) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    if (res.status !== 200) non200++;
  }
  return { ms, non200 };
}

/** The highest VmRSS of each process, read every 100 ms until stopped (MiB). */
function sampleRss(pids: number[]): () => number[] {
  const peak = pids.map(() => 0);
  const read = () =>
    pids.forEach((pid, i) => {
      try {
        const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        peak[i] = Math.max(peak[i], kb);
      } catch {
        // The process is gone: its peak so far stands.
      }
    });
  read();
  const timer = setInterval(read, RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    read();
    return peak.map((kb) => Math.round(kb / 1024));
  };
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))].toFixed(1));
};

/** The id of the newest event (0 for none): the first import's events are those after it. */
async function lastEventId(databaseUrl: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return Number((await pool.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM events')).rows[0].id);
  } finally {
    await pool.end();
  }
}

/**
 * The events recorded after `afterId` written again by one INSERT … SELECT from their own rows (as new
 * rows, the same type, resource, data and indexes), in a transaction rolled back and vacuumed away: the
 * floor of writing them.
 */
async function insertSelectEvents(databaseUrl: string, afterId: number): Promise<{ events: number; ms: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await writeAsDefaultStore(client);
      const started = performance.now();
      const { rowCount } = await client.query(
        `INSERT INTO events (type, resource, resource_id, sequence, data)
         SELECT type, resource, resource_id, sequence + 1000000, data FROM events WHERE id > $1 ORDER BY id`,
        [afterId],
      );
      const ms = Math.round(performance.now() - started);
      await client.query('ROLLBACK');
      return { events: rowCount ?? 0, ms };
    } finally {
      client.release();
    }
  } finally {
    await pool.query('VACUUM events').catch(() => undefined);
    await pool.end();
  }
}

export async function measureImport(
  api: Api,
  base: string,
  token: string,
  env: Record<string, string>,
  databaseUrl: string,
  apiProcess: ChildProcess,
  productId: number,
  count = IMPORT_PRODUCTS,
): Promise<ImportFigure> {
  const category = await api('POST', '/category', { name: 'Import' });
  const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
  const file = join(dir, 'products.ndjson');
  let worker: ChildProcess | null = null;
  try {
    const writeStarted = performance.now();
    const fileBytes = await writeImportFile(file, 'I', category.data.id, count);
    const fileWriteMs = Math.round(performance.now() - writeStarted);
    console.error(`import: ${count} products written to ${file} (${(fileBytes / 1e6).toFixed(1)} MB) in ${fileWriteMs} ms`);
    const aloneFile = process.env.BENCH_IMPORT_ALONE === '0' ? null : join(dir, 'alone.ndjson');
    // Other SKUs and other names (so other URL names), the same shape.
    if (aloneFile) await writeImportFile(aloneFile, 'J', category.data.id, count, 1);

    // The floor first, on the catalog the import will find (the bench's 50 products); its rolled-back
    // rows are vacuumed away so the import does not step over them.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    let insertSelectMs: number;
    try {
      insertSelectMs = await insertSelect(pool, 'F', category.data.id, count);
      await pool.query('VACUUM products, product_options, product_variants, product_price_tiers, product_categories');
    } finally {
      await pool.end();
    }
    console.error(`import: the same rows by INSERT … SELECT in ${insertSelectMs} ms`);

    const w = (worker = await startWorker(env));
    w.once('exit', (code, signal) => {
      if (!w.killed) console.error(`import: the worker exited (${signal ?? code}) while the bench ran`);
    });
    const productUrl = `${base}/product/${productId}`;
    // A few requests first, so the idle figures do not include the connection's opening.
    let warmUp = 0;
    await loop(productUrl, token, () => warmUp++ >= 20);
    const idleEnd = performance.now() + IDLE_SECONDS * 1000;
    const idle = await loop(productUrl, token, () => performance.now() >= idleEnd);

    const eventsBefore = await lastEventId(databaseUrl);
    const profile = Boolean(process.env.BENCH_WORKER_PROFILE);
    if (profile) worker.kill('SIGUSR2');
    const apiCpu = cpuMs(apiProcess.pid!);
    const workerCpu = cpuMs(worker.pid!);
    const stopRss = sampleRss([apiProcess.pid!, worker.pid!]);
    let done = false;
    const during = loop(productUrl, token, () => done);
    // Awaited below; if the import fails first, its error is the one thrown (not an unhandled rejection).
    during.catch(() => undefined);
    let first: ImportRun;
    try {
      first = await runImport(base, token, file);
    } finally {
      done = true;
    }
    const busy = await during;
    const [apiRss, workerRss] = stopRss();
    const apiCpuS = (cpuMs(apiProcess.pid!) - apiCpu) / 1000;
    const workerCpuS = (cpuMs(worker.pid!) - workerCpu) / 1000;
    if (profile) worker.kill('SIGUSR2');
    console.error(
      `import: ${first.status} in ${first.total_ms} ms (upload ${first.upload_ms} ms): ${first.created} created, ` +
        `${first.updated} updated, ${first.unchanged} unchanged, ${first.failed} failed`,
    );

    const eventsFloor = await insertSelectEvents(databaseUrl, eventsBefore);
    console.error(`import: its ${eventsFloor.events} events again by INSERT … SELECT in ${eventsFloor.ms} ms`);

    const again = process.env.BENCH_IMPORT_AGAIN === '0' ? null : await runImport(base, token, file);
    const alone = aloneFile ? await runImport(base, token, aloneFile) : null;

    let large: LargeImportRun | null = null;
    if (LARGE_LINES > 0) {
      // A worker of its own, so its peak is this import's and not the first one's.
      await stopProcess(worker);
      const lw = (worker = await startWorker(env));
      const largeFile = join(dir, 'large.ndjson');
      await rm(file, { force: true });
      await pipeline(Readable.from(largeLines(category.data.id, LARGE_LINES, LARGE_LINE_BYTES)), createWriteStream(largeFile));
      const largeBytes = (await stat(largeFile)).size;
      console.error(
        `import: ${LARGE_LINES} lines of ${LARGE_LINE_BYTES} bytes written to ${largeFile} (${(largeBytes / 1e6).toFixed(1)} MB)`,
      );
      const cpu = cpuMs(lw.pid!);
      const stop = sampleRss([lw.pid!]);
      const run = await runImport(base, token, largeFile);
      const [peak] = stop();
      large = {
        ...run,
        line_bytes: LARGE_LINE_BYTES,
        file_bytes: largeBytes,
        worker_rss_peak_mib: peak,
        worker_hwm_mib: peakRssMiB(lw.pid!),
        worker_cpu_s: Number(((cpuMs(lw.pid!) - cpu) / 1000).toFixed(1)),
      };
    }
    const p99 = pct(busy.ms, 99);
    const idleP99 = pct(idle.ms, 99);
    return {
      products: count,
      file_bytes: fileBytes,
      file_write_ms: fileWriteMs,
      ...first,
      again,
      alone,
      large,
      alone_vs_insert_select: alone ? Number((alone.total_ms / Math.max(1, insertSelectMs)).toFixed(2)) : null,
      insert_select_products: count,
      insert_select_ms: insertSelectMs,
      total_vs_insert_select: Number((first.total_ms / Math.max(1, insertSelectMs)).toFixed(2)),
      insert_select_events: eventsFloor.events,
      insert_select_events_ms: eventsFloor.ms,
      total_vs_insert_select_with_events: Number((first.total_ms / Math.max(1, insertSelectMs + eventsFloor.ms)).toFixed(2)),
      api_rss_peak_mib: apiRss,
      worker_rss_peak_mib: workerRss,
      api_hwm_mib: peakRssMiB(apiProcess.pid!),
      worker_hwm_mib: peakRssMiB(worker.pid!),
      api_cpu_s: Number(apiCpuS.toFixed(1)),
      worker_cpu_s: Number(workerCpuS.toFixed(1)),
      product_requests: busy.ms.length,
      product_p50_ms: pct(busy.ms, 50),
      product_p99_ms: p99,
      product_max_ms: pct(busy.ms, 100),
      product_non_200: busy.non200 + idle.non200,
      idle_product_requests: idle.ms.length,
      idle_product_p50_ms: pct(idle.ms, 50),
      idle_product_p99_ms: idleP99,
      idle_product_max_ms: pct(idle.ms, 100),
      p99_ratio: Number((p99 / Math.max(0.1, idleP99)).toFixed(2)),
      targets: IMPORT_TARGETS,
    };
  } finally {
    if (worker) await stopProcess(worker);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The human line of the scenario. */
export function importLine(f: ImportFigure): string {
  const run = (r: ImportRun) =>
    `${r.status}${r.timed_out ? ' (stalled: gave up waiting)' : ''} in ${(r.total_ms / 1000).toFixed(2)} s ` +
    `(upload ${(r.upload_ms / 1000).toFixed(2)} s) → ${r.products_per_s} products/s; ` +
    `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${r.failed} failed${r.error ? ` (${r.error})` : ''}`;
  const t = f.targets;
  return (
    `import: ${f.products} products (${(f.file_bytes / 1e6).toFixed(1)} MB of NDJSON), one worker: ${run(f)}; ` +
    `the same rows by INSERT … SELECT ${(f.insert_select_ms / 1000).toFixed(2)} s (import ${f.total_vs_insert_select}× that); ` +
    `its ${f.insert_select_events} events by INSERT … SELECT ${(f.insert_select_events_ms / 1000).toFixed(2)} s ` +
    `(import ${f.total_vs_insert_select_with_events}× rows and events); peak RSS api ${f.api_rss_peak_mib} MiB, worker ${f.worker_rss_peak_mib} MiB; CPU api ${f.api_cpu_s} s, worker ${f.worker_cpu_s} s; ` +
    `GET /product/{id} during it: ${f.product_requests} requests, p50 ${f.product_p50_ms} ms, p99 ${f.product_p99_ms} ms, ` +
    `max ${f.product_max_ms} ms (idle p99 ${f.idle_product_p99_ms} ms: ratio ${f.p99_ratio})` +
    (f.again ? `\nimport again, the same file: ${run(f.again)}` : '') +
    (f.alone
      ? `\nimport alone, ${f.products} new products, no GET loop: ${run(f.alone)} (${f.alone_vs_insert_select}× the INSERT … SELECT)`
      : '') +
    (f.large
      ? `\nimport of large lines, ${f.large.lines} of ${f.large.line_bytes} bytes (${(f.large.file_bytes / 1e6).toFixed(1)} MB), a worker of its own: ` +
        `${run(f.large)}; worker peak RSS ${f.large.worker_rss_peak_mib} MiB (VmHWM ${f.large.worker_hwm_mib} MiB), CPU ${f.large.worker_cpu_s} s`
      : '') +
    `\n(targets: ≤ ${t.total_s_per_100000} s per 100,000 products, RSS ≤ ${t.rss_mib} MiB each, p99 ratio ≤ ${t.p99_ratio})`
  );
}
