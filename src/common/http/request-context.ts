import { AsyncLocalStorage } from 'node:async_hooks';

export interface Principal {
  apiKeyId: number;
  /** The store the key belongs to. */
  storeId: number;
  name: string;
  scopes: string[];
  /** When the key was created (ms since the epoch): a read router sends a new key's reads to the primary. */
  createdAt: number;
}

export interface RequestContext {
  principal: Principal | null;
  ifMatch: string | null;
  /** Field errors found before the body's validation, reported with it (see undeclared-input.ts). */
  fieldErrors?: Record<string, string[]>;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  get(): RequestContext | undefined {
    return storage.getStore();
  },
};
