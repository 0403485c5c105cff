import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../http/api-error.js';
import { requestContext } from '../http/request-context.js';
import { SCOPE_GROUP_KEY, SCOPE_KEY, missingScope, scopeFor } from './scopes.js';
import { invalidToken } from './authentication.middleware.js';

/**
 * The one global guard: the request's API key (resolved from the Bearer token before the body is
 * read) must hold the route's scope. A route with no scope metadata is refused, so a forgotten
 * decorator fails closed.
 */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const principal = requestContext.get()?.principal;
    if (!principal) throw invalidToken();
    const required = requiredScope(this.reflector, context, req.method);
    if (!required) throw new ApiError(403, 'This route has no scope and is closed.');
    const missing = missingScope(principal.scopes, required);
    if (missing) throw new ApiError(403, `The access token lacks the scope "${missing}".`);
    return true;
  }
}

function requiredScope(reflector: Reflector, context: ExecutionContext, method: string): string | null {
  const explicit = reflector.getAllAndOverride<string | undefined>(SCOPE_KEY, [context.getHandler(), context.getClass()]);
  if (explicit) return explicit;
  const group = reflector.getAllAndOverride<string | undefined>(SCOPE_GROUP_KEY, [context.getHandler(), context.getClass()]);
  return group ? scopeFor(group, method) : null;
}
