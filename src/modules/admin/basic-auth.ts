import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../../common/http/envelope.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** `Authorization: Basic …` decoded to "user:password", or null. */
function basicCredentials(header: string | undefined): string | null {
  const m = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header ?? '');
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : null;
}

/** Failed logins counted per client address (RateLimiter: in Redis when there is one, so every api process shares them). */
export interface LoginLimit {
  /** Seconds until the address may try again; null while it may. */
  loginLockout(address: string): Promise<number | null>;
  loginFailed(address: string): Promise<void>;
}

/**
 * HTTP basic auth against one user and password. Both sides are hashed before the constant-time
 * comparison, so neither the content nor the length of the secret leaks through timing. A client
 * address with ADMIN_LOGIN_FAILURES failed logins in its current minute gets 429 with Retry-After,
 * without its credentials being looked at, until the minute ends: guessing costs a minute per ten.
 */
export function basicAuth(user: string, password: string, realm: string, limit: LoginLimit) {
  const expected = digest(`${user}:${password}`);
  return (req: Request, res: Response, next: NextFunction): void => {
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    limit
      .loginLockout(address)
      .then(async (retryAfter) => {
        if (retryAfter !== null) {
          sendError(res, 429, `Too many failed logins from this address: retry in ${retryAfter} s.`, { 'Retry-After': String(retryAfter) });
          return;
        }
        const given = basicCredentials(req.headers.authorization);
        if (given !== null && timingSafeEqual(digest(given), expected)) return next();
        // A request without credentials is the browser asking for the login prompt, not a guess.
        if (given !== null || req.headers.authorization !== undefined) await limit.loginFailed(address);
        sendError(res, 401, 'The queue dashboard needs its user name and password.', {
          'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"`,
        });
      })
      .catch(next);
  };
}
