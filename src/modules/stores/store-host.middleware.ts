import type { Request, RequestHandler, Response } from 'express';
import { sendError } from '../../common/http/envelope.js';
import { type StoreDirectory, runForStore } from './store-directory.js';
import { hostName } from './store-face.js';

const CART = /^\/cart(?:\/|$)/i;

/**
 * Every request to a store's doors (the API and the buyer's pages) is for the store its host names
 * (docs/api.md#stores): `Host` without its port, or `X-Forwarded-Host` when TRUST_PROXY trusts the
 * hop that sent it (Express's `req.host`). Resolved once, from memory; the rest of the request runs
 * as that store's. A host no store answers gets 404: the envelope, or a page under /cart/.
 */
export function storeByHost(directory: StoreDirectory, noStorePage: (req: Request, res: Response) => void): RequestHandler {
  return (req, res, next) => {
    const store = directory.resolve(hostName(req.host));
    if (!store) return CART.test(req.path) ? noStorePage(req, res) : sendError(res, 404, 'No store at this address.');
    runForStore(store, next);
  };
}
