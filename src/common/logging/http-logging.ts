import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** A client's X-Request-Id is kept when it is 1–200 characters that are safe in a header and a log line. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:@/+=~-]{1,200}$/;

export function requestIdFor(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && CLIENT_REQUEST_ID.test(value) ? value : randomUUID();
}

/** The path only: query strings are left out of the logs, whatever they carry. */
const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '').split('?')[0].slice(0, 2000);

/** One access line per request, success or error, in the same shape. */
function accessLine(req: IncomingMessage, res: ServerResponse, durationMs: unknown) {
  return {
    method: req.method,
    path: pathOf(req),
    status: res.statusCode,
    duration_ms: durationMs,
    ...(res.writableEnded ? {} : { aborted: true }),
  };
}

/**
 * The first middleware of the api: gives the request its id (echoed as X-Request-Id on every
 * response, errors included), writes the access line when the response ends, and opens the logging
 * context so every line logged while serving the request carries `request_id`.
 */
export function requestLogging(logger: Logger, context: PinoLogger): RequestHandler[] {
  const http = pinoHttp({
    logger,
    // Request and response objects stay out of the lines: headers carry credentials.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // A 500 is a bug; a 503 is a dependency away (already logged once where it was noticed).
    customLogLevel: (_req, res, err) => (err || res.statusCode === 500 ? 'error' : res.statusCode >= 500 ? 'warn' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}${res.writableEnded ? '' : ' (aborted)'}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customSuccessObject: (req, res, value) => accessLine(req, res, (value as { duration_ms?: number }).duration_ms),
    // The error itself is logged where it is handled (the exception filter), with its stack.
    customErrorObject: (req, res, _err, value) => accessLine(req, res, (value as { duration_ms?: number }).duration_ms),
  });
  const bindContext = (req: Request, _res: Response, next: NextFunction) =>
    context.runInContext(next, { bindings: { request_id: req.id } });
  return [http as unknown as RequestHandler, bindContext];
}
