import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../http/api-error.js';
import { sendError } from '../http/envelope.js';
import { sendApiError } from '../http/exception.filter.js';
import { type Principal, requestContext } from '../http/request-context.js';

/**
 * Paths served without a token (docs/api.md#authentication-and-scopes; the cart link is the buyer's capability,
 * docs/api.md#the-buyers-page-cart).
 */
export const PUBLIC_PATHS = ['/health', '/ready', '/docs', '/openapi.json', '/admin/queues', '/cart', '/favicon.ico', '/robots.txt'];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

export const invalidToken = () => new ApiError(401, 'The access token is not valid.', { 'WWW-Authenticate': 'Bearer realm="store-api"' });

/**
 * First thing on every request: opens the request context and resolves the Bearer token to an API
 * key, so a bad token is a 401 before the body is read or a route is looked up.
 */
export function authenticationMiddleware(authenticate: (token: string) => Promise<Principal | null>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const ifMatch = req.headers['if-match'] ?? null;
    requestContext.run({ principal: null, ifMatch }, () => {
      if (isPublicPath(req.path)) return next();
      const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,512})\s*$/i.exec(req.headers.authorization ?? '');
      if (!match) {
        const e = invalidToken();
        return sendError(res, e.status, e.body, e.headers);
      }
      authenticate(match[1])
        .then((principal) => {
          if (!principal) {
            const e = invalidToken();
            return sendError(res, e.status, e.body, e.headers);
          }
          requestContext.get()!.principal = principal;
          next();
        })
        .catch((err: unknown) => sendApiError(res, err));
    });
  };
}
