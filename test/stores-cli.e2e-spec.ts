import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { DIST, cleanEnv } from './support/processes.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

/**
 * `store:list` and `store:update` of the built CLI, as an operator runs them (docs/api.md#stores): the
 * JSON they print, and the changes they refuse with exit code 1 and a line that says why.
 */
describeE2E('cli store commands', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase('cli_stores');
    expect(cli(['db:migrate']).status).toBe(0);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  function cli(args: string[], env: Record<string, string> = {}) {
    const r = spawnSync(process.execPath, [join(DIST, 'cli.js'), ...args], {
      env: cleanEnv({
        DATABASE_URL: db.url,
        STORE_NAME: '',
        STORE_URL: '',
        CURRENCY: '',
        LOCALE: '',
        MAIL_FROM: '',
        STORE_EMAIL: '',
        PORT: '',
        ...env,
      }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  const store = {
    id: 1,
    handle: 'default',
    name: 'Store',
    store_url: 'http://localhost:3000',
    hosts: [],
    currency: 'USD',
    locale: 'en-US',
    mail_from: null,
    store_email: null,
    status: 'active',
  };

  it('store:list prints every store; store:update changes settings and hosts and prints the store', () => {
    // store:list names each store's cluster too (docs/api.md#clusters): every store here is on the home.
    expect(cli(['store:list', '--json'])).toEqual({
      status: 0,
      stdout: `${JSON.stringify({ stores: [{ ...store, cluster: 'home' }] })}\n`,
      stderr: '',
    });
    const updated = cli([
      'store:update',
      'default',
      '--name',
      'Acme',
      '--host',
      'Shop.Example, www.shop.example',
      '--currency',
      'EUR',
      '--json',
    ]);
    const acme = {
      ...store,
      name: 'Acme',
      store_url: 'https://shop.example',
      hosts: ['shop.example', 'www.shop.example'],
      currency: 'EUR',
    };
    expect(updated).toEqual({ status: 0, stdout: `${JSON.stringify(acme)}\n`, stderr: '' });
    expect(JSON.parse(cli(['store:list', '--json']).stdout)).toEqual({ stores: [{ ...acme, cluster: 'home' }] });
    expect(cli(['store:list'])).toEqual({
      status: 0,
      stdout: '1\tdefault\tactive\tAcme\thttps://shop.example\tshop.example,www.shop.example\thome\n',
      stderr: '',
    });
    // '' empties the hosts and unsets a setting that may be unset.
    const cleared = cli(['store:update', 'default', '--host', '', '--store-url', '', '--currency', 'USD', '--json']);
    expect(JSON.parse(cleared.stdout)).toEqual({ ...store, name: 'Acme' });
  });

  it('refuses what cannot be: a bad value, an unknown store, a host another store lists, a setting the environment gives', async () => {
    const refused = (args: string[], env: Record<string, string> = {}) => {
      const r = cli([...args, '--json'], env);
      return { status: r.status, out: JSON.parse(r.stdout) as unknown };
    };
    expect(refused(['store:update', 'default', '--currency', 'euro'])).toEqual({
      status: 1,
      out: { error: '--currency must be an ISO 4217 code, got "euro"' },
    });
    expect(refused(['store:update', 'default', '--host', 'shop.example:8080'])).toEqual({
      status: 1,
      out: { error: '"shop.example:8080" is not a host name (a name such as shop.example, without a port)' },
    });
    expect(refused(['store:update', 'nope', '--name', 'x'])).toEqual({
      status: 1,
      out: { error: 'there is no store "nope" (store:list shows them)' },
    });
    expect(refused(['store:update', 'default'])).toEqual({
      status: 1,
      out: { error: 'nothing to change: give at least one option (--help lists them)' },
    });
    await client.query(`INSERT INTO stores (handle, name) VALUES ('other', 'Other')`);
    await client.query(
      `INSERT INTO store_hosts (host, store_id, position) SELECT 'other.example', id, 1 FROM stores WHERE handle = 'other'`,
    );
    expect(refused(['store:update', 'default', '--host', 'mine.example,other.example'])).toEqual({
      status: 1,
      out: { error: 'other.example is already a host of store "other"' },
    });
    expect(refused(['store:update', 'default', '--name', 'Mine', '--mail-from', 'a@b.example'], { STORE_NAME: 'Env Shop' })).toEqual({
      status: 1,
      out: { error: "name is set by STORE_NAME in this deployment's environment; the operator changes it there." },
    });
    // Nothing of the refused changes was written.
    expect((await client.query(`SELECT handle, name, mail_from FROM stores ORDER BY id`)).rows).toEqual([
      { handle: 'default', name: 'Acme', mail_from: null },
      { handle: 'other', name: 'Other', mail_from: null },
    ]);
    expect((await client.query(`SELECT host FROM store_hosts ORDER BY host`)).rows).toEqual([{ host: 'other.example' }]);
  });

  it('api-key:create and api-key:list work on one store (--store); store:close and store:open change its status', async () => {
    const created = JSON.parse(cli(['api-key:create', '--name', 'erp', '--store', 'other', '--json']).stdout) as { id: number };
    const [{ store_id: otherId }] = (await client.query(`SELECT store_id FROM api_keys WHERE id = $1`, [created.id])).rows;
    expect((await client.query(`SELECT id FROM stores WHERE handle = 'other'`)).rows).toEqual([{ id: otherId }]);
    const listed = (args: string[]) =>
      (JSON.parse(cli(['api-key:list', ...args, '--json']).stdout) as { api_keys: { name: string }[] }).api_keys;
    expect(listed(['--store', 'other']).map((k) => k.name)).toEqual(['erp']);
    expect(listed([]).map((k) => k.name)).toEqual([]);
    expect(JSON.parse(cli(['api-key:list', '--store', 'nope', '--json']).stdout)).toEqual({
      error: 'there is no store "nope" (store:list shows them)',
    });

    const closed = cli(['store:close', 'other', '--json']);
    expect([closed.status, (JSON.parse(closed.stdout) as { status: string }).status]).toEqual([0, 'closed']);
    expect(cli(['store:close', 'other'])).toEqual({
      status: 0,
      stdout: `Closed store ${otherId} "other": its hosts answer 404 and its keys are refused; its data is kept.\n`,
      stderr: '',
    });
    const refused = cli(['api-key:create', '--name', 'late', '--store', 'other', '--json']);
    expect([refused.status, JSON.parse(refused.stdout)]).toEqual([1, { error: 'the store "other" is closed (store:open opens it)' }]);
    expect(cli(['store:open', 'other'])).toEqual({ status: 0, stdout: `Opened store ${otherId} "other".\n`, stderr: '' });
    expect(cli(['store:close', 'nope', '--json'])).toEqual({
      status: 1,
      stdout: `${JSON.stringify({ error: 'there is no store "nope" (store:list shows them)' })}\n`,
      stderr: '',
    });
  });
});
