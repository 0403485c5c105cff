import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { ApiError, type FieldErrors } from './api-error.js';
import { sendError } from './envelope.js';

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
  table?: string;
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
      const field = keyColumn(err.detail) ?? 'id';
      return ApiError.unprocessable({ [field]: ['is already in use'] } satisfies FieldErrors);
    }
    case '23503': {
      if (/is still referenced/.test(err.detail ?? '')) {
        const table = /from table "(\w+)"/.exec(err.detail ?? '')?.[1];
        return ApiError.conflict(`The resource is still in use${table ? ` by ${table.replace(/_/g, ' ')}` : ''} and cannot be deleted.`);
      }
      return ApiError.unprocessable({ [keyColumn(err.detail) ?? 'id']: ['does not exist'] });
    }
    case '23502':
      return ApiError.unprocessable({ [err.column ?? 'body']: ['must not be null'] });
    case '23514':
      return ApiError.unprocessable({ body: ['violates a rule of the resource'] });
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

const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '08006', '08001']);

/** Every failure leaves as one envelope (CONTRACT §4); nothing internal reaches the client. */
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
  if (exception instanceof QueryFailedError) {
    const mapped = mapDatabaseError(exception.driverError as PgError);
    if (mapped) return mapped;
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status < 500) return new ApiError(status, exception.message);
  }
  const code = (exception as { code?: string } | null)?.code;
  const driverCode = (exception as { driverError?: { code?: string } } | null)?.driverError?.code;
  if ((code && UNAVAILABLE.has(code)) || (driverCode && UNAVAILABLE.has(driverCode))) {
    logger.error(`Dependency unavailable: ${(exception as Error).message}`);
    return new ApiError(503, 'A service this API depends on is unavailable; try again shortly.', { 'Retry-After': '5' });
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return new ApiError(500, 'An unexpected error occurred.');
}
