/** What a store numbers: its quotes (`Q1001`…), subscriptions (`S1001`…) and orders (`O1001`…), each from its first value. */
export const STORE_NUMBERS = { quote: 1001, subscription: 1001, order: 1001 } as const;

export type StoreNumber = keyof typeof STORE_NUMBERS;

/** The sequence of the store `storeId`'s numbers of `kind` (made with the store). */
export function numbersSequence(storeId: number, kind: StoreNumber): string {
  if (!Number.isSafeInteger(storeId) || storeId <= 0) throw new RangeError(`not a store id: ${storeId}`);
  return `store_${storeId}_${kind}_numbers`;
}

/**
 * SQL of the next number of `kind` in the transaction's store: its own sequence, named from
 * `app_store_id()` (a statement without a store names none, and fails). A sequence holds no lock
 * past the statement, so a store's writers never wait on each other for a number; a number taken
 * by a transaction that rolls back is not given again.
 */
export function nextNumberSql(kind: StoreNumber): string {
  return `nextval(format('store_%s_${kind}_numbers', app_store_id())::regclass)`;
}
