import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { MemoryRateLimitStore } from '../../common/rate-limit/memory-rate-limit.store.js';
import { type LoginLimit, basicAuth } from './basic-auth.middleware.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A login limit over the in-memory store, as the RateLimiter keeps it: ten attempts a minute. */
function memoryLimit(): LoginLimit & { tried: number } {
  const store = new MemoryRateLimitStore();
  const limit = {
    tried: 0,
    async loginAttempt(address: string) {
      const window = await store.hit(address, 60_000);
      return window.count > 10 ? Math.ceil(window.resetMs / 1000) : null;
    },
    loginSucceeded: (address: string) => store.unhit(address),
  };
  return limit;
}

async function serve(limit: LoginLimit): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(basicAuth('ops', 'a long enough password', 'Test', limit));
  app.get('/', (_req, res) => res.send('in'));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('basicAuth', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('counts an attempt before it checks it: 30 wrong passwords at once, 10 tried and 20 refused', async () => {
    const s = await serve(memoryLimit());
    server = s.server;
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => fetch(s.url, { headers: { Authorization: basic('ops', `guess-${i}`) } }).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([...Array<number>(10).fill(401), ...Array<number>(20).fill(429)]);
  });

  it('gives a successful login its attempt back, so only failures use up the minute', async () => {
    const s = await serve(memoryLimit());
    server = s.server;
    for (let i = 0; i < 20; i++)
      expect((await fetch(s.url, { headers: { Authorization: basic('ops', 'a long enough password') } })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await fetch(s.url, { headers: { Authorization: basic('ops', 'wrong') } })).status).toBe(401);
    expect((await fetch(s.url, { headers: { Authorization: basic('ops', 'a long enough password') } })).status).toBe(429);
  });

  it('fails closed when the counter cannot be reached: 503 with Retry-After, the password never checked', async () => {
    const away: LoginLimit = {
      loginAttempt: () => Promise.reject(new Error('Connection is closed.')),
      loginSucceeded: () => Promise.resolve(),
    };
    const s = await serve(away);
    server = s.server;
    for (const password of ['a long enough password', 'wrong']) {
      const res = await fetch(s.url, { headers: { Authorization: basic('ops', password) } });
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
      expect(await res.json()).toEqual({
        meta: { status: 503, success: false },
        error: { message: 'The queue dashboard cannot count login attempts right now; try again shortly.' },
      });
    }
  });

  it('answers a request without credentials with the prompt, counting nothing', async () => {
    const limit = memoryLimit();
    const s = await serve(limit);
    server = s.server;
    for (let i = 0; i < 15; i++) expect((await fetch(s.url)).status).toBe(401);
    expect((await fetch(s.url, { headers: { Authorization: basic('ops', 'a long enough password') } })).status).toBe(200);
  });
});
