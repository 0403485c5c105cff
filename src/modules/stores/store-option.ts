import { type CliFlags, printUsageError } from '../../cli/cli-output.js';
import type { StoreDirectory } from './store-directory.js';
import { DEFAULT_STORE } from './store-face.js';

/** The flags of a command that works on one store's data: `--store HANDLE` (default `default`). */
export interface StoreFlags extends CliFlags {
  store?: string;
}

/** Runs a command's work as the store `--store` names; a handle no store has is a usage error (exit 2). */
export function inNamedStore(stores: StoreDirectory, flags: StoreFlags, work: () => Promise<void>): Promise<void> {
  const handle = flags.store ?? DEFAULT_STORE;
  const store = stores.byHandle(handle);
  if (!store) {
    printUsageError(flags, `no store "${handle}" (store:list lists them)`);
    return Promise.resolve();
  }
  return stores.runAs(store.id, work);
}
