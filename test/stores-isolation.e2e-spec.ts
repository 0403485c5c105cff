import pg from 'pg';
import { fail } from './support/envelope.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { eventually } from './support/eventually.js';
import { asText, exportCompleted, imported, ndjsonLines } from './support/ndjson.js';
import { type TestApp, describeE2E } from './support/test-app.js';
import { type Json, type StoreHeaders, bootTwoStores, storeCalls } from './support/two-stores.js';
import { StoresService } from '../src/modules/stores/stores.service.js';

/**
 * Two stores on one deployment (docs/api.md#stores): `default`, which answers every host no store
 * lists, and `north`, at north.example. Each has its own keys, data, numbers, lists, events, imports,
 * cart links and mail; another store's id is unknown in a path (404) and in a body (422); and
 * PostgreSQL itself holds each store's rows to it (row-level security).
 */
describeE2E('stores: two stores, each its own', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let north: { id: number; handle: string };
  /** The headers of a request of each store: its host and a key of its own. */
  let home: StoreHeaders;
  let away: StoreHeaders;
  const { call, made } = storeCalls(() => t);

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ t, north, home, away } = await bootTwoStores(
      'stores_two',
      { SMTP_URL: sink.url },
      {
        home: { mail_from: 'quotes@home.example' },
        north: { mail_from: 'angebote@north.example', store_email: 'team@north.example' },
        northHosts: ['north.example', 'www.north.example'],
      },
    ));
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('store:create makes an active store with its hosts and settings, and the three product types only', async () => {
    expect((await call(away, 'get', '/store')).body.data).toEqual({
      id: north.id,
      handle: 'north',
      name: 'North Supply',
      store_url: 'https://north.example',
      hosts: ['north.example', 'www.north.example'],
      currency: 'EUR',
      locale: 'de-DE',
      mail_from: 'angebote@north.example',
      store_email: 'team@north.example',
      status: 'active',
    });
    const types = (await call(away, 'get', '/producttypes')).body;
    expect((types.data as Json[]).map((p) => [p.api_code, p.is_default])).toEqual([
      ['goods', 1],
      ['service', 0],
      ['downloadable', 0],
    ]);
    for (const path of ['/products', '/customers', '/quotes', '/categories', '/countries', '/webhooks', '/events', '/orders']) {
      expect([path, (await call(away, 'get', path)).body.data]).toEqual([path, []]);
    }
  });

  it("refuses a key on another store's host exactly as an unknown key", async () => {
    const unknown = await call({ Authorization: 'Bearer sk_live_nosuchkey', Host: 'north.example' }, 'get', '/products');
    const crossed = await call({ ...away, Host: 'home.example' }, 'get', '/products');
    const crossedBack = await call({ ...home, Host: 'north.example' }, 'get', '/products');
    expect(crossed.status).toBe(401);
    expect([crossed.body, crossedBack.status, crossedBack.body]).toEqual([unknown.body, 401, unknown.body]);
  });

  it('keeps keys per store (the same SKU, e-mail, code) and numbers per store (each has Q1001), ids apart', async () => {
    const product = { name: 'Chair', sku: 'CHAIR-1', base_price: '40.00' };
    const [a, b] = [await made(home, '/product', product), await made(away, '/product', product)];
    expect(a.id).not.toBe(b.id);
    expect((await call(home, 'get', '/product/CHAIR-1')).body.data.id).toBe(a.id);
    expect((await call(away, 'get', '/product/CHAIR-1')).body.data.id).toBe(b.id);
    // The same key twice in one store is still refused.
    expect((await call(away, 'post', '/product', product)).body).toEqual(fail(422, { sku: ['is already in use'] }));

    const [ca, cb] = [
      await made(home, '/customer', { email: 'ada@example.com' }),
      await made(away, '/customer', { email: 'ADA@example.com' }),
    ];
    expect(ca.id).not.toBe(cb.id);
    await made(home, '/coupon', { code: 'SPRING', discount_type: 'percentage', discount_value: 10 });
    await made(away, '/coupon', { code: 'spring', discount_type: 'percentage', discount_value: 10 });

    const qa = await made(home, '/quote', { name: 'Chairs', items: [{ product_id: a.id, quantity: 1 }] });
    const qb = await made(away, '/quote', { name: 'Stühle', items: [{ product_id: b.id, quantity: 1 }] });
    expect([qa.number, qb.number]).toEqual(['Q1001', 'Q1001']);
    expect((await made(away, '/quote', { name: 'More' })).number).toBe('Q1002');
    expect((await made(home, '/quote', { name: 'More' })).number).toBe('Q1002');
  });

  it("answers another store's id as unknown: 404 in a path, 422 in a body; lists and events are the store's own", async () => {
    const theirs = await made(home, '/product', { name: 'Lamp', sku: 'LAMP', base_price: '12.00' });
    const theirCustomer = await made(home, '/customer', { email: 'lamp@example.com' });
    const theirGroup = await made(home, '/customergroup', { name: 'Trade', api_code: 'trade' });
    expect((await call(away, 'get', `/product/${theirs.id as number}`)).status).toBe(404);
    expect((await call(away, 'get', '/product/LAMP')).status).toBe(404);
    expect((await call(away, 'patch', `/product/${theirs.id as number}`, { name: 'Mine' })).status).toBe(404);
    expect((await call(away, 'delete', `/customer/${theirCustomer.id as number}`)).status).toBe(404);
    expect((await call(home, 'get', `/product/${theirs.id as number}`)).body.data.name).toBe('Lamp');

    const quote = await call(away, 'post', '/quote', {
      name: 'Borrowed',
      customer_id: theirCustomer.id,
      customer_groups: [theirGroup.api_code],
      items: [{ product_id: theirs.id, quantity: 1 }],
    });
    expect(quote.status).toBe(422);
    expect(quote.body.error.message).toEqual({
      customer_id: ['does not exist'],
      'customer_groups.0': ['is not the api_code of a customer group'],
      'items.0.product_id': ['does not exist'],
    });
    const customer = await call(away, 'post', '/customer', { email: 'new@example.com', customer_group_id: theirGroup.id });
    expect(customer.body).toEqual(fail(422, { customer_group_id: ['does not exist'] }));

    const skus = async (h: Record<string, string>) => ((await call(h, 'get', '/products')).body.data as Json[]).map((p) => p.sku);
    expect(await skus(away)).toEqual(['CHAIR-1']);
    expect(await skus(home)).toEqual(['CHAIR-1', 'LAMP']);
    const events = async (h: Record<string, string>) =>
      ((await call(h, 'get', '/events?type=product.created')).body.data as Json[]).map((e) => (e.data as Json).sku);
    expect(await events(away)).toEqual(['CHAIR-1']);
    expect(await events(home)).toEqual(['CHAIR-1', 'LAMP']);
  });

  it.each([
    ['/country', '/countries', { name: 'Canada', code: 'CA' }],
    ['/category', '/categories', { name: 'Tees' }],
    ['/customergroup', '/customergroups', { name: 'Wholesale', api_code: 'wholesale' }],
    ['/billingplan', '/billingplans', { name: 'Monthly', interval_unit: 'month' }],
    ['/taxclass', '/taxclasses', { name: 'Standard' }],
    ['/customfielddefinition', '/customfielddefinitions', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' }],
    ['/producttype', '/producttypes', { name: 'Bare', api_code: 'bare', has_options: 0, has_variants: 0, has_extras: 0 }],
    ['/webhook', '/webhooks', { url: 'https://1.1.1.1/hook', events: ['quote.*'], is_active: false }],
  ])("%s: the same key in both stores, each its own; the other store's id is 404 and not listed", async (item, list, body) => {
    const mine = await made(away, item, body);
    const theirs = await made(home, item, body);
    expect(mine.id).not.toBe(theirs.id);
    expect((await call(away, 'get', `${item}/${theirs.id as number}`)).status).toBe(404);
    expect((await call(away, 'patch', `${item}/${theirs.id as number}`, {})).status).toBe(404);
    expect((await call(away, 'delete', `${item}/${theirs.id as number}`)).status).toBe(404);
    expect((await call(home, 'get', `${item}/${theirs.id as number}`)).status).toBe(200);
    const ids = ((await call(away, 'get', list)).body.data as Json[]).map((r) => r.id);
    expect([ids.includes(mine.id), ids.includes(theirs.id)]).toEqual([true, false]);
  });

  it("imports into the importing store's catalog only", async () => {
    const { done } = await imported(
      t,
      away,
      'products',
      `${JSON.stringify({ name: 'Desk', sku: 'DESK', base_price: '99.00' })}\n${JSON.stringify({ name: 'Lamp', sku: 'LAMP', base_price: '15.00' })}\n`,
    );
    // LAMP is new to this store, though the other store has a LAMP.
    expect([done.created, done.updated, done.failed]).toEqual([2, 0, 0]);
    expect((await call(away, 'get', '/product/LAMP')).body.data.base_price).toBe('15.00');
    expect((await call(home, 'get', '/product/LAMP')).body.data.base_price).toBe('12.00');
    expect((await call(home, 'get', '/product/DESK')).status).toBe(404);
  });

  it("exports the exporting store's members only; the other store cannot read the export", async () => {
    const started = await call(away, 'post', '/exports', { resource: 'products' });
    expect(started.status).toBe(202);
    const id = started.body.data.id as number;
    await exportCompleted(t, away, id);
    const lines = ndjsonLines<{ sku: string }>((await asText(t.http.get(`/export/${id}/file`).set(away))).body as string);
    expect(lines.map((l) => l.sku).sort()).toEqual(['CHAIR-1', 'DESK', 'LAMP']);
    expect((await call(home, 'get', `/export/${id}`)).status).toBe(404);
    expect((await call(home, 'get', `/export/${id}/file`)).status).toBe(404);
  });

  it("sends a store's quote from its own address, with its cart link; another store's cart link is the 404 page", async () => {
    const product = (await call(away, 'get', '/product/DESK')).body.data as Json;
    const quote = await made(away, '/quote', {
      name: 'Schreibtisch',
      customer_emails: ['buyer@example.test'],
      items: [{ product_id: product.id, quantity: 1 }],
    });
    expect(quote.cart_link).toBe(`https://north.example/cart/${quote.cart_link_id as string}`);
    expect((await call(away, 'post', `/quote/${quote.id as number}/send-quote`, {})).status).toBe(202);
    const mail = await eventually(() => {
      const mails = sink.accepted().filter((m) => m.rcptTo.includes('buyer@example.test'));
      expect(mails).toHaveLength(1);
      return mails[0];
    });
    expect(mail.headers.from).toBe('North Supply <angebote@north.example>');
    expect(mail.text).toContain(`https://north.example/cart/${quote.cart_link_id as string}`);
    expect(mail.text).toContain('99,00');

    const page = await t.http.get(`/cart/${quote.cart_link_id as string}`).set('Host', 'north.example');
    expect(page.status).toBe(200);
    expect(page.text).toContain('North Supply');
    const elsewhere = await t.http.get(`/cart/${quote.cart_link_id as string}`).set('Host', 'home.example');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers['content-type']).toMatch(/^text\/html/);
  });

  it('holds each store to its rows in PostgreSQL: the app role sees nothing without a store, one store with it', async () => {
    const client = new pg.Client({ connectionString: t.dbUrl });
    await client.connect();
    try {
      const count = async (storeId: number | null) => {
        await client.query('BEGIN');
        try {
          await client.query("SELECT set_config('role', 'store_app', true)");
          if (storeId !== null) await client.query("SELECT set_config('app.store_id', $1, true)", [String(storeId)]);
          const { rows } = await client.query<{ skus: string[] | null; who: string }>(
            'SELECT array_agg(sku ORDER BY sku) AS skus, current_user AS who FROM products',
          );
          return rows[0];
        } finally {
          await client.query('ROLLBACK');
        }
      };
      expect(await count(null)).toEqual({ skus: null, who: 'store_app' });
      expect(await count(north.id)).toEqual({ skus: ['CHAIR-1', 'DESK', 'LAMP'], who: 'store_app' });
      expect(await count(1)).toEqual({ skus: ['CHAIR-1', 'LAMP'], who: 'store_app' });
      // Writing into another store is refused by the policy, whatever the statement says.
      await client.query('BEGIN');
      await client.query("SELECT set_config('role', 'store_app', true), set_config('app.store_id', '1', true)");
      await expect(client.query(`INSERT INTO products (store_id, name, sku) VALUES ($1, 'Sneaky', 'SNEAK')`, [north.id])).rejects.toThrow(
        /row-level security/,
      );
      await client.query('ROLLBACK');
      // Naming another store's row is refused by the foreign key (store_id, country_id) → (store_id, id).
      const [northCountry] = (
        await client.query<{ id: number }>('SELECT id FROM countries WHERE store_id = $1 ORDER BY id LIMIT 1', [north.id])
      ).rows;
      await client.query('BEGIN');
      await client.query("SELECT set_config('role', 'store_app', true), set_config('app.store_id', '1', true)");
      const refused = await client.query(`INSERT INTO states (country_id, name, code) VALUES ($1, 'Sneaky', 'SN')`, [northCountry.id]).then(
        () => null,
        (err: { code: string; constraint: string; detail: string }) => ({ code: err.code, constraint: err.constraint, detail: err.detail }),
      );
      await client.query('ROLLBACK');
      // TypeORM's name for the key of states (store_id, country_id); under row-level security
      // PostgreSQL keeps the key's values out of the detail.
      expect(refused).toEqual({
        code: '23503',
        constraint: 'FK_f4384d6d39eadd9f0311bf6cae5',
        detail: 'Key is not present in table "countries".',
      });
      const role = await client.query<{ rolsuper: boolean; rolbypassrls: boolean; owns: boolean }>(
        `SELECT rolsuper, rolbypassrls, EXISTS (SELECT 1 FROM pg_tables WHERE tableowner = 'store_app') AS owns FROM pg_roles WHERE rolname = 'store_app'`,
      );
      expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false, owns: false }]);
    } finally {
      await client.end();
    }
  });

  it('closing a store: its hosts answer 404, its keys are refused, its data is kept', async () => {
    const stores = t.app.get(StoresService);
    await stores.setStatus('north', 'closed');
    try {
      const res = await call(away, 'get', '/products');
      expect(res.body).toEqual(fail(404, 'No store at this address.'));
      expect((await call({ ...away, Host: 'home.example' }, 'get', '/products')).status).toBe(401);
    } finally {
      await stores.setStatus('north', 'active');
    }
    expect(((await call(away, 'get', '/products')).body.data as Json[]).length).toBe(3);
  });
});
