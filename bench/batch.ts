import type pg from 'pg';
import { writeAsDefaultStore } from './harness.js';

/**
 * The batch scenario (docs/api.md#put-products-and-their-parts): `PUT /products` with 1,000 products, each with 2 options, 4
 * variants, 3 price tiers and a category (≈ 1.3 MB), against writing the same rows inside
 * PostgreSQL with `INSERT … SELECT` (in a transaction rolled back, indexes included).
 */
export const BATCH_PRODUCTS = 1000;

/**
 * Product `i` of run `run` (its SKU is `<run>-<i>`): 2 options, 4 variants, 3 price tiers and a
 * category. `version` changes names and prices (an update of every product and part). The batch and
 * the import scenario (bench/import.ts) send the same products.
 */
export function batchProduct(run: string, categoryId: number, i: number, version = 0): object {
  const sku = `${run}-${i}`;
  return {
    sku,
    name: `Batch product ${i}${version ? ` v${version}` : ''}`,
    base_price: `${10 + version}.00`,
    description: `<p>Product <b>${i}</b> of the batch bench, with a description of a realistic length for an ERP export.</p>`,
    weight: '0.50',
    track_inventory: 1,
    in_stock_amount: 100 + i,
    category_ids: [categoryId],
    options: [
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'M'] },
    ],
    variants: [
      ['Red', 'S'],
      ['Red', 'M'],
      ['Blue', 'S'],
      ['Blue', 'M'],
    ].map(([Color, Size]) => ({
      sku: `${sku}-${Color}-${Size}`,
      options: { Color, Size },
      base_price: `${11 + version}.00`,
      in_stock_amount: 25,
    })),
    price_tiers: [
      { quantity: 10, price: `${9 + version}.00` },
      { quantity: 50, price: `${8 + version}.00` },
      { quantity: 100, price: `${7 + version}.00` },
    ],
  };
}

/** The batch body: the 1,000 products of run `run`. */
export function batchBody(run: string, categoryId: number, version = 0): object[] {
  return Array.from({ length: BATCH_PRODUCTS }, (_, i) => batchProduct(run, categoryId, i, version));
}

export interface BatchFigures {
  body_bytes: number;
  create_ms: number[];
  unchanged_ms: number[];
  update_ms: number[];
  insert_select_ms: number[];
}

/** Times PUT /products (creates, the same again, an update of everything) and the same rows by INSERT … SELECT. */
export async function measureBatch(base: string, token: string, pool: pg.Pool, categoryId: number, runs = 3): Promise<BatchFigures> {
  const put = async (body: object[]) => {
    const text = JSON.stringify(body);
    const started = performance.now();
    const res = await fetch(`${base}/products`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: text,
    });
    await res.arrayBuffer();
    const ms = Math.round(performance.now() - started);
    if (res.status !== 200) throw new Error(`PUT /products → ${res.status}`);
    return { ms, bytes: Buffer.byteLength(text) };
  };
  const figures: BatchFigures = { body_bytes: 0, create_ms: [], unchanged_ms: [], update_ms: [], insert_select_ms: [] };
  for (let r = 0; r < runs; r++) {
    const created = await put(batchBody(`B${r}`, categoryId));
    figures.body_bytes = created.bytes;
    figures.create_ms.push(created.ms);
    figures.unchanged_ms.push((await put(batchBody(`B${r}`, categoryId))).ms);
    figures.update_ms.push((await put(batchBody(`B${r}`, categoryId, 1))).ms);
    figures.insert_select_ms.push(await insertSelect(pool, `S${r}`, categoryId));
  }
  return figures;
}

/**
 * The same rows as `count` products of run `run` created by the api (batchProduct's), written inside
 * PostgreSQL by INSERT … SELECT in one transaction, then rolled back: the floor of writing them.
 */
export async function insertSelect(pool: pg.Pool, run: string, categoryId: number, count = BATCH_PRODUCTS): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await writeAsDefaultStore(client);
    const started = performance.now();
    await client.query(
      `INSERT INTO products (name, sku, url_name, base_price, description, weight, track_inventory, in_stock_amount)
       SELECT 'Batch product ' || i, $1 || '-' || i, lower($1) || '-batch-product-' || i, 10, '<p>Product <b>' || i || '</b> of the batch bench, with a description of a realistic length for an ERP export.</p>', 0.5, true, 100 + i
         FROM generate_series(0, $2 - 1) i`,
      [run, count],
    );
    await client.query(
      `INSERT INTO product_options (product_id, name, values, sort_order)
       SELECT p.id, o.name, o.values::jsonb, 0 FROM products p,
              (VALUES ('Color', '["Red","Blue"]'), ('Size', '["S","M"]')) AS o(name, values) WHERE p.sku LIKE $1 || '-%'`,
      [run],
    );
    await client.query(
      `INSERT INTO product_variants (product_id, sku, options, base_price, in_stock_amount)
       SELECT p.id, p.sku || '-' || c || '-' || s, jsonb_build_object('Color', c, 'Size', s), 11, 25
         FROM products p, unnest(ARRAY['Red','Red','Blue','Blue'], ARRAY['S','M','S','M']) AS v(c, s) WHERE p.sku LIKE $1 || '-%'`,
      [run],
    );
    await client.query(
      `INSERT INTO product_price_tiers (product_id, quantity, price)
       SELECT p.id, t.q, t.price FROM products p, (VALUES (10, 9), (50, 8), (100, 7)) AS t(q, price) WHERE p.sku LIKE $1 || '-%'`,
      [run],
    );
    await client.query(
      `INSERT INTO product_categories (product_id, category_id) SELECT p.id, $2 FROM products p WHERE p.sku LIKE $1 || '-%'`,
      [run, categoryId],
    );
    const ms = Math.round(performance.now() - started);
    await client.query('ROLLBACK');
    return ms;
  } finally {
    client.release();
  }
}
