import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, benchDatabase, freePort, mintKey, startApi, stopProcess, writeAsDefaultStore } from './harness.js';

/**
 * `npm run bench:scale`: the list endpoints on a large store — 1,000,000 quotes of 5 items,
 * 100,000 products, 50,000 customers — loaded straight into PostgreSQL with set-based SQL. For each
 * list request it prints p50/p99 (requests one after another over a few connections) and the top
 * scan node of `EXPLAIN (ANALYZE, BUFFERS)` of the same query shape the api runs
 * (`SELECT … FROM quotes WHERE <filter> [AND id > cursor] ORDER BY <col> <dir>, id <dir> LIMIT 50 OFFSET n`).
 * It talks to the api over HTTP only, so it measures whatever list code is built.
 *
 * BENCH_QUOTES (default 1000000) sizes the store; BENCH_REQUESTS (default 50) and
 * BENCH_CONNECTIONS (default 2) the measurement; BENCH_KEEP=1 keeps the database (its name is
 * printed); BENCH_DATABASE_URL points at another server. `-- --json` adds one JSON object as the last line.
 */
const QUOTES = Number(process.env.BENCH_QUOTES ?? 1_000_000);
const PRODUCTS = Math.max(1000, Math.round(QUOTES / 10));
const CUSTOMERS = Math.max(500, Math.round(QUOTES / 20));
const ITEMS_PER_QUOTE = 5;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const keep = process.env.BENCH_KEEP === '1';
const json = process.argv.includes('--json');

const LOADED_TABLES = ['quotes', 'quote_items', 'products', 'customers'];

/**
 * Loads the store. Secondary indexes are dropped during the load and rebuilt after it (one sorted
 * build each instead of a million random inserts), and foreign keys are not checked row by row
 * (`session_replication_role = replica`; the generated ids are consistent by construction).
 */
async function load(client: pg.Client): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {};
  const step = async (name: string, sql: string) => {
    const t = performance.now();
    await client.query(sql);
    seconds[name] = Number(((seconds[name] ?? 0) + (performance.now() - t) / 1000).toFixed(1));
  };
  await client.query("SET session_replication_role = 'replica'");
  await client.query("SET maintenance_work_mem = '1GB'");
  await client.query('SET synchronous_commit = off');
  await writeAsDefaultStore(client, 'session');
  const indexes: { indexname: string; indexdef: string }[] = (
    await client.query(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = ANY($1)
          AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      [LOADED_TABLES],
    )
  ).rows;
  for (const i of indexes) await client.query(`DROP INDEX "${i.indexname}"`);

  await step(
    'billing plans',
    `INSERT INTO billing_plans (id, name, interval_unit) SELECT g, 'Plan ' || g, 'month' FROM generate_series(1, 5) g`,
  );
  await step(
    'customers',
    `INSERT INTO customers (id, first_name, last_name, email, created_at, updated_at)
     SELECT g, 'First' || g, 'Last' || g, 'customer' || g || '@example.com',
            now() - interval '1 minute' * (${CUSTOMERS} - g), now() - interval '1 second' * (${CUSTOMERS} - g)
       FROM generate_series(1, ${CUSTOMERS}) g`,
  );
  await step(
    'products',
    `INSERT INTO products (id, name, sku, url_name, description, base_price, sort_order, created_at, updated_at)
     SELECT g, 'Product ' || md5(g::text), 'SKU-' || g, 'product-' || g, 'A product of the scale bench.',
            (g % 1000) + 0.99, g % 100,
            now() - interval '1 minute' * (${PRODUCTS} - g), now() - interval '1 second' * (${PRODUCTS} - g)
       FROM generate_series(1, ${PRODUCTS}) g`,
  );
  // Created one a minute up to now (about two years); two in three expire 30 days after creation,
  // so most are expired and the rest active; one in ten has a billing plan.
  await step(
    'quotes',
    `INSERT INTO quotes (id, number, name, type, status, customer_id, billing_plan_id, cart_link_id,
                         expires_x_days, expires_at, subtotal, total, created_at, updated_at)
     SELECT g, 'Q' || (1000 + g), 'Quote ' || md5(g::text),
            (ARRAY['draft', 'saved', 'registered', 'guest'])[1 + g % 4], 'active',
            1 + (g::bigint * 7919) % ${CUSTOMERS}, CASE WHEN g % 10 = 0 THEN 1 + g % 5 END, md5('cart' || g),
            CASE WHEN g % 3 <> 0 THEN 30 END, CASE WHEN g % 3 <> 0 THEN c + interval '30 days' END,
            50.00, 50.00, c, c + interval '1 minute' * (g % 1000)
       FROM generate_series(1, ${QUOTES}) g, LATERAL (SELECT now() - interval '1 minute' * (${QUOTES} - g) AS c) t`,
  );
  await step(
    'quote items',
    `INSERT INTO quote_items (id, quote_id, position, product_id, quantity, price, subtotal, total, created_at, updated_at)
     SELECT (q - 1) * ${ITEMS_PER_QUOTE} + p + 1, q, p, 1 + (q * ${ITEMS_PER_QUOTE} + p) % ${PRODUCTS}, 1, 10.00, 10.00, 10.00, now(), now()
       FROM generate_series(1, ${QUOTES}) q, generate_series(0, ${ITEMS_PER_QUOTE - 1}) p`,
  );
  for (const t of ['billing_plans', ...LOADED_TABLES])
    await client.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
  await client.query(`SELECT setval('quote_number_seq', ${1000 + QUOTES})`);
  for (const i of indexes) await step('indexes', i.indexdef);
  await step('vacuum analyze', `VACUUM (ANALYZE) ${LOADED_TABLES.join(', ')}`);
  await client.query('RESET session_replication_role');
  return seconds;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The first node of the plan that reads a relation, e.g. "Index Scan using PK_… on quotes". */
function topScan(node: PlanNode): string {
  if (node['Relation Name']) {
    // A bitmap heap scan names its index on the Bitmap Index Scan below it.
    const bitmap = node['Node Type'] === 'Bitmap Heap Scan' ? node.Plans?.find((p) => p['Index Name']) : undefined;
    const index = node['Index Name'] ?? bitmap?.['Index Name'];
    return `${node['Node Type']}${index ? ` using ${index}` : ''} on ${node['Relation Name']}`;
  }
  for (const child of node.Plans ?? []) {
    const found = topScan(child);
    if (found) return found;
  }
  return '';
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [node['Relation Name']!] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

interface ListCase {
  name: string;
  path: string;
  /** The list query the api runs for it: table, WHERE (with $n parameters), order column and direction, offset. */
  sql: { table: string; where: string[]; params: unknown[]; column: string; order: 'ASC' | 'DESC'; offset: number; limit: number };
}

function quoteCase(
  name: string,
  query: string,
  where: string[] = [],
  params: unknown[] = [],
  extra: Partial<ListCase['sql']> = {},
): ListCase {
  return {
    name,
    path: `/quotes?limit=50${query ? `&${query}` : ''}`,
    sql: { table: 'quotes', where, params, column: 'id', order: 'ASC', offset: 0, limit: 50, ...extra },
  };
}

/** `updated_at` values the sync cases start from: the middle quote's, and the 1,000th newest of each table. */
interface Stamps {
  mid: Date;
  recent: { quotes: Date; products: Date; customers: Date };
}

const text = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A client keeping a copy in step: `updated_at_min` from its last sync (here the 1,000th newest row),
 * in `updated_at` order (a range of the `(updated_at, id)` index read in its order).
 */
function syncCase(table: 'quotes' | 'products' | 'customers', from: Date, limit = 50): ListCase {
  return {
    name: `${table}: sync, last 1,000`,
    path: `/${table}?limit=${limit}&sort=updated_at&updated_at_min=${text(from)}`,
    sql: { table, where: ['updated_at >= $1'], params: [text(from)], column: 'updated_at', order: 'ASC', offset: 0, limit },
  };
}

function cases({ mid, recent }: Stamps): ListCase[] {
  const customer = Math.min(4242, Math.floor(CUSTOMERS / 2));
  const stamp = text(mid);
  const list: ListCase[] = [
    quoteCase('first page', ''),
    quoteCase(`cursor=${QUOTES - 1000}`, `cursor=${QUOTES - 1000}`, ['id > $1'], [QUOTES - 1000]),
    quoteCase('page=2000', 'page=2000', [], [], { offset: 1999 * 50 }),
    quoteCase(`customer_id=${customer}`, `customer_id=${customer}`, ['customer_id = $1'], [customer]),
    quoteCase('type=saved', 'type=saved', ['type = $1'], ['saved']),
    quoteCase('status=active', 'status=active', ["status = 'active' AND (expires_at IS NULL OR expires_at > now())"]),
    quoteCase('status=expired', 'status=expired', ['expires_at <= now()']),
    quoteCase(`updated_at_min (half)`, `updated_at_min=${stamp}`, ['updated_at >= $1'], [stamp]),
    quoteCase(`updated_at_max (half)`, `updated_at_max=${stamp}`, ['updated_at < $1'], [new Date(mid.getTime() + 1000).toISOString()]),
    quoteCase(`sort=updated_at&updated_at_min (half)`, `sort=updated_at&updated_at_min=${stamp}`, ['updated_at >= $1'], [stamp], {
      column: 'updated_at',
    }),
    quoteCase(`updated_at_min (last 1,000)`, `updated_at_min=${text(recent.quotes)}`, ['updated_at >= $1'], [text(recent.quotes)]),
    syncCase('quotes', recent.quotes),
    syncCase('products', recent.products, 250),
    syncCase('customers', recent.customers, 250),
  ];
  const sorts: [string, string][] = [
    ['id', 'id'],
    ['customer_id', 'customer_id'],
    ['name', 'name'],
    ['created_at', 'created_at'],
    ['updated_at', 'updated_at'],
    ['x_billing_plan_id', 'billing_plan_id'],
  ];
  for (const [sort, column] of sorts)
    for (const order of ['ASC', 'DESC'] as const)
      list.push(
        quoteCase(`sort=${sort}&order=${order.toLowerCase()}`, `sort=${sort}&order=${order.toLowerCase()}`, [], [], { column, order }),
      );
  list.push({
    name: 'GET /products?limit=250',
    path: '/products?limit=250',
    sql: { table: 'products', where: [], params: [], column: 'id', order: 'ASC', offset: 0, limit: 250 },
  });
  return list;
}

function listSql(s: ListCase['sql']): string {
  const where = s.where.length ? ` WHERE ${s.where.map((w) => `(${w})`).join(' AND ')}` : '';
  const order = s.column === 'id' ? `id ${s.order}` : `${s.column} ${s.order}, id ${s.order}`;
  return `SELECT * FROM ${s.table}${where} ORDER BY ${order} LIMIT ${s.limit} OFFSET ${s.offset}`;
}

async function explain(client: pg.Client, sql: string, params: unknown[]) {
  const rows = (await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params)).rows as {
    'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }];
  }[];
  const { Plan, 'Execution Time': ms } = rows[0]['QUERY PLAN'][0];
  return { top: topScan(Plan), seq_scans: seqScans(Plan), ms: Number(ms.toFixed(1)) };
}

async function measure(base: string, token: string, path: string) {
  const r = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    amount: REQUESTS,
    headers: { authorization: `Bearer ${token}` },
  });
  return { p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

async function runCase(client: pg.Client, base: string, token: string, c: ListCase) {
  // One request first, to check it answers and to see the total it reports.
  const first = await fetch(`${base}${c.path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await first.json()) as { data: unknown[]; meta?: { pagination?: { total: number } } };
  if (first.status !== 200) throw new Error(`GET ${c.path} → ${first.status}: ${JSON.stringify(body)}`);
  const figure = await measure(base, token, c.path);
  const plan = await explain(client, listSql(c.sql), c.sql.params);
  return { name: c.name, path: c.path, ...figure, total: body.meta?.pagination?.total ?? null, rows: body.data.length, plan };
}

async function main(): Promise<void> {
  const db = await benchDatabase('store_scale');
  const client = new pg.Client({ connectionString: db.url });
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  try {
    const migrate = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli.js'), 'db:migrate', '--json'], {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`db:migrate failed: ${migrate.stdout}${migrate.stderr}`);
    await client.connect();
    console.log(`Loading ${QUOTES} quotes × ${ITEMS_PER_QUOTE} items, ${PRODUCTS} products, ${CUSTOMERS} customers into ${db.name}…`);
    const started = performance.now();
    const loadSeconds = await load(client);
    const totalLoad = Number(((performance.now() - started) / 1000).toFixed(1));
    console.log(
      `Loaded in ${totalLoad} s (${Object.entries(loadSeconds)
        .map(([k, v]) => `${k} ${v} s`)
        .join(', ')})`,
    );
    const mid = (await client.query('SELECT updated_at FROM quotes WHERE id = $1', [Math.floor(QUOTES / 2)])).rows[0].updated_at as Date;
    const newest = async (table: string) =>
      (await client.query(`SELECT updated_at FROM ${table} ORDER BY updated_at DESC, id DESC OFFSET 999 LIMIT 1`)).rows[0]
        .updated_at as Date;
    const recent = { quotes: await newest('quotes'), products: await newest('products'), customers: await newest('customers') };

    const port = await freePort();
    api = await startApi({
      DATABASE_URL: db.url,
      REDIS_URL: '',
      SMTP_URL: '',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    });
    const token = mintKey(db.url);
    const base = `http://127.0.0.1:${port}`;

    // Warm up (connections, JIT, caches) before the first figure.
    await measure(base, token, '/quotes?limit=50');
    const results: Awaited<ReturnType<typeof runCase>>[] = [];
    for (const c of cases({ mid, recent })) {
      const row = await runCase(client, base, token, c);
      const { plan, ...figure } = row;
      results.push(row);
      console.log(
        `${c.name.padEnd(40)} p50 ${String(figure.p50).padStart(5)} ms  p99 ${String(figure.p99).padStart(5)} ms  total ${String(figure.total).padStart(8)}  ${plan.top} (${plan.ms} ms)${plan.seq_scans.length ? `  SEQ SCAN: ${plan.seq_scans.join(', ')}` : ''}${figure.non2xx ? `  non-2xx: ${figure.non2xx}` : ''}`,
      );
    }
    // The items of the first page are read in one statement for the 50 quotes.
    const items = await explain(client, 'SELECT * FROM quote_items WHERE quote_id = ANY($1) ORDER BY quote_id, position, id', [
      Array.from({ length: 50 }, (_, i) => i + 1),
    ]);
    console.log(`items of a page (quote_id = ANY(50 ids))     ${items.top} (${items.ms} ms)`);

    const byName = (n: string) => results.find((r) => r.name === n)!;
    const ratio = byName(`cursor=${QUOTES - 1000}`).p50 / byName('first page').p50;
    const seq = results.filter((r) => r.plan.seq_scans.some((t) => t === 'quotes' || t === 'quote_items')).map((r) => r.name);
    console.log(`\ncursor page / first page (p50): ${ratio.toFixed(2)} (target ≤ 1.2)`);
    console.log(
      seq.length ? `Seq Scan of quotes or quote_items in: ${seq.join(', ')}` : 'No Seq Scan of quotes or quote_items in any plan.',
    );
    console.log(`Requests: ${REQUESTS} per scenario over ${CONNECTIONS} connections.${keep ? ` Database kept: ${db.name}` : ''}`);
    if (json)
      console.log(
        JSON.stringify({
          quotes: QUOTES,
          items_per_quote: ITEMS_PER_QUOTE,
          products: PRODUCTS,
          customers: CUSTOMERS,
          load_seconds: totalLoad,
          load_steps: loadSeconds,
          requests: REQUESTS,
          connections: CONNECTIONS,
          scenarios: results.map((r) => ({
            name: r.name,
            path: r.path,
            p50_ms: r.p50,
            p99_ms: r.p99,
            non_2xx: r.non2xx,
            total: r.total,
            plan: r.plan.top,
            plan_ms: r.plan.ms,
            seq_scans: r.plan.seq_scans,
          })),
          items_plan: items.top,
          cursor_vs_first: Number(ratio.toFixed(2)),
        }),
      );
  } finally {
    if (api) await stopProcess(api);
    await client.end().catch(() => undefined);
    if (!keep) await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
