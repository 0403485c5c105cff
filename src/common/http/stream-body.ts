import { type Readable, type Transform, finished } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from './api-error.js';

/** Metadata key of a route that reads its body as a stream: the media types it takes. */
export const STREAM_BODY_KEY = 'streamBody';

/**
 * Marks a route whose body is read by its handler as a stream (an NDJSON upload), never parsed or
 * held whole: the body reader only checks that `Content-Type` is one of `types` and that the body
 * is UTF-8 in an encoding it can undo (415 otherwise, see streamBodyRefusal), and leaves the
 * request stream to the handler, which reads it through decodedBody and enforces its own size limit.
 */
export const StreamBodyRoute = (types: readonly string[]): MethodDecorator => SetMetadata(STREAM_BODY_KEY, types);

const streamBodyRequests = new WeakMap<Request, readonly string[]>();

/** Set by the route table once the request's route is known to stream its body. */
export function markStreamBody(req: Request, types: readonly string[]): void {
  streamBodyRequests.set(req, types);
}

/** The media types the request's route streams, or undefined for a JSON body. */
export function streamBodyTypes(req: Request): readonly string[] | undefined {
  return streamBodyRequests.get(req);
}

/** Whether `Content-Type` names one of `types` (parameters such as `charset=utf-8` aside). */
export function isMediaType(header: string | undefined, types: readonly string[]): boolean {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  return types.includes(type);
}

/** The `Content-Encoding`s a streamed body may come in, as a JSON body may: each undone as it is read. */
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The body's `Content-Encoding`, `identity` left out: none, one of DECODERS, or something else (415). */
function encodingOf(req: Request): string | null {
  const codings = (req.headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  return codings.length === 0 ? null : codings.join(', ');
}

/**
 * Why a streamed body cannot be taken as sent (the message of a 415), else null: a `charset` other
 * than UTF-8 (NDJSON is UTF-8, as JSON is), or a `Content-Encoding` other than gzip, deflate or br.
 */
export function streamBodyRefusal(req: Request): string | null {
  for (const param of (req.headers['content-type'] ?? '').split(';').slice(1)) {
    const [name, value = ''] = param.split('=', 2).map((x) => x.trim().toLowerCase());
    if (name === 'charset' && !['utf-8', 'utf8', '"utf-8"'].includes(value)) return 'The request body must be UTF-8 text.';
  }
  const encoding = encodingOf(req);
  if (encoding !== null && !Object.hasOwn(DECODERS, encoding)) {
    return `The request body's Content-Encoding must be gzip, deflate or br (or none), not ${JSON.stringify(encoding.slice(0, 40))}.`;
  }
  return null;
}

/**
 * The request's body as it was before its `Content-Encoding`: the request itself, or the request
 * through zlib. Bytes that do not decode end the read with a 400 (the handler's transaction keeps
 * nothing); a request that breaks off ends it with its own error, as it would without an encoding.
 */
export function decodedBody(req: Request): AsyncIterable<Buffer> {
  const encoding = encodingOf(req);
  if (encoding === null || !Object.hasOwn(DECODERS, encoding)) return req;
  const decoder = DECODERS[encoding]();
  // The request flows into the decoder before the handler reads it: an error until then waits in the
  // decoder (its reader throws it), rather than escaping as an unhandled 'error' event.
  decoder.on('error', () => undefined);
  // Not pipeline(): a decoding error must leave the request (and its socket) alone for the 400. A
  // request that fails or closes before its end ends the decoder with that error (pipe alone would
  // leave the reader waiting for more).
  let broken = false;
  finished(req, (err) => {
    if (!err) return;
    broken = true;
    decoder.destroy(err);
  });
  req.pipe(decoder);
  return decodedChunks(decoder, encoding, () => broken);
}

async function* decodedChunks(decoder: Readable, encoding: string, broken: () => boolean): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of decoder) yield chunk as Buffer;
  } catch (err) {
    if (broken()) throw err;
    throw new ApiError(400, `The request body could not be decoded as ${encoding} (${(err as Error).message}).`);
  }
}
