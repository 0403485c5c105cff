import type { RequestHandler } from 'express';

/**
 * For pages no other site may frame (clickjacking: a page's buttons under a decoy): the old header
 * and the CSP directive that replaced it, for browsers of either age. The queue dashboard and /docs.
 */
export const refuseFraming: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  next();
};
