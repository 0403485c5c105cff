import { createHash } from 'node:crypto';
import { ApiError } from './api-error.js';
import { requestContext } from './request-context.js';
import { MAX_LIMIT } from '../paging/list-query.dto.js';
import { pageRequest, paginationOf } from '../paging/page-request.js';

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

/** The ETag of a page: over its `pagination` and `data` (two pages with the same rows but another cursor differ). */
export function pageEtag(paginationJson: string, dataJson: string): string {
  return etagOf(`${paginationJson}\n${dataJson}`);
}

/**
 * The ETag a plain `GET` of a collection (no query: the first page of up to MAX_LIMIT members, by id)
 * answers with, from the whole collection as it is presented, in id order.
 */
function collectionEtag(members: object[]): string {
  const req = pageRequest({}, { id: 'id' });
  // A collection's members are presented with their `id` (next_cursor is the page's last one).
  const page = members.slice(0, MAX_LIMIT) as { id: number }[];
  return pageEtag(JSON.stringify(paginationOf(req, members.length, page)), JSON.stringify(page));
}

/**
 * `If-Match` on a collection PUT (docs/api.md#put-replace-a-resource): compared with the ETag the collection's GET
 * gives, read after the owner is locked; the collection is presented only when the request carries If-Match.
 */
export async function assertIfMatchCollection(present: () => Promise<object[]>): Promise<void> {
  const header = requestContext.get()?.ifMatch;
  if (!header) return;
  if (!etagListMatches(header, collectionEtag(await present()), false)) throw ApiError.preconditionFailed();
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

/** Whether an If-Match / If-None-Match list names `etag` (weak comparison for If-None-Match). */
export function etagListMatches(header: string, etag: string, weak: boolean): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    if (weak) return tag.replace(/^W\//, '') === etag;
    return !tag.startsWith('W/') && tag === etag;
  });
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

/** If-Match on a resource that does not exist: no representation matches, not even `*` (a PUT that would create). */
export function assertNoIfMatch(): void {
  if (requestContext.get()?.ifMatch) throw ApiError.preconditionFailed();
}
