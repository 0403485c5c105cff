import { currentStoreId, refuseMixing, runAsOperator, runInStore, transactionEffect } from './store-scope.js';

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
    expect(() => refuseMixing('operator', 2)).toThrow(/inside a transaction the operator began/);
    expect(() => refuseMixing(3, 2)).toThrow(/of store 2 inside a transaction of store 3/);
    for (const [open, store] of [
      [null, 2],
      [null, undefined],
      ['operator', undefined],
      [2, 2],
      [2, undefined],
    ] as const)
      expect(() => refuseMixing(open, store)).not.toThrow();
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
