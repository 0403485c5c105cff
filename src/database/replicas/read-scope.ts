import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';

const scope = new AsyncLocalStorage<EntityManager>();

/**
 * The manager a request reads through outside transactions: a replica's, chosen for the request by
 * the read router, or none (the primary). TransactionRunner.direct answers with it.
 */
export const readScope = {
  run<T>(manager: EntityManager, fn: () => T): T {
    return scope.run(manager, fn);
  },
  manager(): EntityManager | undefined {
    return scope.getStore();
  },
};
