import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PUBLIC_PATHS } from '../auth/authentication.middleware.js';
import { httpDuration, httpInFlight, httpRequests } from './metrics.js';

/**
 * Counts and times every request by method, route template and status. The route is the template
 * Nest routed to (`/quote/:id`), the template the route table matched for a request refused before
 * routing (401, 403, 405), the public path's prefix (`/docs`), or `unmatched`: never the raw path,
 * so a client cannot grow the number of series.
 */
export function httpMetrics(templateOf: (path: string) => string | null): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    httpInFlight.inc();
    res.once('close', () => {
      httpInFlight.dec();
      const labels = { method: req.method, route: routeOf(req, templateOf), status: String(res.statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

function routeOf(req: Request, templateOf: (path: string) => string | null): string {
  const routed = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routed === 'string') return routed;
  const path = req.path;
  const open = PUBLIC_PATHS.find((p) => path === p || path.startsWith(`${p}/`));
  return open ?? templateOf(path) ?? 'unmatched';
}
