// Self-contained: jest loads global setup outside its module mapping.
import net from 'node:net';

/** Where the e2e specs find PostgreSQL and Redis (CONTRACT: real services, never mocks). */
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

/**
 * The e2e specs need real PostgreSQL and Redis. Under CI=true a missing one fails the whole run;
 * on a developer machine the e2e specs are skipped with a note instead.
 */
export default async function globalSetup(): Promise<void> {
  const [pg, redis] = await Promise.all([reachable(TEST_PG_URL), reachable(TEST_REDIS_URL)]);
  const missing = [!pg && `PostgreSQL (${TEST_PG_URL})`, !redis && `Redis (${TEST_REDIS_URL})`].filter(Boolean);
  if (missing.length === 0) {
    process.env.E2E_SERVICES = 'up';
    return;
  }
  if (process.env.CI === 'true') throw new Error(`CI=true and not reachable: ${missing.join(', ')}`);
  process.env.E2E_SERVICES = 'down';
  console.warn(`\nSkipping e2e specs, not reachable: ${missing.join(', ')}\n`);
}
