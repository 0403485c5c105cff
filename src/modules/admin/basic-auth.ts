import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../../common/http/envelope.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** `Authorization: Basic …` decoded to "user:password", or null. */
function basicCredentials(header: string | undefined): string | null {
  const m = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header ?? '');
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : null;
}

/**
 * HTTP basic auth against one user and password. Both sides are hashed before the constant-time
 * comparison, so neither the content nor the length of the secret leaks through timing.
 */
export function basicAuth(user: string, password: string, realm: string) {
  const expected = digest(`${user}:${password}`);
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = basicCredentials(req.headers.authorization);
    if (given !== null && timingSafeEqual(digest(given), expected)) return next();
    sendError(res, 401, 'The queue dashboard needs its user name and password.', {
      'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"`,
    });
  };
}
