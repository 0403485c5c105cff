import { AsyncLocalStorage } from 'node:async_hooks';
import { HOME_CLUSTER } from '../../config/app-config.js';

const scope = new AsyncLocalStorage<string>();

/**
 * Runs `fn` (and everything it awaits) on the PostgreSQL cluster `name`: the statements it sends
 * through TransactionRunner go there (docs/api.md#clusters). A store's request or job runs on its
 * store's cluster (runForStore); the operator's work on a cluster (a pass of background work) says
 * which; the store directory lives on `home`.
 */
export function runOnCluster<T>(name: string, fn: () => T): T {
  return scope.run(name, fn);
}

/** The cluster the work in hand runs on: `home` unless told. */
export function currentCluster(): string {
  return scope.getStore() ?? HOME_CLUSTER;
}
