import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isPublicPath } from '../auth/authentication.middleware.js';
import { takesArrayBody } from '../batch/array-body.js';
import { type HeldTransaction, type TransactionRunner, holdingTransaction } from '../../database/transaction.js';
import { ApiError } from '../http/api-error.js';
import { errorEnvelope, sendError } from '../http/envelope.js';
import { sendApiError, unavailable } from '../http/exception.filter.js';
import { requestContext } from '../http/request-context.js';
import type { IdempotencyStore, Lookup, StoredResponse } from './idempotency.store.js';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 1–255 visible ASCII characters; a repeated header arrives joined with ", " and so fails too. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** The headers a replay repeats; the rest (RateLimit-*, Date, …) belong to the request that replays. */
const REMEMBERED_HEADERS = ['Content-Type', 'Location', 'ETag', 'Last-Modified', 'Cache-Control', 'Allow', 'Retry-After'];

/**
 * Outcomes a retry should not get back: the conflict (a concurrent write, a state that may change),
 * the rate limit and an upload cut for sending nothing (408) are transient, and a 5xx did not
 * necessarily happen at all.
 */
const remembered = (status: number) => status < 500 && status !== 408 && status !== 409 && status !== 429;

const logger = new Logger('Idempotency');

const IN_PROGRESS = 'A request with this Idempotency-Key is still in progress; retry it later.';
const MISMATCH = { [IDEMPOTENCY_HEADER]: ['was used with a different request'] };

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
 * `Idempotency-Key` on every POST of the API, and on every PUT of a collection or batch
 * (`@ArrayBodyRoute()`) (runs after the body is parsed). A key that was used
 * before answers with the first response. Otherwise the request runs holding its transaction: the
 * first write claims the key inside it, and the response is stored in it before the commit, so the
 * key exists exactly when the write committed: a request that failed (database gone, process
 * killed) leaves nothing behind and its retry runs for real, one that committed is replayed, and
 * two requests with one key never both write. Mounted as middleware, it covers every route.
 */
export function idempotencyMiddleware(store: IdempotencyStore, transactions: TransactionRunner) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = req.headers['idempotency-key'];
    const honoured = req.method === 'POST' || (req.method === 'PUT' && takesArrayBody(req));
    if (!honoured || key === undefined || isPublicPath(req.path)) return next();
    const principal = requestContext.get()?.principal;
    if (!principal) return next();
    if (typeof key !== 'string' || !VALID_KEY.test(key)) {
      return sendError(res, 422, { [IDEMPOTENCY_HEADER]: ['must be 1 to 255 visible ASCII characters'] });
    }
    const apiKeyId = principal.apiKeyId;
    const fingerprint = requestFingerprint(req.method, req.originalUrl, req.body);
    store
      .lookup(apiKeyId, key, fingerprint)
      .then((found) => {
        if (found.kind !== 'none') return answerFromLookup(res, found);
        let claimedId: number | null = null;
        let lostRace = false;
        const slot: HeldTransaction = {
          open: null,
          claim: async (m) => {
            claimedId = await store.claim(m, apiKeyId, key, fingerprint);
            if (claimedId === null) {
              lostRace = true;
              throw new ApiError(409, IN_PROGRESS);
            }
          },
        };
        holdUntilStored(res, async (response): Promise<Answer | void> => {
          if (lostRace) {
            // The request that got the key first committed (its claim made ours wait): answer as it did.
            const found = await store.lookup(apiKeyId, key, fingerprint);
            return found.kind === 'none' ? undefined : answerOf(found);
          }
          if (slot.open && claimedId !== null) {
            if (response.status >= 500) return transactions.finish(slot, false);
            try {
              await store.complete(slot.open.runner.manager, claimedId, response);
              await transactions.finish(slot, true);
            } catch (err) {
              await transactions.finish(slot, false).catch(() => undefined);
              logger.error(`Could not commit a request with an Idempotency-Key: ${(err as Error).message}`);
              return errorAnswer(unavailable());
            }
            return;
          }
          // Nothing was written (a refusal, a read): remember the answer on its own.
          // Nor an answer nobody heard (the client broke its upload off): its retry runs for real.
          if (remembered(response.status) && !req.socket.destroyed) await store.remember(apiKeyId, key, fingerprint, response);
        });
        holdingTransaction(slot, next);
      })
      .catch((err: unknown) => sendApiError(res, err));
  };
}

/** A response to send instead of the one the route wrote. */
interface Answer extends StoredResponse {
  replayed?: boolean;
}

const errorAnswer = (e: ApiError): Answer => ({
  status: e.status,
  headers: { ...e.headers, 'Cache-Control': 'no-store', 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify(errorEnvelope(e.status, e.body)),
});

function answerOf(found: Exclude<Lookup, { kind: 'none' }>): Answer {
  switch (found.kind) {
    case 'replay':
      return { ...found.response, replayed: true };
    case 'mismatch':
      return errorAnswer(ApiError.unprocessable(MISMATCH));
    case 'in-progress':
      return errorAnswer(new ApiError(409, IN_PROGRESS));
  }
}

function answerFromLookup(res: Response, found: Exclude<Lookup, { kind: 'none' }>): void {
  writeAnswer(res, answerOf(found), res.end);
}

/** Writes an answer (its headers, the replay mark, its body) through `end`. */
function writeAnswer(res: Response, answer: Answer, end: Response['end'], cb?: EndCallback): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.setHeader('Content-Length', Buffer.byteLength(answer.body));
  res.statusCode = answer.status;
  (end as (...a: unknown[]) => Response).call(res, answer.body, 'utf8', cb);
}

/** Headers of the request itself, kept when another answer replaces what the route wrote. */
const OWN_HEADERS = new Set(['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']);

type EndCallback = () => void;

/**
 * Captures what the route writes (successes through sendSuccess, errors through the exception
 * filter: both end in `res.end`) and sends it only once `record` has run.
 */
function holdUntilStored(res: Response, record: (response: StoredResponse) => Promise<Answer | void>): void {
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
        // Nothing was written in the request's transaction, or its answer stands: only a retry's replay is lost.
        logger.error(`Could not record the response for an Idempotency-Key: ${(err as Error).message}`);
      })
      .then((answer) => {
        delete (res as unknown as { [DEFERRED]?: boolean })[DEFERRED];
        if (!answer || res.headersSent) {
          (end as (...a: unknown[]) => Response).call(res, chunk, encoding, cb as EndCallback | undefined);
          return;
        }
        for (const name of res.getHeaderNames()) if (!OWN_HEADERS.has(name)) res.removeHeader(name);
        writeAnswer(res, answer, end, cb as EndCallback | undefined);
      });
    return res;
  } as Response['end'];
}
