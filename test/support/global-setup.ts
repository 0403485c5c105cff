// Self-contained: jest loads global setup outside its module mapping.
import net from 'node:net';

/** Where the e2e specs find PostgreSQL and Redis (real services, never mocks). */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function reachable(url: string, timeoutMs = 2000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A service's URL as a message may show it: without its password. */
function shown(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * The e2e specs need real PostgreSQL and Redis: a missing one fails the whole run, naming it, so a
 * run never passes by skipping them. Only E2E_SKIP=1 skips them (see describe-e2e.ts), with a note.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_SKIP === '1') {
    console.warn('\nE2E_SKIP=1: skipping the e2e specs (test/*.e2e-spec.ts); only the unit tests run.\n');
    return;
  }
  const [pg, redis] = await Promise.all([reachable(TEST_PG_URL), reachable(TEST_REDIS_URL)]);
  const missing = [!pg && `PostgreSQL (${shown(TEST_PG_URL)})`, !redis && `Redis (${shown(TEST_REDIS_URL)})`].filter(Boolean);
  if (missing.length === 0) return;
  throw new Error(
    `Not reachable: ${missing.join(' and ')}, which the e2e specs need. Start ${missing.length === 1 ? 'it' : 'them'} ` +
      '(TEST_DATABASE_URL and TEST_REDIS_URL say where), or set E2E_SKIP=1 to run the unit tests only.',
  );
}
