import type { Response } from 'express';
import type { FieldErrors } from './api-error.js';

export interface Pagination {
  total: number;
  count: number;
  limit: number;
  page: number;
  total_pages: number;
  next_cursor: number | null;
}

/** What a batch PUT did (docs/api.md#put-replace-a-resource): members created, updated, and left as they were. */
export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface SuccessEnvelope {
  meta: { status: number; success: true; pagination?: Pagination; batch?: BatchCounts };
  data: unknown;
}

/** A page of a collection; the response interceptor turns it into `data` + `meta.pagination`. */
export class Page<T = unknown> {
  constructor(
    readonly items: T[],
    readonly pagination: Pagination,
  ) {}
}

/** A batch's members; the response writer turns it into `data` + `meta.batch`. */
export class BatchAnswer<T = unknown> {
  constructor(
    readonly items: T[],
    readonly counts: BatchCounts,
  ) {}
}

/**
 * A handler's result with its status decided at run time (an item PUT answers 201 when it
 * created the resource, 200 otherwise); the response interceptor writes `body` with `status`.
 */
export class WithStatus<T = unknown> {
  constructor(
    readonly status: number,
    readonly body: T,
    /** Headers of this answer (a 202's `Location`). */
    readonly headers: Record<string, string> = {},
  ) {}
}

export function successEnvelope(status: number, body: unknown): SuccessEnvelope {
  if (body instanceof Page) {
    return { meta: { status, success: true, pagination: body.pagination }, data: body.items };
  }
  if (body instanceof BatchAnswer) return { meta: { status, success: true, batch: body.counts }, data: body.items };
  return { meta: { status, success: true }, data: body ?? null };
}

export function errorEnvelope(status: number, message: string | FieldErrors) {
  return { meta: { status, success: false }, error: { message } };
}

/** Writes an error envelope directly; used by the exception filter and by middleware that runs before routing. */
export function sendError(res: Response, status: number, message: string | FieldErrors, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Cache-Control', 'no-store');
  res
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorEnvelope(status, message)));
}
