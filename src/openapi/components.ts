import type { JsonSchema } from './dto-schema.js';
import { schemaRef } from './dto-schema.js';

/** The shared parts of the document: envelopes, error responses, caching headers and conditional-request parameters. */

const pagination: JsonSchema = {
  type: 'object',
  description: 'Where this page sits in the collection (docs/api.md#collections).',
  required: ['total', 'count', 'limit', 'page', 'total_pages', 'next_cursor'],
  additionalProperties: false,
  properties: {
    total: { type: 'integer', minimum: 0, description: 'Rows that match (after `cursor`).', example: 42 },
    count: { type: 'integer', minimum: 0, description: 'Rows on this page.', example: 20 },
    limit: { type: 'integer', minimum: 1, maximum: 250, example: 20 },
    page: { type: 'integer', minimum: 1, example: 1 },
    total_pages: { type: 'integer', minimum: 0, example: 3 },
    next_cursor: {
      type: ['integer', 'null'],
      description: 'Id to pass as `cursor` for the next page; set only while more rows follow and the order is `sort=id&order=ASC`.',
      example: 20,
    },
  },
};

const batchCounts: JsonSchema = {
  type: 'object',
  description: 'What a batch did: members created, updated, and left as they were (a PUT that changed nothing).',
  required: ['created', 'updated', 'unchanged'],
  additionalProperties: false,
  properties: {
    created: { type: 'integer', minimum: 0, example: 2 },
    updated: { type: 'integer', minimum: 0, example: 1 },
    unchanged: { type: 'integer', minimum: 0, example: 0 },
  },
};

const successMeta = (extra: 'pagination' | 'batch' | null): JsonSchema => ({
  type: 'object',
  required: ['status', 'success', ...(extra ? [extra] : [])],
  additionalProperties: false,
  properties: {
    status: { type: 'integer', description: 'Always the HTTP status.', example: 200 },
    success: { const: true },
    ...(extra === 'pagination' ? { pagination: { $ref: schemaRef('Pagination') } } : {}),
    ...(extra === 'batch' ? { batch: { $ref: schemaRef('BatchCounts') } } : {}),
  },
});

const errorEnvelope = (message: JsonSchema, status?: number): JsonSchema => ({
  type: 'object',
  required: ['meta', 'error'],
  additionalProperties: false,
  properties: {
    meta: {
      type: 'object',
      required: ['status', 'success'],
      additionalProperties: false,
      properties: {
        status:
          status === undefined
            ? { type: 'integer', minimum: 400, maximum: 599, description: 'Always the HTTP status.' }
            : { type: 'integer', const: status, description: 'Always the HTTP status.' },
        success: { const: false },
      },
    },
    error: { type: 'object', required: ['message'], additionalProperties: false, properties: { message } },
  },
});

const VALIDATION_MESSAGE: JsonSchema = {
  type: 'object',
  description: 'Field path → messages. Nested paths use dots and indexes (`items.0.product_id`); every invalid field is listed.',
  additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
  example: { name: ['is required'], 'items.0.product_id': ['does not exist'] },
};

export const SHARED_SCHEMAS: Record<string, JsonSchema> = {
  Pagination: pagination,
  BatchCounts: batchCounts,
  Meta: successMeta(null),
  PageMeta: successMeta('pagination'),
  BatchMeta: successMeta('batch'),
};

const header = (description: string, example: string, schema: JsonSchema = { type: 'string' }) => ({
  description,
  schema: { ...schema, example },
});

export const SHARED_HEADERS = {
  ETag: header(
    'Strong ETag over the body; send it back as `If-None-Match` (304) or `If-Match` (412 when stale).',
    '"kq3n8t1mZ0yV2cR5bW9xLpD4fHg"',
  ),
  'Last-Modified': header(
    'Newest `updated_at` anywhere in the body (embedded rows included), else the response time.',
    'Fri, 31 Jan 2025 14:05:00 GMT',
  ),
  'Cache-Control': header('Always `private, max-age=60` on success.', 'private, max-age=60'),
  Allow: header('The methods the path allows.', 'GET, HEAD, PATCH, DELETE, OPTIONS'),
  'Retry-After': header('Seconds to wait before retrying.', '5', { type: 'string', pattern: '^\\d+$' }),
  'WWW-Authenticate': header('The authentication scheme.', 'Bearer realm="store-api"'),
  'RateLimit-Limit': header('Requests the API key may make per 60-second window.', '600', { type: 'string', pattern: '^\\d+$' }),
  'RateLimit-Remaining': header('Requests left in the current window.', '598', { type: 'string', pattern: '^\\d+$' }),
  'RateLimit-Reset': header('Seconds until the window ends.', '42', { type: 'string', pattern: '^\\d+$' }),
  'Cache-Control-No-Store': header('`no-store`: a streamed answer is never cached (it has no ETag).', 'no-store'),
  'Idempotent-Replayed': header('`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.', 'true'),
};

const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
const SUCCESS_HEADERS = ['ETag', 'Last-Modified', 'Cache-Control', ...RATE_LIMIT_HEADERS];

export const successHeaders = () => Object.fromEntries(SUCCESS_HEADERS.map((h) => [h, { $ref: `#/components/headers/${h}` }]));

/** The headers of a streamed NDJSON answer: no ETag or Last-Modified (its length is not known up front), never cached. */
export const streamHeaders = (attachment: boolean) => ({
  'Cache-Control': { $ref: '#/components/headers/Cache-Control-No-Store' },
  // Inline: only the operations that send a file have it (a shared component would go unused without them).
  ...(attachment
    ? {
        'Content-Disposition': header('The answer is a file to save, under this name.', 'attachment; filename="products-7.ndjson"'),
      }
    : {}),
  ...Object.fromEntries(RATE_LIMIT_HEADERS.map((h) => [h, { $ref: `#/components/headers/${h}` }])),
});

interface ErrorDoc {
  name: string;
  description: string;
  message: string | Record<string, string[]>;
  headers?: string[];
}

export const ERRORS: Record<number, ErrorDoc> = {
  400: { name: 'BadRequest', description: 'The body is not valid JSON.', message: 'The request body could not be parsed as JSON.' },
  401: {
    name: 'Unauthorized',
    description: 'The Bearer token is missing, unknown, revoked or expired.',
    message: 'The access token is not valid.',
    headers: ['WWW-Authenticate'],
  },
  403: {
    name: 'Forbidden',
    description: 'The token lacks the scope the operation needs.',
    message: 'The access token lacks the scope "geography:write".',
  },
  404: { name: 'NotFound', description: 'No such resource (or path).', message: 'The requested resource was not found.' },
  405: {
    name: 'MethodNotAllowed',
    description: 'The path exists but not with this method (answered for the methods the path does not list); `Allow` lists the others.',
    message: 'Method PUT is not allowed on /countries/1; allowed: GET, HEAD, PATCH, DELETE, POST, OPTIONS.',
    headers: ['Allow'],
  },
  409: {
    name: 'Conflict',
    description:
      'The resource is in a state that refuses this (in use by others, an expired quote, an illegal status change) or a concurrent write won; retry.',
    message: 'The resource is still in use by quote items and cannot be deleted.',
  },
  410: {
    name: 'Gone',
    description: 'What the route served was deleted for good (the results or file of a bulk job, `BULK_RETENTION_DAYS` after it ended).',
    message: 'The file of export 7 was deleted 7 days after it completed.',
  },
  412: {
    name: 'PreconditionFailed',
    description: '`If-Match` does not match the current ETag of the resource.',
    message: 'The resource has changed: If-Match does not match its current ETag.',
  },
  408: {
    name: 'RequestTimeout',
    description:
      'The body stopped arriving: an upload sent nothing for `IMPORT_IDLE_SECONDS` (default 60); nothing of it is kept and the connection is closed after the answer.',
    message: 'The upload sent nothing for 60 s and was cut off; nothing of it was kept.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is over 1 MiB.', message: 'The request body is larger than 1048576 bytes.' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A body was sent without `Content-Type: application/json`.',
    message: 'A request body must be JSON, sent with Content-Type: application/json.',
  },
  422: {
    name: 'UnprocessableEntity',
    description: 'Invalid fields or query parameters (unknown ones included).',
    message: { name: ['is required'], limit: ['must be at most 250'] },
  },
  429: {
    name: 'TooManyRequests',
    description:
      'Rate limit reached; on `POST /imports` and `POST /exports`, the store has 5 imports and exports queued or running already; on `POST /imports`, also as many uploads arriving as it takes at once (4). Retry after `Retry-After` seconds.',
    message: 'Rate limit exceeded: this API key may make 600 requests per minute; retry in 12 s.',
    headers: ['Retry-After'],
  },
  500: {
    name: 'InternalServerError',
    description: 'Unexpected failure; never a stack trace or SQL.',
    message: 'An unexpected error occurred.',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A dependency (the database) is unreachable, or every connection of the database pool stayed busy for `DATABASE_POOL_TIMEOUT_MS`.',
    message: 'A service this API depends on is unavailable; try again shortly.',
    headers: ['Retry-After'],
  },
};

const STRING_MESSAGE: JsonSchema = { type: 'string', example: 'The requested resource was not found.' };

/** One closed envelope per error status, `meta.status` fixed to it, so a generated client can tell them apart. */
export function errorSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(ERRORS).map(([status, e]) => [
      `${e.name}Error`,
      errorEnvelope(Number(status) === 422 ? VALIDATION_MESSAGE : STRING_MESSAGE, Number(status)),
    ]),
  );
}

export function errorResponses(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(ERRORS).map(([status, e]) => [
      e.name,
      {
        description: e.description,
        // Rate limiting runs right after authentication, so every answer but a 401 carries its headers.
        headers: Object.fromEntries(
          [...(e.headers ?? []), ...(Number(status) === 401 ? [] : RATE_LIMIT_HEADERS)].map((h) => [
            h,
            { $ref: `#/components/headers/${h}` },
          ]),
        ),
        content: {
          'application/json': {
            schema: { $ref: schemaRef(`${e.name}Error`) },
            example: { meta: { status: Number(status), success: false }, error: { message: e.message } },
          },
        },
      },
    ]),
  );
}

export const SHARED_PARAMETERS = {
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'An ETag from an earlier response: 304 with no body while it is still current (wins over `If-Modified-Since`).',
    schema: { type: 'string' },
  },
  IfModifiedSince: {
    name: 'If-Modified-Since',
    in: 'header',
    required: false,
    description: 'HTTP date: 304 with no body when nothing in the body changed since.',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Any 1–255 visible ASCII characters. A retry with the same key, method, path and body gets the stored answer ' +
      '(`Idempotent-Replayed: true`) instead of running again; the same key with another request is 422, one still running 409.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'The ETag of a plain GET of the resource; 412 when it changed since (checked after the row is locked).',
    schema: { type: 'string' },
  },
};
