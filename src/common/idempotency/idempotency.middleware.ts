import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isPublicPath } from '../auth/authentication.middleware.js';
import { sendError } from '../http/envelope.js';
import { sendApiError } from '../http/exception.filter.js';
import { requestContext } from '../http/request-context.js';
import { type IdempotencyStore, type StoredResponse } from './idempotency.store.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 1–255 visible ASCII characters; a repeated header arrives joined with ", " and so fails too. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** The headers a replay repeats; the rest (RateLimit-*, Date, …) belong to the request that replays. */
const REMEMBERED_HEADERS = ['Content-Type', 'Location', 'ETag', 'Last-Modified', 'Cache-Control', 'Allow', 'Retry-After'];

/**
 * Outcomes a retry should not get back: the conflict (a concurrent write, a state that may change)
 * and the rate limit are transient, and a 5xx did not necessarily happen at all.
 */
const remembered = (status: number) => status < 500 && status !== 409 && status !== 429;

const logger = new Logger('Idempotency');

/** JSON with object keys sorted at every depth, so key order never makes two bodies differ. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What makes two requests "the same": method, path with query, and the body as JSON. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  return createHash('sha256').update(`${method} ${url}\n${bodyHash}`).digest('hex');
}

const DEFERRED = Symbol('idempotency: response held until stored');

/**
 * True while the response is written but held back until its idempotency record is stored. The
 * Express adapter checks it so Nest does not write a second, empty response meanwhile.
 */
export function responseDeferred(res: object): boolean {
  return (res as { [DEFERRED]?: boolean })[DEFERRED] === true;
}

/**
 * `Idempotency-Key` on every POST of the API (runs after the body is parsed). The first request
 * reserves the key, runs, and its response is stored before it leaves, so a retry that follows it
 * always finds the result. Mounted as middleware, it covers every route, present and future.
 */
export function idempotencyMiddleware(store: IdempotencyStore) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || key === undefined || isPublicPath(req.path)) return next();
    const principal = requestContext.get()?.principal;
    if (!principal) return next();
    if (typeof key !== 'string' || !VALID_KEY.test(key)) {
      return sendError(res, 422, { [IDEMPOTENCY_HEADER]: ['must be 1 to 255 visible ASCII characters'] });
    }
    store
      .reserve(principal.apiKeyId, key, requestFingerprint(req.method, req.originalUrl, req.body))
      .then((reservation) => {
        switch (reservation.kind) {
          case 'new':
            holdUntilStored(res, async (response) => {
              if (!remembered(response.status)) return store.release(reservation.id);
              try {
                await store.complete(reservation.id, response);
              } catch (err) {
                // Better a retry that runs again than a key stuck "in progress" until it is abandoned.
                await store.release(reservation.id).catch(() => undefined);
                throw err;
              }
            });
            return next();
          case 'replay':
            return replay(res, reservation.response);
          case 'mismatch':
            return sendError(res, 422, { [IDEMPOTENCY_HEADER]: ['was used with a different request'] });
          case 'in-progress':
            return sendError(res, 409, 'A request with this Idempotency-Key is still in progress; retry it later.');
        }
      })
      .catch((err: unknown) => sendApiError(res, err));
  };
}

function replay(res: Response, stored: StoredResponse): void {
  for (const [name, value] of Object.entries(stored.headers)) res.setHeader(name, value);
  res.setHeader('Idempotent-Replayed', 'true');
  res.setHeader('Content-Length', Buffer.byteLength(stored.body));
  res.status(stored.status).end(stored.body);
}

type EndCallback = () => void;

/**
 * Captures what the route writes (successes through sendSuccess, errors through the exception
 * filter: both end in `res.end`) and sends it only once `record` has run.
 */
function holdUntilStored(res: Response, record: (response: StoredResponse) => Promise<void>): void {
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown, encoding?: BufferEncoding): Buffer =>
    typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk as Uint8Array);
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    if (chunk) chunks.push(toBuffer(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined));
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response['write'];
  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, cb?: unknown) {
    if (typeof chunk === 'function') [cb, chunk, encoding] = [chunk, undefined, undefined];
    else if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    if (chunk) chunks.push(toBuffer(chunk, encoding as BufferEncoding | undefined));
    res.write = write;
    res.end = end;
    (res as unknown as { [DEFERRED]?: boolean })[DEFERRED] = true;
    const headers: Record<string, string> = {};
    for (const name of REMEMBERED_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const response = { status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') };
    record(response)
      .catch((err: unknown) => {
        // The route's work is done and its answer stands; only a retry's replay is lost.
        logger.error(`Could not record the response for an Idempotency-Key: ${(err as Error).message}`);
      })
      .finally(() => {
        delete (res as unknown as { [DEFERRED]?: boolean })[DEFERRED];
        (end as (...a: unknown[]) => Response).call(res, chunk, encoding, cb as EndCallback | undefined);
      });
    return res;
  } as Response['end'];
}
