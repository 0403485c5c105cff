import { get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type Figure, measure, mintKey } from './harness.js';

/**
 * `stores`: one store among many (docs/api.md#stores). The store `solo` (200 products) is measured
 * on two apis at once: one whose database holds `solo` alone, and one whose database holds `others`
 * stores of 200 products each besides it. `GET /products?limit=50` and `GET /product/{sku}` on its
 * host, with its key, in turns (alone, among, alone, among; the scenario's seconds each), so neither side gets the machine's
 * quiet or busy moments alone; each side's figures are the means of its turns. Its share of each
 * index is what it reads (store_id first), so the second p99 should be the first's.
 */
export interface StoresFigure {
  stores: number;
  products_per_store: number;
  cases: { name: string; alone: Figure; among: Figure; p99_ratio: number }[];
}

/** An api and its database. */
interface Side {
  databaseUrl: string;
  base: string;
}

const PRODUCTS = 200;
const HOST = 'solo.bench.example';
const TURNS = 2;

export async function measureStores(alone: Side, among: Side, seconds: number, connections: number, others = 999): Promise<StoresFigure> {
  const headers = { host: HOST };
  const sides = [alone, among];
  const tokens: string[] = [];
  for (const side of sides) {
    const pool = new pg.Pool({ connectionString: side.databaseUrl, max: 2 });
    try {
      const [{ id }] = (await pool.query<{ id: number }>(`INSERT INTO stores (handle, name) VALUES ('solo', 'Solo') RETURNING id`)).rows;
      await pool.query(`INSERT INTO store_hosts (host, store_id, position) VALUES ($1, $2, 1)`, [HOST, id]);
      await fillStores(pool, [id]);
      if (side === among) {
        const { rows } = await pool.query<{ id: number }>(
          `INSERT INTO stores (handle, name) SELECT 'tenant-' || n, 'Tenant ' || n FROM generate_series(1, $1::int) n RETURNING id`,
          [others],
        );
        await fillStores(
          pool,
          rows.map((r) => r.id),
        );
      }
      // In the steady state autovacuum keeps: statistics and the visibility map current.
      await pool.query('VACUUM ANALYZE products');
    } finally {
      await pool.end();
    }
    const token = mintKey(side.databaseUrl, 'solo');
    tokens.push(token);
    // The api reads the new store within its directory's poll. (node:http: fetch sends its own Host.)
    for (let i = 0; ; i++) {
      const status = await statusOf(`${side.base}/store`, { ...headers, authorization: `Bearer ${token}` });
      if (status === 200) break;
      if (i > 100) throw new Error(`stores: the api never found store solo (${status})`);
      await sleep(100);
    }
  }
  const scenarios = [
    { name: 'GET /products?limit=50 (one store)', path: '/products?limit=50', headers },
    { name: 'GET /product/{sku} (one store)', path: '/product/S-77', headers },
  ];
  // Warmed first (compiled code, cached plans), so no side's first figure is a cold process's.
  for (const s of scenarios) for (const [i, side] of sides.entries()) await measure(side.base, tokens[i], s, 2, connections);
  const turns = scenarios.map(() => sides.map((): Figure[] => []));
  for (let turn = 0; turn < TURNS; turn++) {
    for (const [k, s] of scenarios.entries()) {
      for (const [i, side] of sides.entries()) turns[k][i].push(await measure(side.base, tokens[i], s, seconds, connections));
    }
  }
  return {
    stores: others + 1,
    products_per_store: PRODUCTS,
    cases: scenarios.map((s, k) => {
      const [a, b] = turns[k].map(meanOf);
      return { name: s.name, alone: a, among: b, p99_ratio: Number((b.p99 / Math.max(a.p99, 0.01)).toFixed(2)) };
    }),
  };
}

/** One figure of a side's turns: their requests and non-2xx summed, their rates and latencies averaged. */
function meanOf(figures: Figure[]): Figure {
  const mean = (f: (x: Figure) => number) => Math.round((figures.reduce((sum, x) => sum + f(x), 0) / figures.length) * 10) / 10;
  return {
    name: figures[0].name,
    requests: figures.reduce((sum, f) => sum + f.requests, 0),
    rps: Math.round(mean((f) => f.rps)),
    p50: mean((f) => f.p50),
    p99: mean((f) => f.p99),
    non2xx: figures.reduce((sum, f) => sum + f.non2xx, 0),
    statuses: figures
      .map((f) => f.statuses)
      .filter(Boolean)
      .join(' '),
    unanswered: figures.reduce((sum, f) => sum + f.unanswered, 0),
  };
}

/** Each store's three product types and 200 products, as the operator writes them: store by store in sets, a statement per kind. */
async function fillStores(pool: pg.Pool, ids: number[]): Promise<void> {
  await pool.query(
    `INSERT INTO product_types (store_id, name, api_code, is_default, has_shipping, has_inventory, has_options, has_variants, has_extras)
     SELECT s, t.name, t.code, t.is_default, true, true, true, true, true FROM unnest($1::int[]) s,
       (VALUES ('Goods', 'goods', true), ('Service', 'service', false), ('Downloadable', 'downloadable', false)) t(name, code, is_default)`,
    [ids],
  );
  await pool.query(
    `INSERT INTO products (store_id, product_type_id, name, sku, url_name, base_price)
     SELECT s, pt.id, 'Product ' || n, 'S-' || n, 'product-' || n, 10 + n
       FROM unnest($1::int[]) s JOIN product_types pt ON pt.store_id = s AND pt.is_default, generate_series(1, $2::int) n`,
    [ids, PRODUCTS],
  );
}

function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}
