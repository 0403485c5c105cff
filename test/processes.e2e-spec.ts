import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, killStarted, runNode, startNode, stop, waitFor } from './support/processes.js';
import { parseMessage } from './support/smtp-sink.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/** The built entrypoints as an operator runs them (`npm test` builds first). */
describeE2E('processes', () => {
  describe('configuration is validated at boot', () => {
    it.each([
      [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer from 0 to 65535, got "abc"'],
      [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer from 0 to 65535, got "70000"'],
      [{ DATABASE_URL: 'mysql://localhost/store' }, 'Invalid configuration: DATABASE_URL must use postgres: or postgresql:, got "mysql:"'],
      [{ DATABASE_URL: 'not a url' }, 'Invalid configuration: DATABASE_URL must be a URL (postgres: or postgresql:), got "not a url"'],
      [{ REDIS_URL: 'http://localhost:6379' }, 'Invalid configuration: REDIS_URL must use redis: or rediss:, got "http:"'],
      [
        { WEB_CONCURRENCY: '2' },
        'Invalid configuration: WEB_CONCURRENCY must be 1 (or auto) with the embedded database; set DATABASE_URL to run 2 api processes',
      ],
      [
        { TRUST_PROXY: 'loopback,proxy.internal' },
        'Invalid configuration: TRUST_PROXY must be a hop count, true, false, or a comma-separated list of addresses, CIDRs, loopback, linklocal or uniquelocal; "proxy.internal" is none of these',
      ],
    ])('%j stops the api with one line naming the variable', (env, line) => {
      const r = runNode('main.js', [], env);
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(line);
      expect(r.stdout).toBe('');
    });

    it('stops the cli and the worker the same way', () => {
      expect(runNode('cli.js', ['api-key:list'], { PORT: 'x' }).stderr.trim()).toBe(
        'Invalid configuration: PORT must be an integer from 0 to 65535, got "x"',
      );
      expect(runNode('worker.js', [], { REDIS_URL: 'ftp://x' }).stderr.trim()).toBe(
        'Invalid configuration: REDIS_URL must use redis: or rediss:, got "ftp:"',
      );
    });

    it('stops a worker that sends e-mail without STORE_URL, before it touches anything: its links would point at itself', () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'worker-store-url-'));
      try {
        const r = runNode('worker.js', [], { SMTP_URL: 'smtp://127.0.0.1:2525', DATA_DIR: dataDir, PORT: '3999' });
        expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
          status: 1,
          stdout: '',
          stderr:
            "Invalid configuration: STORE_URL must be set when a worker sends e-mail (SMTP_URL is set): its cart links would otherwise point at http://localhost:3999, the worker's own machine\n",
        });
        // It stopped before taking the embedded database.
        expect(readdirSync(dataDir)).toEqual([]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('admin cli', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootTestApp('cli');
    });
    afterAll(() => t?.close());
    const cli = (...args: string[]) => runNode('cli.js', args, { DATABASE_URL: t.dbUrl });

    it('creates a key that works, lists it without secrets, and revokes it', async () => {
      const created = cli('api-key:create', '--name', 'erp', '--scopes', 'geography:read,quotes:send', '--expires-in-days', '30', '--json');
      expect(created.status).toBe(0);
      const lines = created.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const key = JSON.parse(lines[0]);
      expect(key).toEqual({
        id: expect.any(Number),
        name: 'erp',
        scopes: ['geography:read', 'quotes:send'],
        access_token: expect.stringMatching(/^sk_[\w-]{32}$/),
        expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      const stored = await t.sql<{ token_hash: string; secret_hash: string | null }>(
        'SELECT token_hash, secret_hash FROM api_keys WHERE id = $1',
        [key.id],
      );
      expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      // No second secret any more (nothing read it): only the token authenticates.
      expect(stored[0].secret_hash).toBeNull();
      expect(JSON.stringify(stored)).not.toContain(key.access_token.slice(3));

      const bearer = { Authorization: `Bearer ${key.access_token}` };
      expect((await t.http.get('/countries').set(bearer)).status).toBe(200);
      expect((await t.http.post('/country').set(bearer).send({ name: 'X', code: 'XX' })).status).toBe(403);

      const list = cli('api-key:list', '--json');
      expect(list.status).toBe(0);
      const listed = JSON.parse(list.stdout);
      expect(listed.api_keys.find((k: { id: number }) => k.id === key.id)).toEqual({
        id: key.id,
        name: 'erp',
        scopes: ['geography:read', 'quotes:send'],
        expires_at: key.expires_at,
        revoked_at: null,
        last_used_at: expect.stringMatching(/^\d{4}-/),
        created_at: expect.stringMatching(/^\d{4}-/),
      });
      expect(list.stdout).not.toContain('sk_');

      const revoked = cli('api-key:revoke', String(key.id), '--json');
      expect(JSON.parse(revoked.stdout)).toEqual({ id: key.id, revoked: true });
      expect((await t.http.get('/countries').set(bearer)).status).toBe(401);
    });

    it('answers mistakes with one JSON error object and a non-zero exit', () => {
      const scopes = cli('api-key:create', '--name', 'x', '--scopes', 'everything', '--json');
      expect(scopes.status).toBe(1);
      expect(JSON.parse(scopes.stdout).error).toMatch(/^Unknown scope\(s\): everything\. Known: /);
      const noName = cli('api-key:create', '--json');
      expect(JSON.parse(noName.stdout)).toEqual({ error: '--name is required' });
      const missing = cli('api-key:revoke', '999999', '--json');
      expect(JSON.parse(missing.stdout)).toEqual({ error: 'no API key with id 999999' });
      const human = cli('api-key:revoke', 'abc');
      expect(human.status).toBe(1);
      expect(human.stderr.trim()).toBe('Error: the key id must be a positive integer');
    });

    it('refuses a blank --scopes (empty, blank, only commas): exit 1 naming --scopes, no key made', async () => {
      const before = await t.sql('SELECT id FROM api_keys ORDER BY id');
      for (const blank of ['', ' ', ' , ,']) {
        const json = cli('api-key:create', '--name', 'blank', '--scopes', blank, '--json');
        expect({ blank, status: json.status, out: JSON.parse(json.stdout) }).toEqual({
          blank,
          status: 1,
          out: { error: '--scopes names no scope: give a comma separated list (omit --scopes for a key with every scope, *)' },
        });
      }
      const human = cli('api-key:create', '--name', 'blank', '--scopes=,');
      expect(human.status).toBe(1);
      expect(human.stderr).toContain('--scopes');
      expect(await t.sql('SELECT id FROM api_keys ORDER BY id')).toEqual(before);
    }, 90_000);

    it('migrates and seeds the demo data idempotently', async () => {
      expect(JSON.parse(cli('db:migrate', '--json').stdout)).toEqual({ applied: [] });
      const seeded = cli('db:seed-demo', '--json');
      expect(seeded.status).toBe(0);
      expect(JSON.parse(seeded.stdout).seeded).toContain('Geography: 5 countries, 7 states present.');
      // One demo order, made from its own quote, once.
      expect(await t.sql<{ number: string; payment_status: string }>('SELECT number, payment_status FROM orders')).toEqual([
        { number: 'O1001', payment_status: 'paid' },
      ]);
      // Three reviews through the reviews service: Ada's of the mug she ordered is a verified purchase,
      // the mug's rating is its two approved ones; the gift card is downloadable.
      const ratings =
        "SELECT p.sku, p.rating_average, p.rating_count, t.api_code FROM products p JOIN product_types t ON t.id = p.product_type_id WHERE p.sku IN ('DEMO-MUG', 'DEMO-TSHIRT', 'DEMO-GIFTCARD') ORDER BY p.sku";
      const expected = [
        { sku: 'DEMO-GIFTCARD', rating_average: null, rating_count: 0, api_code: 'downloadable' },
        { sku: 'DEMO-MUG', rating_average: '4.00', rating_count: 2, api_code: 'goods' },
        { sku: 'DEMO-TSHIRT', rating_average: null, rating_count: 0, api_code: 'goods' },
      ];
      expect(await t.sql(ratings)).toEqual(expected);
      expect(await t.sql('SELECT author_name, status, verified_purchase FROM reviews ORDER BY id')).toEqual([
        { author_name: 'Ada Lovelace', status: 'approved', verified_purchase: true },
        { author_name: 'Charles B.', status: 'approved', verified_purchase: false },
        { author_name: 'Grace H.', status: 'pending', verified_purchase: false },
      ]);
      cli('db:seed-demo', '--json');
      expect(await t.sql('SELECT count(*)::int AS n FROM countries')).toEqual([{ n: 5 }]);
      expect(await t.sql('SELECT count(*)::int AS n FROM orders')).toEqual([{ n: 1 }]);
      expect(await t.sql('SELECT count(*)::int AS n FROM reviews')).toEqual([{ n: 3 }]);
      expect(await t.sql(ratings)).toEqual(expected);
    });
  });

  describe('quick start on the embedded database', () => {
    it('serves the API with no environment, printing a demo key on the first run only', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'store-quickstart-'));
      const port = String(await freePort());
      let api: { output: () => string } | undefined;
      try {
        const first = (api = await startNode('main.js', { DATA_DIR: dataDir, PORT: port }, /Listening on/));
        const token = /Access token: (sk_[\w-]+)/.exec(first.output())?.[1];
        expect(token).toBeDefined();
        const res = await fetch(`http://127.0.0.1:${port}/countries?embed=states`, { headers: { Authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { data: { code: string }[] };
        expect(body.data.map((c) => c.code)).toEqual(['US', 'CA', 'DE', 'NL', 'GB']);
        // No STORE_URL: the demo quote's cart link points at this api, on the PORT it was given.
        const quotes = await fetch(`http://127.0.0.1:${port}/quotes?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
        const [quote] = ((await quotes.json()) as { data: { cart_link: string; cart_link_id: string }[] }).data;
        expect(quote.cart_link).toBe(`http://localhost:${port}/cart/${quote.cart_link_id}`);
        // The README's demo walk: send Q1001, open the link of the .eml in the dev mailbox: a page, not an error.
        const sent = await fetch(`http://127.0.0.1:${port}/quote/Q1001/send-quote`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(sent.status).toBe(202);
        const outbox = join(dataDir, 'outbox');
        const eml = await waitFor(() => existsSync(outbox) && readdirSync(outbox).find((f) => f.endsWith('.eml')), 'the demo e-mail');
        const link = /Open your cart: (\S+)/.exec(parseMessage(readFileSync(join(outbox, eml as string), 'utf8')).text)?.[1];
        expect(link).toBe(`http://localhost:${port}/cart/${quote.cart_link_id}`);
        const page = await fetch(link!);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const html = await page.text();
        expect(html).toContain('<span class="quote-number">Q1001</span>');
        const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1];
        expect(await stop(first.child)).toBe(0);

        const second = (api = await startNode('main.js', { DATA_DIR: dataDir, PORT: port }, /Listening on/));
        expect(second.output()).not.toContain('Access token');
        const again = await fetch(`http://127.0.0.1:${port}/countries`, { headers: { Authorization: `Bearer ${token}` } });
        expect(again.status).toBe(200);
        // The form of a page served before the restart is accepted after it: the key is kept in the database.
        const accepted = await fetch(`${link!.replace('localhost', '127.0.0.1')}/accept`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrf_token: csrf }).toString(),
        });
        expect({ status: accepted.status, location: accepted.headers.get('location') }).toEqual({
          status: 303,
          location: `/cart/${quote.cart_link_id}`,
        });
        expect(existsSync(join(dataDir, 'cart-secret'))).toBe(false);
        await stop(second.child);
      } catch (err) {
        // What the api printed is what tells why a step failed.
        if (err instanceof Error && api) err.message += `\n--- the api printed ---\n${api.output()}`;
        throw err;
      } finally {
        // An api left running by a failed step would write into the directory as it is removed.
        await killStarted();
        rmSync(dataDir, { recursive: true, force: true });
      }
      // Two cold starts of the embedded database (WASM) and a first quote page: slow on a busy machine.
    }, 90_000);

    it('keeps the cart form key an earlier version left in DATA_DIR/cart-secret, so its pages stay acceptable', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'store-earlier-key-'));
      const earlier = 'k'.repeat(43);
      writeFileSync(join(dataDir, 'cart-secret'), `${earlier}\n`);
      const port = String(await freePort());
      try {
        const api = await startNode('main.js', { DATA_DIR: dataDir, PORT: port }, /Listening on/);
        try {
          const token = /Access token: (sk_[\w-]+)/.exec(api.output())![1];
          const quote = await fetch(`http://127.0.0.1:${port}/quote/Q1001`, { headers: { Authorization: `Bearer ${token}` } });
          const { id: quoteId, cart_link_id: id } = ((await quote.json()) as { data: { id: number; cart_link_id: string } }).data;
          const page = await (await fetch(`http://127.0.0.1:${port}/cart/${id}`)).text();
          // Signed over the link, its quote and the link's version (1: never changed).
          expect(/name="csrf_token" value="([^"]+)"/.exec(page)?.[1]).toBe(
            createHmac('sha256', earlier).update(`accept:${quoteId}:1:${id}`).digest('base64url'),
          );
        } finally {
          expect(await stop(api.child)).toBe(0);
        }
      } finally {
        await killStarted();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  });
});
