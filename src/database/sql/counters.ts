/** What a store counts: its quotes (`Q1001`…), subscriptions (`S1001`…) and orders (`O1`…), each from its first value. */
const FIRST = { quote: 1001, subscription: 1001, order: 1 } as const;

export type StoreCounter = keyof typeof FIRST;

/**
 * A statement's CTE body that takes the next `count` numbers of `counter` in the transaction's
 * store and answers the last of them as `value` (the first is `value - count + 1`). The store's
 * counter row (`store_counters`) is made at its first use and locked until the transaction ends,
 * so numbers are never given twice and never skipped by a transaction that commits.
 */
export function takeNumbersSql(counter: StoreCounter, count = 1): string {
  const first = FIRST[counter];
  return `INSERT INTO store_counters (name, value) VALUES ('${counter}', ${first + count - 1})
    ON CONFLICT (store_id, name) DO UPDATE SET value = store_counters.value + ${count} RETURNING value`;
}
