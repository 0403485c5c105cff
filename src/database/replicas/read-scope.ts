import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';
import { currentCluster } from '../clusters/cluster-scope.js';

const scope = new AsyncLocalStorage<{ cluster: string; manager: EntityManager }>();

/**
 * The manager a request reads through outside transactions: a replica's, chosen for the request by
 * the read router, or none (the primary). TransactionRunner.direct answers with it.
 */
export const readScope = {
  /** `manager` is a replica of the cluster the work in hand runs on. */
  run<T>(manager: EntityManager, fn: () => T): T {
    return scope.run({ cluster: currentCluster(), manager }, fn);
  },
  /** The replica's manager, unless the work has gone to another cluster since (the directory's, say: always a primary). */
  manager(): EntityManager | undefined {
    const chosen = scope.getStore();
    return chosen?.cluster === currentCluster() ? chosen.manager : undefined;
  },
};
