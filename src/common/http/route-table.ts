import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { type MatchFunction, match } from 'path-to-regexp';
import { SCOPE_GROUP_KEY, SCOPE_KEY, hasScope, missingScope, scopeFor } from '../auth/scopes.js';
import { isPublicPath } from '../auth/authentication.middleware.js';
import { ARRAY_BODY_KEY, markArrayBody } from '../batch/array-body.js';
import { STREAM_BODY_KEY, markStreamBody } from './stream-body.js';
import { ApiError } from './api-error.js';
import { sendError } from './envelope.js';
import { sendSuccess } from './response-writer.js';
import { requestContext } from './request-context.js';

interface RouteEntry {
  path: string;
  method: string;
  matcher: MatchFunction<object>;
  group: string | null;
  scope: string | null;
  /** The route's body is a JSON array (`@ArrayBodyRoute()`). */
  arrayBody: boolean;
  /** The media types of a route that streams its body (`@StreamBodyRoute`). */
  streamBody: readonly string[] | null;
}

/** The scope a route requires of a method (its own, or its group's read/write), null for none. */
function requiredScope(route: RouteEntry, method: string): string | null {
  return route.scope ?? (route.group ? scopeFor(route.group, method) : null);
}

/** Express routes case-insensitively; so does the index. */
const firstSegment = (path: string) => (path.split('/')[1] ?? '').toLowerCase();

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Every route the controllers declare, read from Nest's metadata once. It answers what Nest's
 * router cannot: which methods a path allows, for OPTIONS, 405 with `Allow`, and 404 on unknown paths.
 */
@Injectable()
export class RouteTable {
  private routes: { all: RouteEntry[]; byFirstSegment: Map<string, RouteEntry[]> } | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  all(): RouteEntry[] {
    return this.index().all;
  }

  /** Routes whose path matches, whatever their method. */
  matching(path: string): RouteEntry[] {
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const candidates = this.index().byFirstSegment.get(firstSegment(normalized)) ?? [];
    return candidates.filter((r) => r.matcher(normalized) !== false);
  }

  /** Routes grouped by their first path segment (always literal here), so a request tests a handful of patterns, not hundreds. */
  private index(): { all: RouteEntry[]; byFirstSegment: Map<string, RouteEntry[]> } {
    if (this.routes) return this.routes;
    const all: RouteEntry[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as object | undefined;
      const type = wrapper.metatype as (new () => unknown) | undefined;
      if (!instance || !type) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '/');
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = (instance as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || method === undefined) continue;
        const group =
          (this.reflector.getAllAndOverride<string | undefined>(SCOPE_GROUP_KEY, [handler, type]) as string | undefined) ?? null;
        const scope = (this.reflector.getAllAndOverride<string | undefined>(SCOPE_KEY, [handler, type]) as string | undefined) ?? null;
        const arrayBody = this.reflector.get<boolean | undefined>(ARRAY_BODY_KEY, handler) === true;
        const streamBody = this.reflector.get<readonly string[] | undefined>(STREAM_BODY_KEY, handler) ?? null;
        for (const prefix of prefixes) {
          for (const p of ([] as string[]).concat(paths)) {
            const path = `/${[prefix, p]
              .map((x) => x.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/')}`;
            all.push({ path, method: RequestMethod[method], matcher: match(path, { decode: false }), group, scope, arrayBody, streamBody });
          }
        }
      }
    }
    const byFirstSegment = new Map<string, RouteEntry[]>();
    for (const route of all) {
      const key = firstSegment(route.path);
      byFirstSegment.set(key, [...(byFirstSegment.get(key) ?? []), route]);
    }
    this.routes = { all, byFirstSegment };
    return this.routes;
  }

  static allowed(routes: RouteEntry[]): string[] {
    const methods = new Set(routes.map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return METHOD_ORDER.filter((m) => methods.has(m));
  }

  /** Answers OPTIONS, 404 and 405 before routing; lets everything else through. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (isPublicPath(req.path)) return next();
      const routes = this.matching(req.path);
      if (routes.length === 0) {
        return sendError(res, 404, `No resource at ${req.method} ${req.path}.`);
      }
      const allowed = RouteTable.allowed(routes);
      if (req.method === 'OPTIONS') {
        const principal = requestContext.get()?.principal;
        // What reading the path takes: its GET's scope (`GET /store`: any key), else its group's read scope.
        const get = routes.find((r) => r.method === 'GET');
        const readScope = get ? requiredScope(get, 'GET') : routes.map((r) => (r.group ? scopeFor(r.group, 'GET') : r.scope)).find(Boolean);
        if (principal && readScope && !hasScope(principal.scopes, readScope)) {
          const e = new ApiError(403, `The access token lacks the scope "${readScope}".`);
          return sendError(res, e.status, e.body);
        }
        res.setHeader('Allow', allowed.join(', '));
        return sendSuccess(req, res, 200, { methods: allowed });
      }
      if (!allowed.includes(req.method)) {
        return sendError(res, 405, `Method ${req.method} is not allowed on ${req.path}; allowed: ${allowed.join(', ')}.`, {
          Allow: allowed.join(', '),
        });
      }
      // The scope before the body is read: a key without it gets 403 whatever else is wrong with the
      // request, and nothing of it (an Idempotency-Key) is stored. Refused only when no route of this
      // path and method would let the key in; the global guard checks the one Nest picks.
      const principal = requestContext.get()?.principal;
      if (principal) {
        const method = req.method === 'HEAD' ? 'GET' : req.method;
        const required = routes.filter((r) => r.method === method).map((r) => requiredScope(r, method));
        if (required.length > 0 && !required.some((scope) => scope !== null && hasScope(principal.scopes, scope))) {
          const first = required.find((scope) => scope !== null);
          const missing = first ? missingScope(principal.scopes, first) : null;
          return sendError(res, 403, missing ? `The access token lacks the scope "${missing}".` : 'This route has no scope and is closed.');
        }
      }
      if (routes.some((r) => r.method === req.method && r.arrayBody)) markArrayBody(req);
      const streamed = routes.find((r) => r.method === req.method && r.streamBody)?.streamBody;
      if (streamed) markStreamBody(req, streamed);
      next();
    };
  }
}
