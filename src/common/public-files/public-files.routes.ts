import { type Request, type RequestHandler, type Response, Router } from 'express';
import { sendError, successEnvelope } from '../http/envelope.js';

const ALLOWED = 'GET, HEAD, OPTIONS';

/**
 * Nothing on this host is meant for search results: the API answers only with a token, /docs and
 * /openapi.json are for the developers a store hands them to, and a cart link is the buyer's
 * capability (its page also says noindex). So crawlers are asked to fetch nothing; `/cart/` is named
 * on its own line too, so the rule for the buyer's pages stays if the rest is ever opened.
 */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /cart/\nDisallow: /\n';

/** A day: both answers change only with a release. */
const CACHE_CONTROL = 'public, max-age=86400';

/** /favicon.ico and /robots.txt as Express routes them: any case, one trailing slash allowed. */
const PUBLIC_FILE_PATH = /^\/(?:favicon\.ico|robots\.txt)\/?$/i;

/**
 * GET /favicon.ico (204: the store has no icon, and a browser opening a cart link stops asking) and
 * GET /robots.txt, without a token and cacheable. Mounted before authentication; every other
 * request passes by without entering their router.
 */
export function publicFileRoutes(): RequestHandler {
  const router = publicFileRouter();
  return (req, res, next) => (PUBLIC_FILE_PATH.test(req.path) ? router(req, res, next) : next());
}

function publicFileRouter(): Router {
  const router = Router();
  router.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.status(204).end();
  });
  router.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).type('text/plain; charset=utf-8').send(ROBOTS_TXT);
  });
  router.options(['/favicon.ico', '/robots.txt'], (_req, res) => {
    res.setHeader('Allow', ALLOWED);
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(successEnvelope(200, { methods: ALLOWED.split(', ') }));
  });
  router.all(['/favicon.ico', '/robots.txt'], (req: Request, res: Response) =>
    sendError(res, 405, `Method ${req.method} is not allowed on ${req.path}; allowed: ${ALLOWED}.`, { Allow: ALLOWED }),
  );
  return router;
}
