import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ApiError } from './api-error.js';
import { Page } from './envelope.js';
import { FileBody } from './file-body.js';
import { requestContext } from './request-context.js';

/** Strong ETag over the exact bytes of the body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The ETag of a representation: computed over `data` alone, never the envelope, so a create's 201,
 * a PATCH's 200 and the GET that follows carry the same ETag for the same resource, and any of them
 * works as `If-Match`. This is what a plain `GET` of the resource (no query, no embed) answers with.
 */
export function representationEtag(data: unknown): string {
  return etagOf(JSON.stringify(data ?? null));
}

const UPDATED_AT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Newest `updated_at` anywhere in the body (embedded relations included), or null. */
export function newestUpdatedAt(value: unknown): Date | null {
  let newest: number | null = null;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'updated_at' && typeof x === 'string' && UPDATED_AT.test(x)) {
          const t = Date.parse(`${x.replace(' ', 'T')}Z`);
          if (newest === null || t > newest) newest = t;
        } else if (x !== null && typeof x === 'object') {
          visit(x);
        }
      }
    }
  };
  visit(value);
  return newest === null ? null : new Date(newest);
}

/**
 * The same newest `updated_at`, read off the serialized body: a JSON key can only be written as
 * `"updated_at":"…"` with bare quotes (a quote inside a string is always escaped), and the
 * `YYYY-MM-DD HH:MM:SS` text orders as its time does, so no object is walked and no Date built
 * but the newest.
 */
const UPDATED_AT_IN_JSON = /"updated_at":"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})"/g;

export function newestUpdatedAtInJson(json: string): Date | null {
  let newest: string | null = null;
  for (const m of json.matchAll(UPDATED_AT_IN_JSON)) if (newest === null || m[1] > newest) newest = m[1];
  return newest === null ? null : new Date(`${newest.replace(' ', 'T')}Z`);
}

function etagListMatches(header: string, etag: string, weak: boolean): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    if (weak) return tag.replace(/^W\//, '') === etag;
    return !tag.startsWith('W/') && tag === etag;
  });
}

/**
 * Writes a success envelope with the caching headers of CONTRACT §3, answering 304 when the
 * client's copy is current. Every success goes through here, so the headers cannot drift.
 */
export function sendSuccess(req: Request, res: Response, status: number, body: unknown): void {
  if (body instanceof FileBody) return sendFile(req, res, status, body);
  // The envelope is written around the data's JSON (the same bytes JSON.stringify of the whole
  // envelope gives): the ETag is taken over `data` for one resource, over `pagination` and `data`
  // for a page (two pages with the same rows but another cursor are different representations).
  let json: string;
  let etag: string;
  if (body instanceof Page) {
    const pagination = JSON.stringify(body.pagination);
    const data = JSON.stringify(body.items);
    json = `{"meta":{"status":${status},"success":true,"pagination":${pagination}},"data":${data}}`;
    etag = etagOf(`${pagination}\n${data}`);
  } else {
    const data = JSON.stringify(body ?? null);
    json = `{"meta":{"status":${status},"success":true},"data":${data}}`;
    etag = etagOf(data);
  }
  const lastModified = newestUpdatedAtInJson(json) ?? new Date();
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', lastModified.toUTCString());
  res.setHeader('Cache-Control', 'private, max-age=60');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if ((req.method === 'GET' || req.method === 'HEAD') && notModified(req, etag, lastModified)) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  res.status(status);
  res.setHeader('Content-Length', Buffer.byteLength(json));
  if (req.method === 'HEAD') res.end();
  else res.end(json);
}

function sendFile(req: Request, res: Response, status: number, file: FileBody): void {
  const etag = etagOf(file.bytes);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', file.lastModified.toUTCString());
  res.setHeader('Cache-Control', 'private, max-age=60');
  if ((req.method === 'GET' || req.method === 'HEAD') && notModified(req, etag, file.lastModified)) {
    res.status(304).end();
    return;
  }
  res.status(status);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `inline; filename="${file.filename.replace(/["\\\r\n]/g, '')}"`);
  res.setHeader('Content-Length', file.bytes.length);
  if (req.method === 'HEAD') res.end();
  else res.end(file.bytes);
}

function notModified(req: Request, etag: string, lastModified: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm) return etagListMatches(inm, etag, true);
  const ims = req.headers['if-modified-since'];
  if (ims) {
    const since = Date.parse(ims);
    // HTTP dates carry whole seconds.
    return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/**
 * `If-Match` on PATCH/PUT/DELETE: the client's ETag must be that of the current representation.
 * Services call this with the presented resource after locking its row, so the check and the
 * write see the same version.
 */
export function assertIfMatch(currentRepresentation: unknown): void {
  const header = requestContext.get()?.ifMatch;
  if (!header) return;
  if (!etagListMatches(header, representationEtag(currentRepresentation), false)) throw ApiError.preconditionFailed();
}

/**
 * The same check when presenting the current row costs queries: it is presented only when the
 * request carries If-Match at all.
 */
export async function assertIfMatchLazy(present: () => Promise<unknown>): Promise<void> {
  if (requestContext.get()?.ifMatch) assertIfMatch(await present());
}
