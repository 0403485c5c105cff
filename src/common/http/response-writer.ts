import type { Request, Response } from 'express';
import { BatchAnswer, Page } from './envelope.js';
import { etagListMatches, etagOf, newestUpdatedAtInJson, pageEtag } from './etag.js';
import { FileBody } from './file-body.js';
import { NdjsonBody, sendNdjson } from './ndjson-body.js';

/**
 * Writes a success envelope with the caching headers of docs/api.md#envelope-and-formats, answering 304 when the
 * client's copy is current. Every success goes through here, so the headers cannot drift.
 */
export function sendSuccess(req: Request, res: Response, status: number, body: unknown): void {
  if (body instanceof FileBody) return sendFile(req, res, status, body);
  if (body instanceof NdjsonBody) return sendNdjson(req, res, status, body);
  // The envelope is written around the data's JSON (the same bytes JSON.stringify of the whole
  // envelope gives): the ETag is taken over `data` for one resource, over `pagination` and `data`
  // for a page (two pages with the same rows but another cursor are different representations).
  let json: string;
  let etag: string;
  if (body instanceof Page) {
    const pagination = JSON.stringify(body.pagination);
    const data = JSON.stringify(body.items);
    json = `{"meta":{"status":${status},"success":true,"pagination":${pagination}},"data":${data}}`;
    etag = pageEtag(pagination, data);
  } else if (body instanceof BatchAnswer) {
    const data = JSON.stringify(body.items);
    json = `{"meta":{"status":${status},"success":true,"batch":${JSON.stringify(body.counts)}},"data":${data}}`;
    etag = etagOf(data);
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
