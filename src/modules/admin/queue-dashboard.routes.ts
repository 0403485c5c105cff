import type { INestApplication } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { findBullQueues } from '../../common/health/bull-queues.js';
import { sendError } from '../../common/http/envelope.js';
import { refuseFraming } from '../../common/http/refuse-framing.js';
import type { AppConfig } from '../../config/app-config.js';
import { RateLimiter } from '../../common/rate-limit/rate-limiter.js';
import { basicAuth } from './basic-auth.middleware.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** The dashboard's buttons (retry, clean, remove) change queues: only from its own pages. */
function sameOriginWrites(req: Request, res: Response, next: NextFunction): void {
  const origin = req.headers.origin;
  if (req.method === 'GET' || req.method === 'HEAD' || origin === undefined) return next();
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    // An Origin that is not a URL is not ours either.
  }
  if (host === req.headers.host) return next();
  sendError(res, 403, 'The queue dashboard accepts changes from its own pages only.');
}

/**
 * Bull Board at /admin/queues over every Bull queue of the app (found in the container, so queues
 * added later appear by themselves), behind basic auth with ADMIN_USER / ADMIN_PASSWORD (failed logins
 * limited per client address), never in a frame. Off — a
 * 404 like any unknown path — without those credentials or without a queue (no Redis configured).
 */
export function queueDashboard(app: INestApplication, config: AppConfig): RequestHandler[] {
  const queues = findBullQueues(app);
  if (!config.admin || queues.length === 0) {
    return [refuseFraming, (req, res) => sendError(res, 404, `No resource at ${req.method} ${req.originalUrl.split('?')[0]}.`)];
  }
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullAdapter(q)),
    // @bull-board/express pins its own copy of @bull-board/api one patch behind: same shape, other declarations.
    serverAdapter: board as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Store queues' } },
  });
  const router = board.getRouter() as RequestHandler & { disable(name: string): void };
  router.disable('x-powered-by');
  const login = basicAuth(config.admin.user, config.admin.password, 'Store queues', app.get(RateLimiter));
  return [refuseFraming, login, sameOriginWrites, router];
}
