import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { constraintField } from '../../database/constraint-fields.js';
import { RowNotFoundError } from '../../database/row-not-found.js';
import { ApiError, type FieldErrors } from './api-error.js';
import { sendError } from './envelope.js';

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
  table?: string;
  constraint?: string;
}

/** `Key (country_id, code)=(1, CA)` → the last column, which is the field a client chose. */
function keyColumn(detail: string | undefined): string | null {
  const m = /Key \((.+?)\)=/.exec(detail ?? '');
  if (!m) return null;
  const columns = m[1].split(',').map((c) => c.trim().replace(/^lower\((\w+)(::\w+)?\)$/, '$1'));
  return columns[columns.length - 1] ?? null;
}

/** Maps a database error caused by the request's data to the envelope; null for anything else. */
export function mapDatabaseError(err: PgError): ApiError | null {
  switch (err.code) {
    case '23505': {
      const field = constraintField(err.constraint)?.column ?? keyColumn(err.detail) ?? 'id';
      return ApiError.unprocessable({ [field]: ['is already in use'] } satisfies FieldErrors);
    }
    // A delete of a row another table's ON DELETE RESTRICT key points at: PostgreSQL 16 and later (and
    // the embedded database, PGlite) say restrict_violation, 15 and earlier a foreign key violation.
    case '23001':
    case '23503': {
      if (err.code === '23001' || /is still referenced/.test(err.detail ?? '')) {
        const table = /from table "(\w+)"/.exec(err.detail ?? '')?.[1];
        return ApiError.conflict(`The resource is still in use${table ? ` by ${table.replace(/_/g, ' ')}` : ''} and cannot be deleted.`);
      }
      return ApiError.unprocessable({ [constraintField(err.constraint)?.column ?? keyColumn(err.detail) ?? 'id']: ['does not exist'] });
    }
    case '23502':
      return ApiError.unprocessable({ [err.column ?? 'body']: ['must not be null'] });
    case '23514':
      return ApiError.unprocessable({ body: ['violates a rule of the resource'] });
    // An exclusion constraint (one default address of a kind): the writes check it first and hold the
    // owner's row, so only a concurrent write can get here.
    // The store is moving to another cluster (docs/api.md#clusters): its writes are held for a few
    // seconds (SM001), or this process still sent it to the cluster it left (SM002, until its directory
    // is read again, within a second). Either way the same request succeeds shortly.
    case 'SM001':
    case 'SM002':
      return new ApiError(503, 'The store is moving to another database: its writes resume within seconds; try again shortly.', {
        'Retry-After': '1',
      });
    case '23P01':
    case '40001':
    case '40P01':
    case '55P03':
      return ApiError.conflict('The resource was changed by a concurrent request; retry the request.');
    default:
      // Class 22: data exceptions (out of range, too long, malformed) the validators should have caught.
      if (err.code?.startsWith('22')) return ApiError.unprocessable({ body: ['contains a value out of range or malformed'] });
      return null;
  }
}

/**
 * Codes of a dependency that failed rather than refused the request: connection errors of the
 * socket, PostgreSQL's connection exceptions (class 08), shutdown and crash (57P01–57P03), too many
 * connections (53300), a statement cancelled by its timeout (57014).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
]);

/**
 * pg's own errors for a connection that went away carry no code: "Connection terminated
 * unexpectedly" (the server closed it), "Connection terminated due to connection timeout",
 * "timeout exceeded when trying to connect", "Client has encountered a connection error and is not
 * queryable"; ioredis says "Connection is closed." or refuses with the offline queue off.
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Connection is closed|Stream isn't writeable|Reached the max retries per request limit)/;

/** True when the error (or the driver error or cause inside it) says a dependency is unreachable. */
export function isDependencyFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = (e as { driverError?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * pg's pool gave up waiting for a connection (DATABASE_POOL_TIMEOUT_MS): every connection of the
 * process was busy. Load, not an outage: its own 503, logged as a warning.
 */
function isPoolExhausted(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { message?: unknown }).message === 'timeout exceeded when trying to connect') return true;
    e = (e as { driverError?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** 503 with Retry-After when every connection of the pool stayed busy (docs/api.md#errors). */
const poolExhausted = () =>
  new ApiError(503, 'The database is busy: no connection came free in time; try again shortly.', { 'Retry-After': '5' });

/** 503 with Retry-After: the request may well succeed once the dependency is back. */
export const unavailable = () =>
  new ApiError(503, 'A service this API depends on is unavailable; try again shortly.', { 'Retry-After': '5' });

/** Every failure leaves as one envelope (docs/api.md#errors); nothing internal reaches the client. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    sendApiError(host.switchToHttp().getResponse<Response>(), exception);
  }
}

const logger = new Logger('HTTP');

export function sendApiError(res: Response, exception: unknown): void {
  const error = toApiError(exception);
  sendError(res, error.status, error.body, error.headers);
}

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof RowNotFoundError) return ApiError.notFound(exception.message);
  if (exception instanceof QueryFailedError) {
    const mapped = mapDatabaseError(exception.driverError as PgError);
    if (mapped) return mapped;
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status < 500) return new ApiError(status, exception.message);
  }
  if (isPoolExhausted(exception)) {
    logger.warn(`Database pool exhausted: ${(exception as Error).message}`);
    return poolExhausted();
  }
  if (isDependencyFailure(exception)) {
    logger.error(`Dependency unavailable: ${(exception as Error).message}`);
    return unavailable();
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return new ApiError(500, 'An unexpected error occurred.');
}
