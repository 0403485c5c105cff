import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

/** Metadata key of a route that reads its body as a stream: the media types it takes. */
export const STREAM_BODY_KEY = 'streamBody';

/**
 * Marks a route whose body is read by its handler as a stream (an NDJSON upload), never parsed or
 * held whole: the body reader only checks that `Content-Type` is one of `types` (415 otherwise)
 * and leaves the request stream to the handler, which enforces its own size limit.
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
