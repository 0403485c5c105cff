import type { NextFunction, Request, Response } from 'express';
import type { ReadRouter } from '../../database/replicas/read-router.js';
import { readScope } from '../../database/replicas/read-scope.js';
import { requestContext } from './request-context.js';

/**
 * With read replicas (DATABASE_REPLICA_URLS): a GET or HEAD of an API key reads outside transactions
 * from a replica that has replayed the key's writes (or from the primary). Any request runs with its
 * key known to the router, so that each commit it makes records how far the primary's WAL got (see
 * TransactionRunner): the key's next read, on any host, sees what it wrote. After authentication,
 * which names the key. The replicas are those of the store's cluster (docs/api.md#clusters).
 */
export function readRoutingMiddleware(router: ReadRouter) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const principal = requestContext.get()?.principal;
    if (!principal) return next();
    const keyId = principal.apiKeyId;
    if (req.method !== 'GET' && req.method !== 'HEAD') return router.writingAs(keyId, next);
    router.managerFor(principal).then(
      (manager) => router.writingAs(keyId, () => (manager ? readScope.run(manager, next) : next())),
      () => router.writingAs(keyId, next),
    );
  };
}
