import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Observable, map } from 'rxjs';
import { Page } from '../http/envelope.js';
import { productCostsFor, requestScopes } from './resource-scopes.js';

/**
 * On the routes that show products inside another resource (quotes, orders): a key without
 * `catalog:read` reads each product's `cost` as null. The services present the full object (the
 * events keep it); the answer to this key is cut here, page or single resource alike.
 */
@Injectable()
export class ProductCostInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((body: unknown) => {
        const scopes = requestScopes();
        if (body instanceof Page) return new Page(productCostsFor(scopes, body.items), body.pagination);
        return productCostsFor(scopes, body);
      }),
    );
  }
}
