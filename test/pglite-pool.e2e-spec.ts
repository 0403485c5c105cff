import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { pgliteDriver } from '../src/database/pglite-pool.js';
import { describeE2E } from './support/describe-e2e.js';

/**
 * The embedded database's driver on a real (in-memory) PGlite. Here rather than beside the driver:
 * starting PGlite takes long enough to slow the unit tests down noticeably.
 */
describeE2E('embedded PGlite pool', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = new DataSource({ type: 'postgres', driver: pgliteDriver(undefined) } as never);
    await ds.initialize();
    await ds.query('CREATE TABLE t (id serial PRIMARY KEY, n numeric(12,2) NOT NULL)');
  });
  afterAll(() => ds?.destroy());

  it('keeps a transaction to itself: a concurrent read never sees its uncommitted rows', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const rowInserted = new Promise<void>((r) => (inserted = r));
    const tx = ds
      .transaction(async (m) => {
        await m.query('INSERT INTO t (n) VALUES (1.50)');
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    // The read starts while the transaction holds its uncommitted row.
    await rowInserted;
    const read = ds.query('SELECT count(*)::int AS c FROM t');
    release();
    expect(await tx).toBe('roll back');
    expect(await read).toEqual([{ c: 0 }]);
  });

  it('returns numerics as exact strings and reports affected rows', async () => {
    await ds.query('INSERT INTO t (n) VALUES (0.10), (0.20)');
    expect(await ds.query('SELECT sum(n) AS s FROM t')).toEqual([{ s: '0.30' }]);
    const result = await ds.createQueryBuilder().update('t').set({ n: 5 }).execute();
    expect(result.affected).toBe(2);
  });
});

describeE2E('embedded PGlite pool: lending its one connection', () => {
  type Release = () => void;
  type Client = { query: (sql: string) => Promise<{ rows: unknown[] }> };
  type Connect = (cb: (err: unknown, client: Client | null, release: Release) => void) => void;
  let pool: { connect: Connect; end: (cb?: () => void) => void; on: (e: string, f: (err: unknown) => void) => void };
  const errors: unknown[] = [];
  const borrow = () =>
    new Promise<{ client: Client; release: Release }>((resolve, reject) =>
      pool.connect((err, client, release) => (err ? reject(err as Error) : resolve({ client: client!, release }))),
    );
  beforeAll(async () => {
    const { Pool } = pgliteDriver(undefined) as { Pool: new () => typeof pool };
    pool = new Pool();
    pool.on('error', (err) => errors.push(err));
    // The first loan starts the database (WebAssembly, a new cluster in memory): seconds, and more on a
    // busy machine, which the tests below must not count against their own time.
    (await borrow()).release();
  }, 120_000);
  afterAll(() => new Promise<void>((resolve) => pool?.end(() => resolve())));

  it('lends it to one runner at a time, even after a connect callback threw and later released it too', async () => {
    let late: Release | undefined;
    pool.connect((_err, _client, release) => {
      late = release;
      throw new Error('callback failed');
    });
    const first = await borrow();
    expect(errors.map(String)).toEqual(['Error: callback failed']);
    let secondLent = false;
    const second = borrow().then((b) => ((secondLent = true), b));
    // The runner whose callback threw releases it again: the connection stays with `first`.
    late!();
    await new Promise((r) => setTimeout(r, 50));
    expect(secondLent).toBe(false);
    first.release();
    (await second).release();
  });

  it('gives the next runner no transaction of the one before: an aborted or open one is rolled back', async () => {
    const setup = await borrow();
    await setup.client.query('CREATE TABLE IF NOT EXISTS lent (n int)');
    setup.release();
    const aborted = await borrow();
    await aborted.client.query('BEGIN');
    await expect(aborted.client.query('SELECT 1 / 0')).rejects.toThrow(/division by zero/);
    aborted.release();
    const next = await borrow();
    expect((await next.client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await next.client.query('BEGIN');
    await next.client.query('INSERT INTO lent VALUES (1)');
    next.release();
    const after = await borrow();
    expect((await after.client.query('SELECT count(*)::int AS c FROM lent')).rows).toEqual([{ c: 0 }]);
    after.release();
  });
});
