import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

/** Metadata key of a route whose body is a JSON array (a collection PUT or a batch). */
export const ARRAY_BODY_KEY = 'arrayBody';

/** The body limit of a route that takes a JSON array (docs/api.md#put-replace-a-resource); every other body keeps 1 MiB. */
export const ARRAY_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** The most members a batch takes. */
export const MAX_BATCH_MEMBERS = 1000;

/**
 * Marks a PUT route whose body is a JSON array: a collection PUT (`PUT /product/{p}/options`) or a
 * batch (`PUT /products`). The route table reads it so the body reader allows 16 MiB for it, and
 * the idempotency middleware honours `Idempotency-Key` on it as on a POST. Read the body with
 * `@BatchBody(Member)`.
 */
export const ArrayBodyRoute = (): MethodDecorator => SetMetadata(ARRAY_BODY_KEY, true);

const arrayBodyRequests = new WeakSet<Request>();

/** Set by the route table once the request's route is known to take an array body. */
export function markArrayBody(req: Request): void {
  arrayBodyRequests.add(req);
}

export function takesArrayBody(req: Request): boolean {
  return arrayBodyRequests.has(req);
}
