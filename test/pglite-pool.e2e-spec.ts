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
