import { get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type Figure, measure, mintKey } from './harness.js';

/**
 * `stores`: one store among many (docs/api.md#stores). The store `solo` (200 products) is measured
 * alone, then again once `others` stores of 200 products each share its tables: `GET
 * /products?limit=50` and `GET /product/{sku}` on its host, with its key. Its share of each index is
 * what it reads (store_id first), so the second p99 should be the first's.
 */
export interface StoresFigure {
  stores: number;
  products_per_store: number;
  cases: { name: string; alone: Figure; among: Figure; p99_ratio: number }[];
}

const PRODUCTS = 200;
const HOST = 'solo.bench.example';

export async function measureStores(
  databaseUrl: string,
  base: string,
  seconds: number,
  connections: number,
  others = 999,
): Promise<StoresFigure> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const [{ id }] = (await pool.query<{ id: number }>(`INSERT INTO stores (handle, name) VALUES ('solo', 'Solo') RETURNING id`)).rows;
    await pool.query(`INSERT INTO store_hosts (host, store_id, position) VALUES ($1, $2, 1)`, [HOST, id]);
    await fillStores(pool, [id]);
    // In the steady state autovacuum keeps: statistics and the visibility map current.
    await pool.query('VACUUM ANALYZE products');
    const token = mintKey(databaseUrl, 'solo');
    const headers = { host: HOST };
    // The api reads the new store within its directory's poll.
    // (node:http: fetch sends its own Host.)
    for (let i = 0; ; i++) {
      const status = await statusOf(`${base}/store`, { ...headers, authorization: `Bearer ${token}` });
      if (status === 200) break;
      if (i > 100) throw new Error(`stores: the api never found store solo (${status})`);
      await sleep(100);
    }
    const scenarios = [
      { name: 'GET /products?limit=50 (one store)', path: '/products?limit=50', headers },
      { name: 'GET /product/{sku} (one store)', path: '/product/S-77', headers },
    ];
    // Warmed first (compiled code, cached plans), so the first figure is not the cold one.
    for (const s of scenarios) await measure(base, token, s, 2, connections);
    const alone: Figure[] = [];
    for (const s of scenarios) alone.push(await measure(base, token, s, seconds, connections));

    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO stores (handle, name) SELECT 'tenant-' || n, 'Tenant ' || n FROM generate_series(1, $1::int) n RETURNING id`,
      [others],
    );
    await fillStores(
      pool,
      rows.map((r) => r.id),
    );
    await pool.query('VACUUM ANALYZE products');
    const among: Figure[] = [];
    for (const s of scenarios) among.push(await measure(base, token, s, seconds, connections));
    return {
      stores: others + 1,
      products_per_store: PRODUCTS,
      cases: scenarios.map((s, i) => ({
        name: s.name,
        alone: alone[i],
        among: among[i],
        p99_ratio: Number((among[i].p99 / Math.max(alone[i].p99, 0.01)).toFixed(2)),
      })),
    };
  } finally {
    await pool.end();
  }
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
