import { fail, ok } from './support/envelope.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { eventually } from './support/eventually.js';
import { type Json, apiSteps } from './support/api-client.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { queryCounter } from '../src/database/query-counter.js';
import { StoreDirectory } from '../src/modules/stores/store-directory.js';
import { StoresService } from '../src/modules/stores/stores.service.js';
import { ApiKeysService } from '../src/modules/api-keys/api-keys.service.js';

/** No store setting from the environment: the store `default` is its row's (docs/api.md#stores). */
const NO_STORE_ENV = { STORE_NAME: '', STORE_URL: '', CURRENCY: '', LOCALE: '', MAIL_FROM: '', STORE_EMAIL: '', PORT: '' };

const defaultStore = {
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

/**
 * The store as its keys see it (GET/PATCH /store), the store's face on what its doors show, and the
 * store a request is for, from its host (docs/api.md#stores).
 */
describeE2E('stores', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const steps = apiSteps(
    () => t,
    () => auth,
  );
  const patch = (body: object, headers: Record<string, string> = auth) => t.http.patch('/store').set(headers).send(body);

  beforeAll(async () => {
    t = await bootTestApp('stores', NO_STORE_ENV);
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t.close());

  afterEach(async () => {
    // Back to the store as the migrations made it, seen by the app at once.
    await t.sql(
      `UPDATE stores SET name = 'Store', store_url = NULL, currency = 'USD', locale = 'en-US', mail_from = NULL, store_email = NULL, status = 'active'`,
    );
    await t.sql('DELETE FROM store_hosts');
    await t.sql(`DELETE FROM api_keys WHERE store_id <> 1`);
    await t.sql(`DELETE FROM stores WHERE handle <> 'default'`);
    await t.app.get(StoreDirectory).refresh();
    await eventually(async () => expect((await t.http.get('/store').set(auth)).body).toEqual(ok(200, defaultStore)));
  });

  it('GET /store answers any key of the store, whatever its scopes; PATCH needs store:write', async () => {
    const reader = { Authorization: `Bearer ${await t.token(['quotes:read'])}` };
    expect((await t.http.get('/store').set(reader)).body).toEqual(ok(200, defaultStore));
    // OPTIONS takes what reading the path takes: here any key.
    const options = await t.http.options('/store').set(reader);
    expect([options.status, options.headers.allow]).toEqual([200, 'GET, HEAD, PATCH, OPTIONS']);
    expect((await t.http.get('/store')).status).toBe(401);
    expect((await patch({ name: 'Mine' }, reader)).body).toEqual(fail(403, 'The access token lacks the scope "store:write".'));
    const writer = { Authorization: `Bearer ${await t.token(['store:write'])}` };
    expect((await patch({ name: 'Mine' }, writer)).body).toEqual(ok(200, { ...defaultStore, name: 'Mine' }));
  });

  it("costs no statement: a request's store comes from memory, GET /store is answered from it", async () => {
    await t.app.get(StoresService).operatorUpdate('default', {}, ['shop.example']);
    // The key is looked up, and its use recorded, on its first request; from then on it is cached.
    expect((await t.http.get('/store').set({ ...auth, Host: 'shop.example' })).status).toBe(200);
    queryCounter.reset(true);
    const listed = await t.http.get('/store').set({ ...auth, Host: 'Shop.Example:443' });
    const unlisted = await t.http.get('/store').set({ ...auth, Host: 'other.example' });
    const statements = [...queryCounter.statements];
    queryCounter.reset();
    expect([listed.status, unlisted.status, statements]).toEqual([200, 404, []]);
  });

  it('PATCH /store changes the settings, checked as the environment is; null unsets the optional ones', async () => {
    const changed = await patch({
      name: '  Acme Supplies ',
      store_url: 'https://shop.example/',
      currency: 'EUR',
      locale: 'de-DE',
      mail_from: 'Acme Sales <sales@shop.example>',
      store_email: 'orders@shop.example',
    });
    const acme = {
      ...defaultStore,
      name: 'Acme Supplies',
      store_url: 'https://shop.example',
      currency: 'EUR',
      locale: 'de-DE',
      mail_from: 'Acme Sales <sales@shop.example>',
      store_email: 'orders@shop.example',
    };
    expect(changed.body).toEqual(ok(200, acme));
    expect((await t.http.get('/store').set(auth)).body).toEqual(ok(200, acme));
    expect((await patch({ store_url: null, mail_from: null, store_email: null })).body).toEqual(
      ok(200, { ...acme, store_url: 'http://localhost:3000', mail_from: null, store_email: null }),
    );
    const refused = await patch({
      name: ' ',
      store_url: 'ftp://shop.example',
      currency: 'euro',
      locale: 'xx-123456789',
      mail_from: 'Sales <<sales@shop.example>',
      store_email: 'nobody',
    });
    expect(refused.body).toEqual(
      fail(422, {
        name: ['must not be blank'],
        store_url: ['must be an http or https URL'],
        currency: ['must be an ISO 4217 code, got "euro"'],
        locale: ['must be a BCP 47 locale, got "xx-123456789"'],
        mail_from: ['must be an e-mail address or "Name <address>", got "Sales <<sales@shop.example>"'],
        store_email: ['must be an e-mail address'],
      }),
    );
    expect((await patch({ handle: 'mine', hosts: ['x.example'] })).status).toBe(422);
    expect((await patch({ store_url: 'https://u:p@shop.example/?a=1' })).body).toEqual(
      fail(422, { store_url: ['must be an address without credentials, query or fragment'] }),
    );
  });

  it('takes If-Match: a stale ETag is 412 and nothing changes; the ETag of its GET lets the PATCH through', async () => {
    const before = await t.http.get('/store').set(auth);
    expect((await patch({ name: 'Stale' }, { ...auth, 'If-Match': '"stale"' })).status).toBe(412);
    expect((await t.http.get('/store').set(auth)).body).toEqual(ok(200, defaultStore));
    const fresh = await patch({ name: 'Fresh' }, { ...auth, 'If-Match': before.headers.etag });
    expect(fresh.body).toEqual(ok(200, { ...defaultStore, name: 'Fresh' }));
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
  });

  it("shows the store's face: its name and language on the cart page, its currency on prices and orders, its address in cart links", async () => {
    await patch({ name: 'Acme Supplies', store_url: 'https://shop.example', currency: 'EUR', locale: 'de-DE' });
    const product = await steps.create('/product', { name: 'Chair', sku: 'CHAIR', base_price: '1234.50' });
    expect(product.list_base_price).toBe('1.234,50\u00a0€');
    const quote = await steps.create('/quote', { name: 'Chairs', items: [{ product_id: product.id, quantity: 2 }] });
    expect(quote.cart_link).toBe(`https://shop.example/cart/${quote.cart_link_id as string}`);
    const page = await t.http.get(`/cart/${quote.cart_link_id as string}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de-DE">');
    expect(page.text).toContain('<p class="store" dir="auto">Acme Supplies</p>');
    expect(page.text).toContain('2.469,00\u00a0€');
    const order = await steps.send('post', `/quote/${quote.id as number}/order`, {});
    expect((order as Json).currency).toBe('EUR');
  });

  it("answers on the store's hosts only once it lists some: by Host without its port, in any case; any other host is 404", async () => {
    await t.app.get(StoresService).operatorUpdate('default', {}, ['shop.example', 'www.shop.example']);
    const on = (host: string, path = '/store') => t.http.get(path).set({ ...auth, Host: host });
    const listed = { ...defaultStore, store_url: 'https://shop.example', hosts: ['shop.example', 'www.shop.example'] };
    expect((await on('shop.example')).body).toEqual(ok(200, listed));
    expect((await on('WWW.Shop.Example:8443')).body).toEqual(ok(200, listed));
    expect((await on('shop.example.')).body).toEqual(ok(200, listed));
    expect((await on('other.example')).body).toEqual(fail(404, 'No store at this address.'));
    expect((await on('127.0.0.1')).body).toEqual(fail(404, 'No store at this address.'));
    // Before the token is looked at: a stranger learns nothing more on a host with no store.
    expect((await t.http.get('/store').set({ Host: 'other.example' })).body).toEqual(fail(404, 'No store at this address.'));
    // X-Forwarded-Host only from a hop TRUST_PROXY trusts (none here).
    expect((await t.http.get('/store').set({ ...auth, Host: 'other.example', 'X-Forwarded-Host': 'shop.example' })).status).toBe(404);
    // The buyer's pages: an HTML page, or the envelope for a client that asks for JSON only.
    const page = await t.http.get('/cart/abc').set({ Host: 'other.example' });
    expect([page.status, page.type]).toEqual([404, 'text/html']);
    expect(page.text).toContain('<title>No store at this address</title>');
    const json = await t.http.get('/cart/abc').set({ Host: 'other.example', Accept: 'application/json' });
    expect(json.body).toEqual(fail(404, 'No store at this address.'));
    // The deployment's own paths answer on every host.
    expect((await t.http.get('/health').set({ Host: 'other.example' })).status).toBe(200);
  });

  it("a key belongs to one store: on another store's host it gets exactly the 401 of an unknown key; a closed store's key is refused", async () => {
    // A second store, made by hand: no door makes one yet.
    const [{ id }] = await t.sql<{ id: number }>(`INSERT INTO stores (handle, name) VALUES ('other', 'Other') RETURNING id`);
    await t.sql(`INSERT INTO store_hosts (host, store_id, position) VALUES ('other.example', $1, 1)`, [id]);
    await t.app.get(StoreDirectory).refresh();
    const otherKey = { Authorization: `Bearer ${(await t.app.get(ApiKeysService).create({ name: 'other', storeId: id })).access_token}` };
    const unknown = await t.http.get('/store').set({ Authorization: 'Bearer sk_nobody' });
    const answer = (r: { status: number; headers: Record<string, string>; body: unknown }) => [
      r.status,
      r.headers['www-authenticate'],
      r.body,
    ];
    expect(answer(unknown)).toEqual([401, 'Bearer realm="store-api"', fail(401, 'The access token is not valid.')]);
    // Another store's key on this store's host (default answers every host no other store lists), and back.
    expect(answer(await t.http.get('/store').set(otherKey))).toEqual(answer(unknown));
    expect(answer(await t.http.get('/store').set({ ...auth, Host: 'other.example' }))).toEqual(answer(unknown));
    const other = {
      ...defaultStore,
      id,
      handle: 'other',
      name: 'Other',
      store_url: 'https://other.example',
      hosts: ['other.example'],
    };
    expect((await t.http.get('/store').set({ ...otherKey, Host: 'other.example' })).body).toEqual(ok(200, other));
    expect((await t.app.get(ApiKeysService).list(id)).map((k) => k.name)).toEqual(['other']);
    // Closed: its host has no store, its key is refused on every other host.
    expect(await t.app.get(StoresService).setStatus('other', 'closed')).toEqual({ ...other, status: 'closed' });
    expect((await t.http.get('/store').set({ ...otherKey, Host: 'other.example' })).body).toEqual(fail(404, 'No store at this address.'));
    expect(answer(await t.http.get('/store').set(otherKey))).toEqual(answer(unknown));
    await t.app.get(StoresService).setStatus('other', 'active');
    expect((await t.http.get('/store').set({ ...otherKey, Host: 'other.example' })).body).toEqual(ok(200, other));
  });

  it('a Host header that names no host is no host at all: the store that answers every host, never a 500', async () => {
    await t.app.get(StoresService).operatorUpdate('default', {}, ['shop.example']);
    const hosts = [
      '',
      ' ',
      ':',
      ':80',
      'shop.example:abc',
      'shop..example',
      '-shop.example',
      'shop.example/x',
      'shop example',
      '[::1',
      'x'.repeat(300),
      'ünï.example',
      'shop.example, other.example',
    ];
    for (const host of hosts) {
      const res = await t.http.get('/store').set({ ...auth, Host: host });
      expect([host, res.status]).toEqual([host, host === 'shop.example, other.example' ? 200 : 404]);
    }
    await t.app.get(StoresService).operatorUpdate('default', {}, []);
    for (const host of hosts) expect([host, (await t.http.get('/store').set({ ...auth, Host: host })).status]).toEqual([host, 200]);
  });

  it('a change made elsewhere (another process, plain SQL) reaches this process within a second; a closed store answers 404', async () => {
    await t.sql(`UPDATE stores SET name = 'Renamed elsewhere' WHERE handle = 'default'`);
    await eventually(
      async () => expect((await t.http.get('/store').set(auth)).body).toEqual(ok(200, { ...defaultStore, name: 'Renamed elsewhere' })),
      {
        timeoutMs: 3_000,
      },
    );
    await t.sql(`UPDATE stores SET status = 'closed' WHERE handle = 'default'`);
    await eventually(async () => expect((await t.http.get('/store').set(auth)).body).toEqual(fail(404, 'No store at this address.')), {
      timeoutMs: 3_000,
    });
    expect((await t.http.get('/cart/abc')).status).toBe(404);
  });
});

describeE2E('stores: the trusted proxy and the environment', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('stores_env', { ...NO_STORE_ENV, STORE_NAME: 'Env Shop', CURRENCY: 'GBP', TRUST_PROXY: 'loopback' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    await t.app.get(StoresService).operatorUpdate('default', {}, ['shop.example']);
  });
  afterAll(() => t.close());

  it("a setting the environment gives the store `default` is the environment's: shown, and a change to it is 409", async () => {
    const env = { ...defaultStore, name: 'Env Shop', currency: 'GBP', store_url: 'https://shop.example', hosts: ['shop.example'] };
    const headers = { ...auth, Host: 'shop.example' };
    expect((await t.http.get('/store').set(headers)).body).toEqual(ok(200, env));
    expect((await t.http.patch('/store').set(headers).send({ name: 'Other', currency: 'EUR', locale: 'en-GB' })).body).toEqual(
      fail(409, "name is set by STORE_NAME; currency is set by CURRENCY in this deployment's environment; the operator changes it there."),
    );
    expect((await t.http.patch('/store').set(headers).send({ locale: 'en-GB' })).body).toEqual(ok(200, { ...env, locale: 'en-GB' }));
  });

  it('believes X-Forwarded-Host from a hop TRUST_PROXY trusts', async () => {
    const res = await t.http.get('/store').set({ ...auth, Host: '10.0.0.5:3000', 'X-Forwarded-Host': 'Shop.Example' });
    expect([res.status, res.body.data?.handle]).toEqual([200, 'default']);
    expect((await t.http.get('/store').set({ ...auth, Host: 'shop.example', 'X-Forwarded-Host': 'other.example' })).status).toBe(404);
  });
});

describeE2E("stores: the store's mail", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let auth: Record<string, string>;
  const steps = apiSteps(
    () => t,
    () => auth,
  );

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await bootTestApp('stores_mail', { ...NO_STORE_ENV, SMTP_URL: sink.url });
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("goes from the store's mail_from with its name and cart links, and tells its store_email what the buyer did", async () => {
    await steps.send('patch', '/store', {
      name: 'Acme Supplies',
      store_url: 'https://shop.example',
      mail_from: 'quotes@shop.example',
      store_email: 'orders@shop.example',
    });
    const product = await steps.create('/product', { name: 'Chair', sku: 'CHAIR', base_price: '40.00' });
    const quote = await steps.create('/quote', {
      name: 'Chairs',
      customer_emails: ['buyer@example.test'],
      items: [{ product_id: product.id, quantity: 2 }],
    });
    await steps.send('post', `/quote/${quote.id as number}/send-quote`, {});
    const sent = await eventually(() => {
      const mails = sink.accepted().filter((m) => m.rcptTo.includes('buyer@example.test'));
      expect(mails).toHaveLength(1);
      return mails[0];
    });
    expect(sent.headers.from).toBe('Acme Supplies <quotes@shop.example>');
    expect(sent.text).toContain(`https://shop.example/cart/${quote.cart_link_id as string}`);
    expect(sent.headers['message-id']).toMatch(/@shop\.example>$/);

    const html = (await t.http.get(`/cart/${quote.cart_link_id as string}`)).text;
    const token = /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)![1];
    const accepted = await t.http
      .post(`/cart/${quote.cart_link_id as string}/accept`)
      .type('form')
      .send({ csrf_token: token, revision: '1' });
    expect(accepted.status).toBe(303);
    const notice = await eventually(() => {
      const mails = sink.accepted().filter((m) => m.rcptTo.includes('orders@shop.example'));
      expect(mails).toHaveLength(1);
      return mails[0];
    });
    expect(notice.headers.from).toBe('Acme Supplies <quotes@shop.example>');
    expect(notice.headers.subject).toContain(quote.number as string);
  });
});
