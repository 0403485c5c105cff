import express, { type NextFunction, type Request, type Response } from 'express';
import { ARRAY_BODY_LIMIT_BYTES, takesArrayBody } from '../batch/array-body.js';
import { sendError } from './envelope.js';
import { isMediaType, streamBodyRefusal, streamBodyTypes } from './stream-body.js';
import { MAX_JSON_DEPTH, tooDeepField } from './json-depth.js';

const BODY_LIMIT_BYTES = 1024 * 1024;

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

const isJson = (type: string | undefined) => !!type && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type);

/**
 * Reads JSON bodies (docs/api.md#requests): a body without `Content-Type: application/json` is 415,
 * one over 1 MiB (16 MiB on a route that takes a JSON array: `@ArrayBodyRoute()`) is 413, one that does not parse is 400, one nesting arrays and objects more than
 * MAX_JSON_DEPTH levels deep is 422 naming the top-level field. Errors leave in the envelope here,
 * before any route runs.
 */
export function jsonBodyMiddleware() {
  const parseSmall = express.json({ limit: BODY_LIMIT_BYTES, strict: false, type: () => true });
  const parseLarge = express.json({ limit: ARRAY_BODY_LIMIT_BYTES, strict: false, type: () => true });
  return (req: Request, res: Response, next: NextFunction): void => {
    const limit = takesArrayBody(req) ? ARRAY_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
    const parse = limit === BODY_LIMIT_BYTES ? parseSmall : parseLarge;
    if (!hasBody(req)) {
      req.body = undefined;
      return next();
    }
    const streamed = streamBodyTypes(req);
    if (streamed) {
      // The handler reads the stream (and enforces its own limit); nothing here holds the body.
      req.body = undefined;
      if (!isMediaType(req.headers['content-type'], streamed)) {
        return sendError(res, 415, `The request body must be sent with Content-Type: ${streamed.join(' or ')}.`);
      }
      const refusal = streamBodyRefusal(req);
      return refusal === null ? next() : sendError(res, 415, refusal);
    }
    if (!isJson(req.headers['content-type'])) {
      return sendError(res, 415, 'A request body must be JSON, sent with Content-Type: application/json.');
    }
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > limit) {
      return sendError(res, 413, `The request body is larger than ${limit} bytes.`);
    }
    parse(req, res, (err?: { type?: string; status?: number }) => {
      if (!err) {
        const field = tooDeepField(req.body);
        if (field === null) return next();
        return sendError(res, 422, { [field]: [`must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`] });
      }
      if (err.type === 'entity.too.large') return sendError(res, 413, `The request body is larger than ${limit} bytes.`);
      if (err.type === 'entity.parse.failed') return sendError(res, 400, 'The request body could not be parsed as JSON.');
      if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported') {
        return sendError(res, 415, 'The request body must be UTF-8 encoded JSON.');
      }
      return sendError(res, err.status && err.status < 500 ? err.status : 400, 'The request body could not be read.');
    });
  };
}
