import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../../common/http/envelope.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** `Authorization: Basic …` decoded to "user:password", or null. */
function basicCredentials(header: string | undefined): string | null {
  const m = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header ?? '');
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : null;
}

/** Login attempts counted per client network (RateLimiter: in Redis, so every api process shares them). */
export interface LoginLimit {
  /**
   * Counts one attempt before it is checked: the seconds until the client may try again when it is over
   * the limit, else null. Rejects when the count cannot be kept.
   */
  loginAttempt(address: string): Promise<number | null>;
  /** Gives back the attempt of a login that succeeded. */
  loginSucceeded(address: string): Promise<void>;
}

/** How long a client is asked to wait while the login counter cannot be reached. */
const COUNTER_AWAY_RETRY_S = 5;

/**
 * HTTP basic auth against one user and password. Both sides are hashed before the constant-time
 * comparison, so neither the content nor the length of the secret leaks through timing. Every attempt
 * that carries credentials is counted before they are looked at, so concurrent guesses are counted
 * too; a client with more than ADMIN_LOGIN_FAILURES attempts in its current minute gets 429 with
 * Retry-After, its credentials unchecked, until the minute ends (a login that succeeds gives its
 * attempt back). When the counter cannot be reached the login fails closed: 503, nothing checked.
 */
export function basicAuth(user: string, password: string, realm: string, limit: LoginLimit) {
  const expected = digest(`${user}:${password}`);
  const prompt = (res: Response) =>
    sendError(res, 401, 'The queue dashboard needs its user name and password.', {
      'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"`,
    });
  return (req: Request, res: Response, next: NextFunction): void => {
    // A request without credentials is the browser asking for the login prompt, not a guess.
    if (req.headers.authorization === undefined) return prompt(res);
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    limit.loginAttempt(address).then(
      async (retryAfter) => {
        if (retryAfter !== null) {
          sendError(res, 429, `Too many failed logins from this address: retry in ${retryAfter} s.`, { 'Retry-After': String(retryAfter) });
          return;
        }
        const given = basicCredentials(req.headers.authorization);
        if (given === null || !timingSafeEqual(digest(given), expected)) return prompt(res);
        await limit.loginSucceeded(address).catch(() => undefined); // the attempt stays counted: the safe side
        next();
      },
      () =>
        sendError(res, 503, 'The queue dashboard cannot count login attempts right now; try again shortly.', {
          'Retry-After': String(COUNTER_AWAY_RETRY_S),
        }),
    );
  };
}
