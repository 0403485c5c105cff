import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type Socket, connect } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describeBrowser, launchChromium, warnIfNoChromium } from './support/chromium.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, dropRedisKeys, startApi } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

warnIfNoChromium();

const ADMIN = { user: 'ops', password: 'correct horse:battery' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describeE2E('operator pages', () => {
  describe('queue dashboard over HTTP', () => {
    let api: ApiProcess;
    const prefix = `test-browser-${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      api = await startApi('dashboard', {
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        ADMIN_USER: ADMIN.user,
        ADMIN_PASSWORD: ADMIN.password,
        // The login limit is per client address: the spec speaks as several, through a trusted proxy.
        TRUST_PROXY: 'loopback',
      });
    }, 60_000);
    afterAll(async () => {
      await api?.close();
      await dropRedisKeys(TEST_REDIS_URL, prefix);
    });

    it.each([
      ['no credentials', undefined],
      ['a wrong password', basic(ADMIN.user, 'wrong')],
      ['a wrong user', basic('root', ADMIN.password)],
      ['the API token instead', 'Bearer sk_whatever'],
      ['a malformed header', 'Basic !!!'],
    ])('answers 401 with a Basic challenge to %s', async (_label, authorization) => {
      const res = await fetch(`${api.url}/admin/queues`, { headers: authorization ? { Authorization: authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="Store queues", charset="UTF-8"');
      expect(await res.json()).toEqual({
        meta: { status: 401, success: false },
        error: { message: 'The queue dashboard needs its user name and password.' },
      });
      // The JSON behind the page is guarded the same way.
      expect(
        (await fetch(`${api.url}/admin/queues/api/queues`, { headers: authorization ? { Authorization: authorization } : {} })).status,
      ).toBe(401);
    });

    it('serves the dashboard and its JSON with the right credentials, listing the send-quote queue', async () => {
      const auth = { Authorization: basic(ADMIN.user, ADMIN.password) };
      const page = await fetch(`${api.url}/admin/queues`, { headers: auth });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('x-powered-by')).toBeNull();
      const queues = await fetch(`${api.url}/admin/queues/api/queues`, { headers: auth });
      expect(queues.status).toBe(200);
      const body = (await queues.json()) as { queues: { name: string; type: string }[] };
      expect(body.queues.map((q) => [q.name, q.type])).toEqual([['send-quote', 'bull']]);
    });

    it('refuses to be framed by another site: X-Frame-Options DENY and CSP frame-ancestors none', async () => {
      for (const authorization of [basic(ADMIN.user, ADMIN.password), basic(ADMIN.user, 'wrong')]) {
        const res = await fetch(`${api.url}/admin/queues`, {
          headers: { Authorization: authorization, 'X-Forwarded-For': '198.51.100.90' },
        });
        expect([res.headers.get('x-frame-options'), res.headers.get('content-security-policy')]).toEqual([
          'DENY',
          "frame-ancestors 'none'",
        ]);
      }
    });

    it('limits failed logins per client address: the 11th attempt in a minute is 429, even with the right password', async () => {
      const from = (address: string, authorization: string) =>
        fetch(`${api.url}/admin/queues/api/queues`, { headers: { Authorization: authorization, 'X-Forwarded-For': address } });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await from('198.51.100.7', basic(ADMIN.user, `guess-${i}`))).status);
      expect(statuses).toEqual(Array<number>(10).fill(401));
      for (const authorization of [basic(ADMIN.user, 'guess-10'), basic(ADMIN.user, ADMIN.password)]) {
        const res = await from('198.51.100.7', authorization);
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
        expect(await res.json()).toEqual({
          meta: { status: 429, success: false },
          error: { message: expect.stringMatching(/^Too many failed logins from this address: retry in \d+ s\.$/) },
        });
      }
      // Another address is not held by it.
      expect((await from('198.51.100.8', basic(ADMIN.user, 'guess'))).status).toBe(401);
      expect((await from('198.51.100.8', basic(ADMIN.user, ADMIN.password))).status).toBe(200);
    });

    it('counts a login before it checks it: 30 wrong passwords at once from one address, at most 10 tried', async () => {
      // Thirty connections opened first, then every request written in the same tick: they reach the
      // api together, as a guessing script's do, not one after another.
      const { hostname, port } = new URL(api.url);
      const sockets = await Promise.all(
        Array.from(
          { length: 30 },
          () =>
            new Promise<Socket>((resolve, reject) =>
              connect(Number(port), hostname, function (this: Socket) {
                resolve(this);
              }).once('error', reject),
            ),
        ),
      );
      const statuses = sockets.map(
        (socket) =>
          new Promise<number>((resolve, reject) => {
            let head = '';
            socket.on('data', (chunk: Buffer) => {
              head += chunk.toString('latin1');
              const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
              if (status) {
                resolve(Number(status[1]));
                socket.destroy();
              }
            });
            socket.once('error', reject);
          }),
      );
      sockets.forEach((socket, i) =>
        socket.write(
          `GET /admin/queues/api/queues HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${basic(ADMIN.user, `race-${i}`)}\r\n` +
            'X-Forwarded-For: 198.51.100.30\r\nConnection: close\r\n\r\n',
        ),
      );
      expect((await Promise.all(statuses)).sort()).toEqual([...Array<number>(10).fill(401), ...Array<number>(20).fill(429)]);
    });

    it('counts IPv6 clients by their /64: a new address in the same network is held, another network is not', async () => {
      const from = (address: string, password: string) =>
        fetch(`${api.url}/admin/queues/api/queues`, {
          headers: { Authorization: basic(ADMIN.user, password), 'X-Forwarded-For': address },
        }).then((res) => res.status);
      for (let i = 1; i <= 10; i++) expect(await from(`2001:db8:7:7::${i.toString(16)}`, `guess-${i}`)).toBe(401);
      expect(await from('2001:db8:7:7:ffff:1:2:3', ADMIN.password)).toBe(429);
      expect(await from('2001:db8:7:8::1', ADMIN.password)).toBe(200);
    });

    it('refuses changes sent from another origin', async () => {
      const res = await fetch(`${api.url}/admin/queues/api/queues/send-quote/pause`, {
        method: 'PUT',
        headers: { Authorization: basic(ADMIN.user, ADMIN.password), Origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        meta: { status: 403, success: false },
        error: { message: 'The queue dashboard accepts changes from its own pages only.' },
      });
    });
  });

  describe('queue dashboard switched off', () => {
    let t: TestApp;
    afterEach(() => t?.close());

    it.each<[string, Record<string, string>]>([
      ['without ADMIN_USER / ADMIN_PASSWORD', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: `test-off-${randomBytes(4).toString('hex')}` }],
      ['without REDIS_URL (no queue to show)', { ADMIN_USER: ADMIN.user, ADMIN_PASSWORD: ADMIN.password }],
    ])('answers 404 %s, credentials or not', async (_label, env) => {
      t = await bootTestApp('dashboard_off', env);
      for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
        const res = await t.http.get(path).set('Authorization', basic(ADMIN.user, ADMIN.password));
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ meta: { status: 404, success: false }, error: { message: `No resource at GET ${path}.` } });
      }
      if (env.QUEUE_PREFIX) await dropRedisKeys(TEST_REDIS_URL, env.QUEUE_PREFIX);
    });
  });

  describeBrowser('in chromium', () => {
    let api: ApiProcess;
    let context: BrowserContext;
    let profile: string | undefined;
    const prefix = `test-browser-${randomBytes(4).toString('hex')}`;
    const shots = mkdtempSync(join(tmpdir(), 'store-screenshots-'));

    beforeAll(async () => {
      api = await startApi('browser', {
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        ADMIN_USER: ADMIN.user,
        ADMIN_PASSWORD: ADMIN.password,
      });
      ({ context, profile } = await launchChromium({ httpCredentials: { username: ADMIN.user, password: ADMIN.password } }));
    }, 90_000);
    afterAll(async () => {
      await context?.close();
      await api?.close();
      await dropRedisKeys(TEST_REDIS_URL, prefix);
      if (profile) rmSync(profile, { recursive: true, force: true });
      rmSync(shots, { recursive: true, force: true });
    });

    it('shows the API documentation in Swagger UI at /docs', async () => {
      const page = await context.newPage();
      await page.goto(`${api.url}/docs`);
      await page.locator('.swagger-ui .info .title').getByText('Store API').waitFor({ timeout: 20_000 });
      expect(await page.title()).toBe('Store API — documentation');
      // Operations are grouped by tag and collapsed: open Geography and find GET /countries.
      await page.locator('.opblock-tag', { hasText: 'Geography' }).first().click();
      const getCountries = page
        .locator('.opblock-get')
        .filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/countries$/ }) });
      await getCountries.first().waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(shots, 'docs.png'), fullPage: false });
      expect(statSync(join(shots, 'docs.png')).size).toBeGreaterThan(1000);
      await page.close();
    }, 60_000);

    it('shows the send-quote queue in the dashboard at /admin/queues', async () => {
      const page = await context.newPage();
      const response = await page.goto(`${api.url}/admin/queues`);
      expect(response?.status()).toBe(200);
      await page.getByText('send-quote').first().waitFor({ timeout: 20_000 });
      expect(await page.title()).toBe('Store queues');
      await page.screenshot({ path: join(shots, 'queues.png'), fullPage: false });
      expect(statSync(join(shots, 'queues.png')).size).toBeGreaterThan(1000);
      await page.close();
    }, 60_000);
  });
});
