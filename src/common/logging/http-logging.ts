import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/** A client's X-Request-Id is kept when it is 1–200 characters that are safe in a header and a log line. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:@/+=~-]{1,200}$/;

export function requestIdFor(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && CLIENT_REQUEST_ID.test(value) ? value : randomUUID();
}

/** The path only: query strings are left out of the logs, whatever they carry. */
const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '').split('?')[0].slice(0, 2000);

/** One access line per request, success or error, in the same shape. */
function accessLine(req: IncomingMessage, res: ServerResponse, client: string | undefined, durationMs: unknown) {
  return {
    client_address: client ?? null,
    method: req.method,
    path: pathOf(req),
    status: res.statusCode,
    duration_ms: durationMs,
    ...(res.writableEnded ? {} : { aborted: true }),
  };
}

const requestIds = new AsyncLocalStorage<string>();

/** The id of the request being served, for every line logged while serving it (see createLogger's mixin). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/**
 * The first middleware of the api: gives the request its id (echoed as X-Request-Id on every
 * response, errors included), writes the access line when the response ends, and opens the logging
 * context so every line logged while serving the request carries `request_id`. No logger is built
 * per request: the id lives in an AsyncLocalStorage the logger's mixin reads, and the access line is
 * assembled only when its level is enabled.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdFor(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    (req as Request & { id: string }).id = id;
    const started = Date.now();
    // The client as TRUST_PROXY lets the api believe it (a proxy's X-Forwarded-For, or the socket),
    // read now: the socket's address may be gone once the connection has closed.
    const client = req.ip;
    res.once('close', () => {
      const status = res.statusCode;
      // A 500 is a bug; a 503 is a dependency away (already logged once where it was noticed).
      const level = status === 500 ? 'error' : status >= 500 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const path = pathOf(req);
      const aborted = !res.writableEnded && status < 500;
      logger[level](
        { request_id: id, ...accessLine(req, res, client, Date.now() - started) },
        `${req.method} ${path} ${status}${aborted ? ' (aborted)' : ''}`,
      );
    });
    requestIds.run(id, next);
  };
}
