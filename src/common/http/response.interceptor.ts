import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type Observable, map } from 'rxjs';
import { WithStatus } from './envelope.js';
import { sendSuccess } from './response-writer.js';
import { checkUndeclaredInput } from '../validation/undeclared-input.js';

/**
 * Refuses query parameters and body fields the route does not declare (before the handler runs),
 * then wraps every handler result in the success envelope and writes it with the caching headers.
 */
@Injectable()
export class ResponseInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<void> {
    checkUndeclaredInput(context);
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      map((body: unknown) => {
        if (!(body instanceof WithStatus)) return sendSuccess(req, res, res.statusCode, body);
        for (const [name, value] of Object.entries(body.headers)) res.setHeader(name, value);
        return sendSuccess(req, res, body.status, body.body);
      }),
    );
  }
}
