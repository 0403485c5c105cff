import { jest } from '@jest/globals';
import { type PgCluster, sqlAt, startPgCluster } from './support/pg-cluster.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, dropRedisKeys, runNode, startApi, startApiWith, stop, waitFor } from './support/processes.js';
import { describeE2E } from './support/describe-e2e.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';

jest.setTimeout(180_000);

/**
 * Stores on two PostgreSQL clusters (docs/api.md#clusters): the machine's server is the home
 * (DATABASE_URL, with the directory), and a cluster this spec makes with PostgreSQL's own initdb
 * is `eu` (DATABASE_CLUSTERS). One api process serves both: each request goes to its store's
 * cluster, ids never repeat across them, and the outbox sends the mail of both.
 */
describeE2E('clusters: a store placed on a second PostgreSQL cluster', () => {
  let cluster: PgCluster;
  let smtp: SmtpSink;
  let api: ApiProcess;
  let euUrl: string;
  let euToken: string;
  let env: Record<string, string>;

  const sql = sqlAt;
  const cli = (args: string[], extra: Record<string, string> = {}) => {
    const r = runNode('cli.js', args, { ...env, ...extra });
    return { status: r.status, out: r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, unknown>) : null, err: r.stderr.trim() };
  };
  const call = async (token: string, method: string, path: string, body?: unknown, host?: string, base = api.url) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(host ? { 'x-forwarded-host': host } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };
  const eu = (method: string, path: string, body?: unknown) => call(euToken, method, path, body, 'eu.example');
  const home = (method: string, path: string, body?: unknown) => call(api.token, method, path, body);

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.primarySql('CREATE DATABASE eu');
    euUrl = cluster.on('primary', 'eu');
    smtp = await startSmtpSink();
    api = await startApi('clusters', () => ({
      DATABASE_CLUSTERS: `eu=${euUrl}`,
      SMTP_URL: smtp.url,
      STORE_URL: 'https://shop.example.test',
      // The spec names a store's host in X-Forwarded-Host (fetch sends its own Host).
      TRUST_PROXY: 'loopback',
    }));
    env = { DATABASE_URL: api.dbUrl, DATABASE_CLUSTERS: `eu=${euUrl}`, MIGRATIONS_RUN: 'false' };
    const created = cli(['store:create', '--handle', 'eu-shop', '--name', 'EU shop', '--host', 'eu.example', '--cluster', 'eu', '--json']);
    expect(created).toMatchObject({ status: 0, out: { handle: 'eu-shop', cluster: 'eu', hosts: ['eu.example'] } });
    euToken = (cli(['api-key:create', '--store', 'eu-shop', '--name', 'erp', '--json']).out as { access_token: string }).access_token;
    // The api reads the directory again within its poll.
    await waitFor(async () => (await eu('GET', '/product')).status === 200, 'the api to know the store eu-shop');
  });

  afterAll(async () => {
    await api?.close();
    await smtp?.close();
    cluster?.close();
  });

  it('lists each store with its cluster, and refuses a cluster the deployment does not have', () => {
    const { stores } = cli(['store:list', '--json']).out as { stores: { handle: string; cluster: string }[] };
    expect(stores.map((s) => [s.handle, s.cluster])).toEqual([
      ['default', 'home'],
      ['eu-shop', 'eu'],
    ]);
    expect(cli(['store:create', '--handle', 'us-shop', '--name', 'US', '--cluster', 'us', '--json'])).toEqual({
      status: 1,
      out: { error: 'there is no cluster "us" (this deployment\'s: home, eu; DATABASE_CLUSTERS names them)' },
      err: '',
    });
  });

  it("keeps each store's rows on its own cluster, with ids no other cluster gives", async () => {
    const made: Record<string, number[]> = { home: [], eu: [] };
    for (let i = 1; i <= 3; i++) {
      const h = await home('POST', '/product', { sku: `H-${i}`, name: `Home ${i}`, base_price: '5.00' });
      const e = await eu('POST', '/product', { sku: `E-${i}`, name: `EU ${i}`, base_price: '7.00' });
      expect([h.status, e.status]).toEqual([201, 201]);
      made.home.push(h.body.data.id as number);
      made.eu.push(e.body.data.id as number);
    }
    // Residue 0 on the home, 1 on eu (its id space), each counting up by 16.
    expect(made.home.map((id) => id % 16)).toEqual([0, 0, 0]);
    expect(made.eu.map((id) => id % 16)).toEqual([1, 1, 1]);
    expect(made.eu[1] - made.eu[0]).toBe(16);
    const skus = async (url: string) => (await sql<{ sku: string }>(url, 'SELECT sku FROM products ORDER BY id')).map((r) => r.sku);
    expect(await skus(api.dbUrl)).toEqual(['H-1', 'H-2', 'H-3']);
    expect(await skus(euUrl)).toEqual(['E-1', 'E-2', 'E-3']);
    // Each store sees its own only, through any door.
    const list = await eu('GET', '/product?sort=id');
    expect((list.body.data as unknown as { sku: string }[]).map((p) => p.sku)).toEqual(['E-1', 'E-2', 'E-3']);
    expect((await eu('GET', `/product/${made.home[0]}`)).status).toBe(404);
    // A key of one store is refused at the other's host.
    expect((await call(euToken, 'GET', '/product')).status).toBe(401);
  });

  it("numbers the store's quotes from Q1001 on its cluster and sends its mail once per recipient", async () => {
    const product = await eu('POST', '/product', { sku: 'Q-1', name: 'Quoted', base_price: '10.00' });
    const quote = await eu('POST', '/quote', {
      name: 'Chairs',
      customer_emails: ['ana@example.test', 'ben@example.test'],
      items: [{ product_id: product.body.data.id, quantity: 2 }],
    });
    expect(quote.status).toBe(201);
    expect(quote.body.data.number).toBe('Q1001');
    const sent = await eu('POST', `/quote/${quote.body.data.id}/send-quote`, {});
    expect(sent.status).toBe(202);
    await waitFor(() => smtp.accepted().length >= 2, 'both e-mails');
    expect(
      smtp
        .accepted()
        .map((m) => m.rcptTo.join(','))
        .sort(),
    ).toEqual(['ana@example.test', 'ben@example.test']);
    // Recorded once the server accepted each (a moment after the sink has it).
    await waitFor(
      async () => (await sql<{ status: string }>(euUrl, 'SELECT status FROM quote_deliveries')).every((r) => r.status === 'sent'),
      'both deliveries recorded as sent',
    );
    const rows = await sql<{ status: string }>(euUrl, 'SELECT status FROM quote_deliveries ORDER BY id');
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(await sql(api.dbUrl, 'SELECT id FROM quote_deliveries')).toEqual([]);
  });

  it("changes the store's settings in the directory on the home, and refuses its key soon after a revoke", async () => {
    const patched = await eu('PATCH', '/store', { name: 'EU shop GmbH' });
    expect([patched.status, patched.body.data.name]).toEqual([200, 'EU shop GmbH']);
    expect(await sql(api.dbUrl, "SELECT name, cluster FROM stores WHERE handle = 'eu-shop'")).toEqual([
      { name: 'EU shop GmbH', cluster: 'eu' },
    ]);
    const [{ id }] = await sql<{ id: number }>(euUrl, "SELECT id FROM api_keys WHERE name = 'erp'");
    // Above the key the home gave before there were clusters, in eu's id space: revoking it touches no home key.
    expect([id % 16, (await sql<{ id: number }>(api.dbUrl, 'SELECT id FROM api_keys')).every((k) => k.id < id)]).toEqual([1, true]);
    expect(cli(['api-key:revoke', String(id), '--json'])).toMatchObject({ status: 0 });
    await waitFor(async () => (await eu('GET', '/product')).status === 401, 'the revoked key to be refused', 5_000);
  });

  it("reads a store's GETs from its own cluster's replica, once that has replayed what the key wrote", async () => {
    // A second api, with Redis for the keys' write positions and eu's streaming replica.
    const prefix = `store-test-cluster-replicas-${process.pid}`;
    const second = await startApiWith({
      ...env,
      TRUST_PROXY: 'loopback',
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      DATABASE_CLUSTER_EU_REPLICA_URLS: cluster.on('replica', 'eu'),
    });
    const base = second.url;
    try {
      const key = (name: string) =>
        (cli(['api-key:create', '--store', 'eu-shop', '--name', name, '--json']).out as { access_token: string }).access_token;
      const [writer, reader] = [key('writer'), key('reader')];
      // Keys an hour old: a new key without a write position reads from the primary.
      await sql(euUrl, "UPDATE api_keys SET created_at = created_at - interval '1 hour' WHERE name IN ('writer', 'reader')");
      await cluster.caughtUp();
      await cluster.pauseReplay();
      const written = await call(writer, 'POST', '/product', { sku: 'R-1', name: 'Replica', base_price: '1.00' }, 'eu.example', base);
      expect(written.status).toBe(201);
      // The writer reads what it wrote (eu's primary); the reader, who never wrote, reads eu's replica: not there yet.
      expect((await call(writer, 'GET', '/product/R-1', undefined, 'eu.example', base)).status).toBe(200);
      // (Once the api has read where the replica stands: then the reader's GET is served there.)
      await waitFor(
        async () => (await call(reader, 'GET', '/product/R-1', undefined, 'eu.example', base)).status === 404,
        "the reader's GET to be served by eu's replica",
      );
      await cluster.resumeReplay();
      await waitFor(
        async () => (await call(reader, 'GET', '/product/R-1', undefined, 'eu.example', base)).status === 200,
        'the replica to replay',
      );
    } finally {
      await cluster.resumeReplay();
      await stop(second.child, 'SIGKILL');
      await dropRedisKeys(TEST_REDIS_URL, prefix);
    }
  });

  it('refuses a database that another cluster name claimed already', () => {
    const r = runNode('cli.js', ['db:migrate', '--json'], { ...env, DATABASE_CLUSTERS: `us=${euUrl}` });
    expect([r.status, JSON.parse(r.stdout)]).toEqual([
      1,
      { error: 'DATABASE_CLUSTERS names "us" at a database that is "eu": each cluster needs a database of its own.' },
    ]);
  });
});
