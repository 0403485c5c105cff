import { createServer } from 'node:http';
import pg from 'pg';
import { type Figure, type Scenario, benchDatabase, measure, mintKey, peakRssMiB, startApi, table } from './harness.js';

/**
 * `npm run bench`: throughput and latency of the API against a raw baseline (node:http + pg reading
 * one row), all on this machine and one PostgreSQL. Not a test: it prints figures, it asserts nothing.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune a run.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main(): Promise<void> {
  const db = await benchDatabase();
  const apiPort = 3900;
  const api = await startApi({ DATABASE_URL: db.url, PORT: String(apiPort) });
  const token = mintKey(db.url);
  const base = `http://127.0.0.1:${apiPort}`;
  try {
    // Data: 60 countries with 5 states each.
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (let i = 0; i < 60; i++) {
      const code = String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26));
      await fetch(`${base}/country`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Country ${code}`, code }) });
      for (let s = 0; s < 5; s++) {
        await fetch(`${base}/country/${code}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ name: `State ${s}`, code: `S${s}` }),
        });
      }
    }

    const pool = new pg.Pool({ connectionString: db.url, max: 20 });
    const baseline = createServer((_req, res) => {
      pool.query('SELECT * FROM countries WHERE id = 1').then(
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
      { name: 'GET /country/{id}', path: '/country/1' },
      { name: 'GET /countries?limit=50&embed=states', path: '/countries?limit=50&embed=states' },
      {
        name: 'POST /customfielddefinitions',
        method: 'POST',
        path: '/customfielddefinitions',
        body: () => ({ name: `f${process.pid}_${n++}`, label: 'Bench', entity: 'product', type: 'string' }),
      },
      { name: 'PATCH /country/{id}', method: 'PATCH', path: '/country/2', body: () => ({ name: `Country ${n++}` }) },
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
    console.log(table(figures, raw));
    console.log(`\nAPI peak RSS: ${peakRssMiB(api.pid!)} MiB`);
    baseline.close();
    await pool.end();
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
