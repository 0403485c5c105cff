import { type Request, type RequestHandler, type Response, Router } from 'express';
import { sendError, successEnvelope } from '../http/envelope.js';
import type { HealthReport, HealthService } from './health.service.js';

const ALLOWED = 'GET, HEAD, OPTIONS';

/** Probes must never be answered from a cache. */
function send(res: Response, report: HealthReport): void {
  if (!report.ready) {
    // The envelope's error plus `details`, so a probe's log shows which dependency failed.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Retry-After', '5');
    res
      .status(503)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ meta: { status: 503, success: false }, error: { message: report.message, details: report.details } }));
    return;
  }
  res.setHeader('Cache-Control', 'no-store');
  res
    .status(200)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(successEnvelope(200, report.data)));
}

/**
 * GET /health (liveness: the process answers; no dependency is asked) and GET /ready (readiness:
 * the database and, with Redis configured, Redis answer). Mounted before authentication: no token.
 */
/** /health and /ready as Express routes them: any case, one trailing slash allowed. */
const PROBE_PATH = /^\/(?:health|ready)\/?$/i;

/** The probes; every other request passes by without entering their router. */
export function healthRoutes(health: HealthService): RequestHandler {
  const router = probeRouter(health);
  return (req, res, next) => (PROBE_PATH.test(req.path) ? router(req, res, next) : next());
}

function probeRouter(health: HealthService): Router {
  const router = Router();
  router.get('/health', (_req, res) => send(res, health.liveness()));
  router.get('/ready', (_req, res, next) => {
    health.readiness().then((report) => send(res, report), next);
  });
  router.options(['/health', '/ready'], (_req, res) => {
    res.setHeader('Allow', ALLOWED);
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(successEnvelope(200, { methods: ALLOWED.split(', ') }));
  });
  router.all(['/health', '/ready'], (req: Request, res: Response) =>
    sendError(res, 405, `Method ${req.method} is not allowed on ${req.path}; allowed: ${ALLOWED}.`, { Allow: ALLOWED }),
  );
  return router;
}
