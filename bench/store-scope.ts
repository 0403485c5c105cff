import pg from 'pg';
import { proveDirectSession } from '../src/database/direct-session.js';
import { STORE_SETTINGS_SQL, StoreScopedClient, runInStore } from '../src/database/store-scope.js';
import { benchDatabase } from './harness.js';

/**
 * `npm run bench:store-scope`: what it costs to run a statement as one store's under row-level
 * security (docs/api.md#stores), measured on PostgreSQL before the api does it. A table of `STORES`
 * stores × `ROWS` rows, an index on (store_id, id), a policy that shows a row only when its store_id
 * is the transaction's `app.store_id`, and a role (`store_scope_bench`) that is neither owner nor
 * superuser. Three ways to send one statement of one store, each from 50 loops over 20 connections
 * for BENCH_SECONDS:
 *
 * - `owner`: as today's api does, the table's owner, the store a predicate of the statement (no policy applies);
 * - `pipelined`: as the api sends it (src/database/store-scope.ts: a pool of StoreScopedClient, the
 *   statement run in the store's scope): Bind/Execute of `SELECT set_config('role', $1, true),
 *   set_config('app.store_id', $2, true)`, then the statement's own messages, then one Sync, so both
 *   run in one implicit transaction and the settings end with it;
 * - `transaction`: the same settings the plain way: BEGIN, set_config, the statement, COMMIT (four round trips).
 *
 * Each way runs a page of one store (`… ORDER BY id LIMIT 50`) and a row by id; every answer is
 * checked to hold only that store's rows.
 */

const STORES = Number(process.env.BENCH_STORES ?? 1000);
const ROWS = Number(process.env.BENCH_STORE_ROWS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROLE = 'store_scope_bench';

type Way = 'owner' | 'pipelined' | 'transaction';
interface Row {
  id: number;
  store_id: number;
}

/** The page or row of `storeId` the way `way` sends it. */
async function statement(client: pg.PoolClient, way: Way, kind: 'page' | 'row', storeId: number, id: number): Promise<Row[]> {
  const [rls, explicit] =
    kind === 'page'
      ? [
          'SELECT * FROM items WHERE id > $1 ORDER BY id LIMIT 50',
          'SELECT * FROM items WHERE store_id = $2 AND id > $1 ORDER BY id LIMIT 50',
        ]
      : ['SELECT * FROM items WHERE id = $1', 'SELECT * FROM items WHERE store_id = $2 AND id = $1'];
  if (way === 'owner') return (await client.query<Row>(explicit, [id, storeId])).rows;
  if (way === 'pipelined') return (await runInStore(storeId, () => client.query<Row>(rls, [id]))).rows;
  await client.query('BEGIN');
  try {
    await client.query(STORE_SETTINGS_SQL, [ROLE, String(storeId)]);
    return (await client.query<Row>(rls, [id])).rows;
  } finally {
    await client.query('COMMIT');
  }
}

async function measure(pool: pg.Pool, way: Way, kind: 'page' | 'row'): Promise<{ per_s: number; p50_ms: number; p99_ms: number }> {
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const loop = async () => {
    while (Date.now() < until) {
      const storeId = 1 + Math.floor(Math.random() * STORES);
      // A row of that store: ids run store by store, ROWS each.
      const id = kind === 'row' ? (storeId - 1) * ROWS + 1 + Math.floor(Math.random() * ROWS) : 0;
      const client = await pool.connect();
      const started = process.hrtime.bigint();
      try {
        const rows = await statement(client, way, kind, storeId, id);
        if (!rows.length || rows.some((r) => r.store_id !== storeId)) throw new Error(`${way} ${kind}: rows of another store, or none`);
      } finally {
        client.release();
      }
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: 50 }, loop));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2));
  return { per_s: Math.round(latencies.length / SECONDS), p50_ms: at(0.5), p99_ms: at(0.99) };
}

async function main(): Promise<void> {
  const db = await benchDatabase('store_scope');
  const pool = new pg.Pool({ connectionString: db.url, max: 20 });
  // The api's own pool: its clients send a store's statements with the store's settings.
  const scopedPool = new pg.Pool({
    connectionString: db.url,
    max: 20,
    Client: StoreScopedClient,
    appRole: ROLE,
    onConnect: proveDirectSession,
  } as unknown as pg.PoolConfig);
  scopedPool.on('error', () => undefined);
  // pool.end() resolves before its clients have closed, and the database is dropped WITH (FORCE) right
  // after: a client still closing gets "terminating connection", which the pool re-emits as its own 'error'.
  pool.on('error', () => undefined);
  try {
    await pool.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${ROLE}') THEN CREATE ROLE ${ROLE} NOLOGIN; END IF;
      END $$`);
    await pool.query(
      `CREATE TABLE items (id int PRIMARY KEY, store_id int NOT NULL, name text NOT NULL, price numeric(12, 2) NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
    );
    // Store by store, ROWS ids each.
    await pool.query(
      `INSERT INTO items (id, store_id, name, price)
       SELECT (s - 1) * $2::int + r, s, 'Item ' || s || '-' || r, r * 1.25 FROM generate_series(1, $1::int) s, generate_series(1, $2::int) r`,
      [STORES, ROWS],
    );
    await pool.query('CREATE INDEX items_store_id_id ON items (store_id, id)');
    await pool.query('ALTER TABLE items ENABLE ROW LEVEL SECURITY');
    await pool.query(`CREATE POLICY items_store ON items USING (store_id = NULLIF(current_setting('app.store_id', true), '')::int)`);
    await pool.query(`GRANT SELECT ON items TO ${ROLE}`);
    await pool.query('VACUUM ANALYZE items');
    // Without the setting the role sees nothing.
    const unset = await pool.connect();
    try {
      await unset.query('BEGIN');
      await unset.query(`SET LOCAL ROLE ${ROLE}`);
      const { rows } = await unset.query<{ n: number }>('SELECT count(*)::int AS n FROM items');
      await unset.query('COMMIT');
      if (rows[0].n !== 0) throw new Error(`the role sees ${rows[0].n} rows without app.store_id`);
    } finally {
      unset.release();
    }
    console.error(`${STORES} stores × ${ROWS} rows; ${SECONDS} s per way, 50 loops on 20 connections, Node ${process.versions.node}`);
    const figures: Record<string, unknown> = {};
    for (const kind of ['page', 'row'] as const)
      for (const way of ['owner', 'pipelined', 'transaction'] as const) {
        const f = await measure(way === 'pipelined' ? scopedPool : pool, way, kind);
        figures[`${kind}_${way}`] = f;
        console.log(`${kind.padEnd(4)} ${way.padEnd(11)} ${String(f.per_s).padStart(6)}/s  p50 ${f.p50_ms} ms  p99 ${f.p99_ms} ms`);
      }
    if (process.argv.includes('--json'))
      console.log(JSON.stringify({ node: process.versions.node, stores: STORES, rows: ROWS, ...figures }));
  } finally {
    await pool.end();
    await scopedPool.end();
    await db.drop();
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${ROLE}`).catch(() => undefined);
    await admin.end();
  }
}

await main();
