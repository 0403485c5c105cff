import type { DataSource } from 'typeorm';
import { Replica } from './replica.js';

/** A data source whose initialisation takes until `finish` is called, counting the attempts. */
function slowDataSource() {
  const state = { calls: 0, isInitialized: false, finish: (_ok: boolean) => undefined as void };
  const ds = {
    get isInitialized() {
      return state.isInitialized;
    },
    initialize: () => {
      state.calls++;
      return new Promise<DataSource>((resolve, reject) => {
        state.finish = (ok) => {
          if (!ok) return reject(new Error('connection refused'));
          state.isInitialized = true;
          resolve(ds as unknown as DataSource);
        };
      });
    },
  };
  return { state, ds: ds as unknown as DataSource };
}

describe('Replica.initialize', () => {
  it('initialises the data source once when checks overlap', async () => {
    const { state, ds } = slowDataSource();
    const replica = new Replica('replica 1 (db:5432)', 'postgres://db/x', ds);
    const first = replica.initialize();
    const second = replica.initialize();
    state.finish(true);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(await replica.initialize()).toBe(true);
    expect(state.calls).toBe(1);
  });

  it('tries again at the next check after a failed initialisation, still one at a time', async () => {
    const { state, ds } = slowDataSource();
    const replica = new Replica('replica 1 (db:5432)', 'postgres://db/x', ds);
    const failed = [replica.initialize(), replica.initialize()];
    state.finish(false);
    expect(await Promise.all(failed)).toEqual([false, false]);
    expect(state.calls).toBe(1);
    const again = [replica.initialize(), replica.initialize()];
    state.finish(true);
    expect(await Promise.all(again)).toEqual([true, true]);
    expect(state.calls).toBe(2);
  });
});
