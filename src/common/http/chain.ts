import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middleware as one Express layer, run in order: every request goes through each of them
 * anyway, and one layer saves the router's matching and bookkeeping for each of the others. An
 * error (thrown, rejected or passed to `next`) leaves the chain for Express's error handling, as before.
 */
export function chain(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined && err !== null) return next(err);
      const handler = handlers[i++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        // As Express 5 does for a layer: an async handler's rejection goes to error handling.
        if (result instanceof Promise) result.catch((rejected: unknown) => next(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
