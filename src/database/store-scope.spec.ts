import { currentStoreId, runAsOperator, runInStore, StoreTransactions, transactionEffect } from './store-scope.js';

describe('store scope', () => {
  it('reads what a statement does to the transaction', () => {
    expect(
      ['BEGIN', ' start transaction isolation level repeatable read', 'COMMIT', 'rollback', 'END', 'ABORT'].map(transactionEffect),
    ).toEqual(['begins', 'begins', 'ends', 'ends', 'ends', 'ends']);
    expect(
      ['ROLLBACK TO SAVEPOINT s1', 'rollback to s1', 'ROLLBACK WORK TO SAVEPOINT s', "COMMIT PREPARED 'x'"].map(transactionEffect),
    ).toEqual([null, null, null, null]);
    expect(transactionEffect('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')).toBe('characterizes');
    expect(transactionEffect('SELECT 1')).toBeNull();
    expect(() => transactionEffect('COMMIT AND CHAIN')).toThrow(/AND CHAIN/);
  });

  it("refuses a store statement in the operator's transaction or another store's, and takes the rest", () => {
    const opened = (storeId: number | undefined) => {
      const account = new StoreTransactions();
      account.plan('BEGIN', storeId);
      return account;
    };
    expect(() => opened(undefined).plan('SELECT 1', 2)).toThrow(/inside a transaction the operator began/);
    expect(() => opened(3).plan('SELECT 1', 2)).toThrow(/of store 2 inside a transaction of store 3/);
    expect(opened(undefined).plan('SELECT 1', undefined)).toEqual({ send: 'as-is' });
    // An operator's statement in a store's transaction runs as the store's: guarded.
    expect(opened(2).plan('SELECT 1', undefined)).toEqual({ send: 'with-settings', storeId: 2, inTransaction: true });
    expect(new StoreTransactions().plan('SELECT 1', undefined)).toEqual({ send: 'as-is' });
    expect(new StoreTransactions().plan('SELECT 1', 2)).toEqual({ send: 'with-settings', storeId: 2, inTransaction: false });
  });

  it("gives a store's transaction its settings once, with its first statement after SET TRANSACTION", () => {
    const account = new StoreTransactions();
    const plans = ['BEGIN', 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ', 'SELECT 1', 'SELECT 2', 'COMMIT', 'SELECT 3'].map((sql) =>
      account.plan(sql, 4),
    );
    expect(plans).toEqual([
      { send: 'begin' },
      { send: 'as-is' },
      { send: 'with-settings', storeId: 4, inTransaction: true },
      { send: 'as-is' },
      { send: 'as-is' },
      { send: 'with-settings', storeId: 4, inTransaction: false },
    ]);
    // A BEGIN that failed opened nothing; a streamed statement cannot carry the settings.
    const failing = new StoreTransactions();
    failing.plan('BEGIN', 4);
    failing.failed();
    expect(() => failing.plan('SELECT 1', undefined)).not.toThrow();
    expect(() => new StoreTransactions().plan(null, 4)).toThrow(/must run in a transaction/);
    const streamed = new StoreTransactions();
    streamed.plan('BEGIN', 4);
    expect(() => streamed.plan(null, 4)).toThrow(/cannot be the first of its transaction/);
  });

  it("keeps the store through awaits, and leaves it for the operator's work", async () => {
    const seen = await runInStore(7, async () => {
      await Promise.resolve();
      return [currentStoreId(), runAsOperator(() => currentStoreId())];
    });
    expect([seen, currentStoreId()]).toEqual([[7, undefined], undefined]);
    expect(() => runInStore(0, () => 1)).toThrow(RangeError);
  });
});
