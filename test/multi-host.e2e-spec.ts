import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { type Balancer, startBalancer } from './support/balancer.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, dropRedisKeys, freePort, jsonLines, runNode, startApi, startNode, stop, waitFor } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];

/**
 * Two api hosts behind a round-robin balancer without sticky sessions (docs/api.md#more-than-one-machine), as a
 * deployment runs them: their own DATA_DIRs, one PostgreSQL database, one Redis, no CART_SECRET,
 * TRUST_PROXY=loopback (the balancer runs on 127.0.0.1). The second host is itself a cluster of two
 * api processes (WEB_CONCURRENCY=2), so the node:cluster path is covered too.
 */
describeE2E('two api hosts behind a round-robin balancer', () => {
  const prefix = `multi-host-${process.pid}`;
  const dirs = [mkdtempSync(join(tmpdir(), 'store-host-a-')), mkdtempSync(join(tmpdir(), 'store-host-b-'))];
  let a: ApiProcess;
  let b: { child: ChildProcess; output: () => string };
  let lb: Balancer;
  let db: pg.Client;
  const common = {
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    TRUST_PROXY: 'loopback',
    CART_RATE_LIMIT_PER_MINUTE: '60',
    RATE_LIMIT_PER_MINUTE: '0',
  };

  beforeAll(async () => {
    a = await startApi('multi_host', { ...common, DATA_DIR: dirs[0] });
    const portB = await freePort();
    b = await startNode(
      'main.js',
      { ...common, DATABASE_URL: a.dbUrl, PORT: String(portB), DATA_DIR: dirs[1], WEB_CONCURRENCY: '2' },
      /api process \d+ listening \(2 of 2\)/,
    );
    lb = await startBalancer([a.url, `http://127.0.0.1:${portB}`]);
    db = new pg.Client({ connectionString: a.dbUrl });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    await lb?.close();
    if (b) await stop(b.child);
    await db?.end();
    await a?.close();
    await dropRedisKeys(TEST_REDIS_URL, prefix);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const newQuote = async (name: string) => {
    const res = await fetch(`${a.url}/quote`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: number; cart_link_id: string } }).data;
  };

  /** One request through the balancer, as buyer `client`; `host` is the index of the target that served it. */
  const viaBalancer = async (path: string, client: string, init: RequestInit = {}) => {
    const before = [...lb.served];
    const res = await fetch(`${lb.url}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), 'X-Test-Client-Address': client },
    });
    const body = await res.text();
    return { res, body, host: lb.served.findIndex((n, i) => n !== before[i]) };
  };

  it('a page served by one host is accepted by the other: 20 buyers, 20 accepted', async () => {
    const quotes = [];
    for (let i = 1; i <= 20; i++) quotes.push(await newQuote(`Buyer ${i}`));
    const outcomes: { crossed: boolean; page: number; accept: number; location: string | null }[] = [];
    const pageHosts = [0, 0];
    for (const [i, quote] of quotes.entries()) {
      const client = `198.51.100.${i + 1}`;
      // Half way, one request more shifts the rotation: the other ten pages come from the other host.
      if (i === 10) expect((await viaBalancer('/cart/style.css', client)).res.status).toBe(200);
      const page = await viaBalancer(`/cart/${quote.cart_link_id}`, client);
      const accept = await viaBalancer(`/cart/${quote.cart_link_id}/accept`, client, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf_token: tokenOf(page.body) ?? 'none' }).toString(),
      });
      pageHosts[page.host]++;
      outcomes.push({
        crossed: page.host !== accept.host && accept.host !== -1,
        page: page.res.status,
        accept: accept.res.status,
        location: accept.res.headers.get('location'),
      });
    }
    // Round robin without stickiness: every accept reached the host that did not serve its page.
    expect(outcomes).toEqual(quotes.map((q) => ({ crossed: true, page: 200, accept: 303, location: `/cart/${q.cart_link_id}` })));
    expect(pageHosts).toEqual([10, 10]);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM quotes WHERE id = ANY($1) AND status = 'accepted' AND accepted_at IS NOT NULL",
      [quotes.map((q) => q.id)],
    );
    expect(rows).toEqual([{ n: 20 }]);
    // One key for the deployment, in the database; no host made one of its own.
    const keys = await db.query<{ name: string; length: number }>('SELECT name, length(value) AS length FROM server_secrets');
    expect(keys.rows).toEqual([{ name: 'cart-token', length: 43 }]);
    for (const dir of dirs) expect(existsSync(join(dir, 'cart-secret'))).toBe(false);
  }, 60_000);

  it('limits each buyer, not the balancer: 70 buyers load a page, none refused; the 61st load of one buyer is 429', async () => {
    const { cart_link_id: id } = await newQuote('Popular');
    const many = [];
    for (let i = 1; i <= 70; i++) many.push((await viaBalancer(`/cart/${id}`, `203.0.113.${i}`)).res.status);
    expect(many).toEqual(Array(70).fill(200));

    // One buyer, who also sends an X-Forwarded-For of its own each time: the balancer appends the
    // address it sees, and only that hop is believed, so the forged ones change nothing.
    const one = [];
    for (let i = 1; i <= 61; i++) {
      const { res } = await viaBalancer(`/cart/${id}`, '192.0.2.7', { headers: { 'X-Forwarded-For': `10.9.8.${i}` } });
      one.push(res.status);
    }
    expect(one).toEqual([...Array(60).fill(200), 429]);
    const page = await viaBalancer(`/cart/${id}`, '192.0.2.7');
    expect(page.res.status).toBe(429);
    expect(page.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.res.headers.get('ratelimit-remaining')).toBe('0');
    expect(page.body).toContain('<h1>Too many requests</h1>');
    const json = await viaBalancer(`/cart/${id}`, '192.0.2.7', { headers: { Accept: 'application/json' } });
    expect(json.res.status).toBe(429);
    expect(JSON.parse(json.body)).toEqual({
      meta: { status: 429, success: false },
      error: { message: `Too many requests from your address; try again in ${json.res.headers.get('retry-after')} s.` },
    });
    // Another buyer is served meanwhile.
    expect((await viaBalancer(`/cart/${id}`, '192.0.2.8')).res.status).toBe(200);
  }, 60_000);

  it('logs the buyer’s address, whichever host served the request', async () => {
    const { cart_link_id: id } = await newQuote('Logged');
    const hosts = [];
    for (const i of [0, 1]) {
      const requestId = `multi-host-log-${i}`;
      const sent = await viaBalancer(`/cart/${id}`, `203.0.113.${200 + i}`, { headers: { 'X-Request-Id': requestId } });
      hosts.push(sent.host);
      const output = sent.host === 0 ? a.output : b.output;
      const line = await waitFor(
        () => jsonLines(output()).find((l) => l.request_id === requestId && 'status' in l),
        `the access line of ${requestId}`,
      );
      expect(line).toMatchObject({ client_address: `203.0.113.${200 + i}`, method: 'GET', path: `/cart/${id}`, status: 200 });
    }
    expect(hosts.sort()).toEqual([0, 1]);
  });

  it('two stores on both hosts: a store made by the CLI is served by every host, each store its own data', async () => {
    const cli = (args: string[]) => {
      const r = runNode('cli.js', [...args, '--json'], { DATABASE_URL: a.dbUrl });
      expect([r.status, r.stderr]).toEqual([0, '']);
      return JSON.parse(r.stdout) as Record<string, unknown>;
    };
    const north = cli(['store:create', '--handle', 'north', '--name', 'North', '--host', 'north.example']);
    expect([north.handle, north.hosts, north.store_url]).toEqual(['north', ['north.example'], 'https://north.example']);
    const northKey = cli(['api-key:create', '--store', 'north', '--name', 'north']).access_token as string;
    const as = (host: string, token: string) => ({
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-Forwarded-Host': host,
    });
    const home = as('home.example', a.token);
    const away = as('north.example', northKey);
    // Every host reads the new store within its directory's poll.
    await waitFor(async () => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await viaBalancer('/store', 'store-check', { headers: away })).res.status);
      return answers.every((s) => s === 200) || null;
    }, 'every host to know the store north');
    const made: Record<string, number> = {};
    for (const [name, headers] of [
      ['home', home],
      ['north', away],
    ] as const) {
      const { res, body } = await viaBalancer('/product', 'writer', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Twin', sku: 'TWIN', base_price: '5.00' }),
      });
      expect(res.status).toBe(201);
      made[name] = (JSON.parse(body) as { data: { id: number } }).data.id;
    }
    const served = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const [name, headers] = i % 2 ? (['north', away] as const) : (['home', home] as const);
      const { res, body, host } = await viaBalancer('/product/TWIN', 'reader', { headers });
      served.add(host);
      expect([name, res.status, (JSON.parse(body) as { data: { id: number } }).data.id]).toEqual([name, 200, made[name]]);
    }
    expect(served.size).toBe(2);
    // A key on another store's host is an unknown key, on either host.
    for (let i = 0; i < 2; i++)
      expect((await viaBalancer('/products', 'crossed', { headers: { ...away, 'X-Forwarded-Host': 'home.example' } })).res.status).toBe(
        401,
      );
  });
});

/** Without TRUST_PROXY the api believes no X-Forwarded-For: the connection's address is the client. */
describeE2E('TRUST_PROXY unset', () => {
  let t: TestApp;
  let lb: Balancer;
  beforeAll(async () => {
    t = await bootTestApp('trust_proxy_unset', { CART_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '0' });
    await t.app.listen(0, '127.0.0.1');
    lb = await startBalancer([await t.app.getUrl()]);
  });
  afterAll(async () => {
    await lb?.close();
    await t?.close();
  });

  it('a client cannot pass for others by sending X-Forwarded-For; behind a proxy every buyer is the proxy', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) {
      const res = await t.http.get('/cart/Abc1').set('X-Forwarded-For', `203.0.113.${i}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    // Through the balancer, a buyer never seen before: its address is in X-Forwarded-For, which is
    // not believed, so it counts as the balancer's 127.0.0.1, the address the requests above came from.
    const res = await fetch(`${lb.url}/cart/Abc1`, { headers: { 'X-Test-Client-Address': '198.51.100.99' } });
    expect(await res.text()).toContain('<h1>Too many requests</h1>');
    expect(res.status).toBe(429);
  });
});
