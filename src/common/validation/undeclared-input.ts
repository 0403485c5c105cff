import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import type { Request } from 'express';
import { ApiError, type FieldErrors } from '../http/api-error.js';
import { type FieldErrorBag } from '../http/field-error-bag.js';
import { requestContext } from '../http/request-context.js';

/** Nest's RouteParamtypes.BODY and .QUERY: the keys of its route argument metadata start with them. */
const BODY = 3;
const QUERY = 4;

const UNKNOWN_FIELD = 'is not a known field';
const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Declared {
  /** The handler validates the whole query string against a DTO (`@Query() query: ListQuery`). */
  query: boolean;
  /** The handler validates a body against a DTO (`@Body() body: …`). */
  body: boolean;
}

/** Read once per handler from Nest's metadata; a request costs one WeakMap lookup. */
const declaredByHandler = new WeakMap<object, Declared>();

function declared(context: ExecutionContext): Declared {
  const handler = context.getHandler();
  let found = declaredByHandler.get(handler);
  if (!found) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<string, { data?: unknown }>;
    const kinds = Object.entries(args).map(([key, arg]) => ({ type: Number(key.split(':')[0]), whole: arg.data === undefined }));
    found = {
      query: kinds.some((k) => k.type === QUERY && k.whole),
      body: kinds.some((k) => k.type === BODY && k.whole),
    };
    declaredByHandler.set(handler, found);
  }
  return found;
}

/**
 * Query parameters and body fields a route does not declare are unknown fields (422), on every
 * method: `DELETE /taxclass/7?dry_run=1` must not delete. A route that validates its query or body
 * with a DTO already reports them through the validation pipe; for the others (most writes take no
 * query; DELETE and actions such as `renew` take no body) this runs before the handler, after the
 * scope check. When the route has a body DTO, the query's errors are handed to the validation pipe
 * so they come back in the same 422 as the body's.
 */
export function checkUndeclaredInput(context: ExecutionContext): void {
  const { query, body } = declared(context);
  const req = context.switchToHttp().getRequest<Request>();
  if (query && (body || NO_BODY_METHODS.has(req.method))) return;
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  if (!query) for (const key of Object.keys(req.query)) errors[key] = [UNKNOWN_FIELD];
  if (!body && !NO_BODY_METHODS.has(req.method) && req.body !== undefined) {
    const value = req.body as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) errors.body = ['must be a JSON object'];
    else for (const key of Object.keys(value)) errors[key] = [UNKNOWN_FIELD];
  }
  if (Object.keys(errors).length === 0) return;
  const ctx = requestContext.get();
  if (body && ctx) ctx.fieldErrors = errors;
  else throw ApiError.unprocessable(errors);
}

/** Moves the errors `checkUndeclaredInput` left for the body's validation into its bag. */
export function pendingFieldErrors(bag: FieldErrorBag): void {
  const ctx = requestContext.get();
  const errors = ctx?.fieldErrors;
  if (!errors) return;
  ctx.fieldErrors = undefined;
  for (const path of Object.keys(errors)) for (const message of errors[path]) bag.add(path, message);
}
