import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { newClaim } from '../src/common/jobs/claim-keeper.js';
import { queryCounter } from '../src/database/query-counter.js';
import type { Import } from '../src/modules/bulk/bulk.entities.js';
import { ImportRunner } from '../src/modules/bulk/import.runner.js';
import { BulkJobsRepository } from '../src/modules/bulk/repositories/bulk-jobs.repository.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { dropRedisKeys } from './support/processes.js';
import { type TestApp, asDefaultStore, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * What an import costs the database: a chunk of lines is a fixed number of statements, whatever the
 * number of lines in it (docs/api.md#bulk-import-and-export, through the batch upsert). The api runs with Redis here, so it
 * runs no import itself: the spec runs the one it uploads, counting its statements.
 */
describeE2E('bulk imports: statements per chunk', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const prefix = `test-imports-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    t = await bootTestApp('imports_statements', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix });
    auth = { Authorization: `Bearer ${await t.token()}` };
    expect((await t.http.post('/category').set(auth).send({ name: 'Tees' })).status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await dropRedisKeys(TEST_REDIS_URL, prefix);
  });

  const product = (run: string, i: number) => ({
    sku: `${run}-${i}`,
    name: `Tee ${i}`,
    base_price: '10.00',
    category_ids: [1],
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { sku: `${run}-${i}-S`, options: { Size: 'S' }, price_tiers: [{ quantity: 5, price: '9.00' }] },
      { sku: `${run}-${i}-M`, options: { Size: 'M' } },
    ],
    price_tiers: [{ quantity: 10, price: '9.50' }],
    attributes: [{ name: 'Fabric', value: 'Cotton' }],
  });

  /** Uploads `lines` and runs the import here; answers its statements and the finished import. */
  async function importCounted(lines: string[]): Promise<{ statements: number; job: Import }> {
    const res = await t.http
      .post('/imports?resource=products')
      .set(auth)
      .set('Content-Type', 'application/x-ndjson')
      .send(lines.join('\n'));
    expect(res.status).toBe(202);
    const ticket = newClaim();
    const m = t.app.get(DataSource).manager;
    const job = await t.app.get(BulkJobsRepository).claimNext<Import>(m, 'imports', 15, ticket, res.body.data.id as number);
    queryCounter.reset();
    let last: Import | null = null;
    // As the job's store, as the bulk handler runs it.
    await asDefaultStore(() =>
      t.app.get(ImportRunner).run(
        job!,
        ticket,
        500,
        () => false,
        (j) => (last = j),
      ),
    );
    return { statements: queryCounter.count, job: last! };
  }

  it('creates 3 products or 300 in the same number of statements, and updates them in the same number again', async () => {
    const few = await importCounted([0, 1, 2].map((i) => JSON.stringify(product('A', i))));
    const many = await importCounted(Array.from({ length: 300 }, (_, i) => JSON.stringify(product('B', i))));
    expect([few.job.created, many.job.created]).toEqual([3, 300]);
    expect(many.statements).toBe(few.statements);

    const v2 = (run: string, n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ ...product(run, i), name: `Tee ${i} v2` }));
    const fewUpdated = await importCounted(v2('A', 3));
    const manyUpdated = await importCounted(v2('B', 300));
    expect([fewUpdated.job.updated, manyUpdated.job.updated]).toEqual([3, 300]);
    expect(manyUpdated.statements).toBe(fewUpdated.statements);
    const fewUnchanged = await importCounted(v2('A', 3));
    const manyUnchanged = await importCounted(v2('B', 300));
    expect([fewUnchanged.job.unchanged, manyUnchanged.job.unchanged]).toEqual([3, 300]);
    expect(manyUnchanged.statements).toBe(fewUnchanged.statements);
    // As the batch PUT of the same members: the upsert's own statements, and a handful for the chunk
    // (the claim's lock bounds the transaction's idle time in the same statement), one of them the
    // attempt counted before each chunk (the one of lines, and the last, empty one that completes the import).
    expect([few.statements, fewUpdated.statements, fewUnchanged.statements]).toEqual([30, 35, 33]);
  });

  it("refreshes the planner statistics of the resource's tables once it has created a chunk's worth of members", async () => {
    const analyzed = async () =>
      (
        await t.sql<{ relname: string; analyzed: boolean }>(
          `SELECT relname, last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables
            WHERE relname IN ('products', 'product_variants', 'customers') ORDER BY relname`,
        )
      ).map((r) => `${r.relname}: ${r.analyzed}`);
    // The imports above created 303 products, fewer than a chunk of 500: nothing was analyzed.
    expect(await analyzed()).toEqual(['customers: false', 'product_variants: false', 'products: false']);
    const { job, statements } = await importCounted(Array.from({ length: 500 }, (_, i) => JSON.stringify(product('C', i))));
    expect(job.created).toBe(500);
    // The 30 statements of any one-chunk import that creates its members (above), and one ANALYZE.
    expect(statements).toBe(30 + 1);
    expect(await analyzed()).toEqual(['customers: false', 'product_variants: true', 'products: true']);
  });
});
