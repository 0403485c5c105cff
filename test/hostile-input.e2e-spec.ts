import net from 'node:net';
import type { Response } from 'supertest';
import { RouteTable } from '../src/common/http/route-table.js';
import { ApiKeysService } from '../src/modules/api-keys/api-keys.service.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every name a plain JavaScript object answers to without having it: what a careless lookup finds. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** The whole response as one comparable value: a mismatch names its request. */
const seen = (what: string, res: Response) => ({ what, status: res.status, body: res.body as unknown });

/** `expected` with one string replaced by another throughout (keys included), via its JSON text. */
function swapped(expected: unknown, from: string, to: string): unknown {
  return JSON.parse(JSON.stringify(expected).split(JSON.stringify(from).slice(1, -1)).join(JSON.stringify(to).slice(1, -1)));
}

describeE2E('hostile input: prototype names, deep nesting, huge values, malformed requests', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  const ids: Record<string, number | string> = {};

  const created = async (path: string, body: object): Promise<Json> => {
    const res = await t.http.post(path).set(auth).send(body);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Json;
  };

  beforeAll(async () => {
    t = await bootTestApp('hostile', { RATE_LIMIT_PER_MINUTE: '0', WEBHOOK_ALLOW_PRIVATE: 'true' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    await created('/country', { name: 'United States', code: 'US', code_3: 'USA' });
    ids.state = (await created('/country/US', { name: 'New York', code: 'NY' })).id;
    await created('/customfielddefinitions', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' });
    await created('/customfielddefinitions', { name: 'gift_note', label: 'Gift note', entity: 'cart', type: 'string' });
    ids.taxClass = (await created('/taxclass', { name: 'Standard', is_default: true })).id;
    ids.rate = (await created(`/taxclass/${ids.taxClass}/rate`, { country: 'US', state: 'NY', rate: '8.875', tax_name: 'NY tax' })).id;
    ids.category = (await created('/category', { name: 'Cups' })).id;
    ids.product = (await created('/product', { name: 'Cup', sku: 'CUP', base_price: '10', category_ids: [ids.category] })).id;
    ids.option = (await created('/product/CUP/option', { name: 'Color', values: ['Red', 'Blue'] })).id;
    ids.variant = (await created('/product/CUP/variant', { sku: 'CUP-RED', options: { Color: 'Red' } })).id;
    ids.extra = (await created('/product/CUP/extra', { sku: 'LID', name: 'Lid', price: '1.5' })).id;
    ids.attribute = (await created('/product/CUP/attribute', { name: 'Volume', value: '250 ml' })).id;
    ids.productTier = (await created('/product/CUP/pricetier', { quantity: 6, price: '9' })).id;
    ids.variantTier = (await created('/variant/CUP-RED/pricetier', { quantity: 6, price: '8.5' })).id;
    await created('/producttype', { name: 'Gift', api_code: 'gift' });
    ids.review = (await created('/product/CUP/review', { author_name: 'Ada', rating: 5 })).id;
    await created('/customergroup', { name: 'Wholesale', api_code: 'wholesale' });
    ids.customer = (await created('/customer', { email: 'ada@example.com', first_name: 'Ada' })).id;
    ids.address = (await created(`/customer/${ids.customer}/addresses`, { kind: 'shipping', country_code: 'US', state_code: 'NY' })).id;
    await created('/coupon', { code: 'SPRING10', discount_type: 'percentage', discount_value: '10' });
    ids.plan = (await created('/billingplan', { name: 'Monthly', interval_unit: 'month' })).id;
    ids.quote = (await created('/quote', { name: 'Office cups', items: [{ product_id: ids.product, options: { Color: 'Red' } }] })).id;
    const toOrder = await created('/quote', { name: 'Ordered cups', items: [{ product_id: ids.product, options: { Color: 'Red' } }] });
    ids.order = (await created(`/quote/${toOrder.id}/order`, {})).id;
    const subscription = await created('/subscriptions', {
      customer_id: ids.customer,
      billing_plan_id: ids.plan,
      products: [{ product_id: ids.product, quantity: 2 }],
    });
    ids.subscription = subscription.id;
    ids.subscriptionProduct = (await t.http.get(`/subscription/${subscription.id}/products`).set(auth)).body.data[0].id;
    await created('/shipment', { number: 'SH-1', status: 'shipped' });
    await created('/shipment/SH-1/trackingcode', { code: '1Z999', carrier: 'UPS' });
    // Port 9 (discard): nothing answers, which is all a path fixture needs.
    ids.webhook = (await created('/webhook', { url: 'http://127.0.0.1:9/hook', events: ['webhook.ping'] })).id;
    ids.delivery = (await t.http.post(`/webhook/${ids.webhook}/ping`).set(auth)).body.data.id;
    ids.export = (await t.http.post('/exports').set(auth).send({ resource: 'countries' })).body.data.id;
    ids.import = (
      await t.http
        .post('/imports?resource=countries')
        .set(auth)
        .set('Content-Type', 'application/x-ndjson')
        .send('{"code":"US","name":"United States"}\n')
    ).body.data.id;
  });
  afterAll(() => t?.close());

  const singular: Record<string, string> = {
    countries: 'country',
    categories: 'category',
    taxclass: 'taxclass',
    taxclasses: 'taxclass',
    address: 'address',
    addresses: 'address',
    deliveries: 'delivery',
  };
  const one = (segment: string) => singular[segment] ?? segment.replace(/s$/, '');

  /** A route's path with its parameters filled from the fixtures (`override` replaces the one named). */
  function concrete(template: string, override?: { param: string; value: string }): string {
    const segments = template.split('/');
    return segments
      .map((s, i) => {
        if (!s.startsWith(':')) return s;
        if (override?.param === s) return encodeURIComponent(override.value);
        const owner = i >= 3 ? one(segments[i - 3]) : '';
        const value = new Map<string, unknown>([
          ['country', 'US'],
          ['state', ids.state],
          ['customfielddefinition', 'origin'],
          ['taxclass', ids.taxClass],
          ['rate', ids.rate],
          ['product', owner === 'subscription' ? ids.subscriptionProduct : 'CUP'],
          ['pricetier', owner === 'variant' ? ids.variantTier : ids.productTier],
          ['attribute', ids.attribute],
          ['category', ids.category],
          ['variant', owner === 'product' ? ids.variant : 'CUP-RED'],
          ['option', ids.option],
          ['extra', ids.extra],
          ['customfield', 'origin'],
          ['customer', ids.customer],
          ['address', ids.address],
          ['customergroup', 'wholesale'],
          ['producttype', 'gift'],
          ['review', ids.review],
          ['coupon', 'spring10'],
          ['billingplan', ids.plan],
          ['shipment', 'SH-1'],
          ['trackingcode', '1Z999'],
          ['subscription', ids.subscription],
          ['quote', ids.quote],
          ['order', ids.order],
          ['webhook', ids.webhook],
          ['delivery', ids.delivery],
          ['export', ids.export],
          ['import', ids.import],
        ]).get(one(segments[i - 1]));
        if (value === undefined) throw new Error(`no fixture for ${s} of ${template}`);
        return String(value);
      })
      .join('/');
  }

  /** One route per operation: the singular and plural spellings of a path run the same handler. */
  const routes = (...methods: string[]) => {
    const byOperation = new Map<string, { method: string; path: string }>();
    for (const r of t.app.get(RouteTable).all()) {
      const operation = `${r.method} ${r.path.split('/').map(one).join('/')}`;
      if (methods.includes(r.method) && !byOperation.has(operation)) byOperation.set(operation, r);
    }
    return [...byOperation.values()];
  };
  const send = (method: string, path: string) => t.http[method.toLowerCase() as 'get'](path).set(auth);
  const sendJson = (method: string, path: string, json: string) => send(method, path).set('Content-Type', 'application/json').send(json);

  it('has a fixture for every path parameter of every route', () => {
    const all = t.app.get(RouteTable).all();
    expect(all.length).toBeGreaterThan(300);
    for (const route of all) expect(concrete(route.path)).not.toContain(':');
  });

  it('refuses every prototype name as sort, embed or query parameter on every GET, exactly like any other unknown name', async () => {
    const mismatches: unknown[] = [];
    const gets = routes('GET');
    expect(gets.length).toBeGreaterThan(40);
    for (const route of gets) {
      const path = concrete(route.path);
      const sortBaseline = await send('GET', `${path}?sort=zz_nope`);
      const embedBaseline = await send('GET', `${path}?embed=zz_nope`);
      const paramBaseline = await send('GET', `${path}?zz_nope=1`);
      expect(seen(path, sortBaseline).status).toBe(422);
      expect(seen(path, embedBaseline).status).toBe(422);
      expect(seen(path, paramBaseline).body).toEqual({
        meta: { status: 422, success: false },
        error: { message: { zz_nope: ['is not a known field'] } },
      });
      for (const name of PROTOTYPE_NAMES) {
        const q = encodeURIComponent(name);
        for (const [query, baseline] of [
          [`sort=${q}`, sortBaseline],
          [`embed=${q}`, embedBaseline],
          [`${q}=1`, paramBaseline],
          [`${q}=1&sort=${q}&embed=${q}`, null],
        ] as const) {
          const res = await send('GET', `${path}?${query}`);
          const expected = baseline ? swapped(baseline.body, 'zz_nope', name) : undefined;
          if (res.status !== 422 || (expected !== undefined && JSON.stringify(res.body) !== JSON.stringify(expected))) {
            mismatches.push({ ...seen(`GET ${path}?${query}`, res), expected });
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('refuses nested embed paths ending in a prototype name', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const res = await send('GET', `/quotes?embed=customer.${encodeURIComponent(name)}`);
      expect(seen(name, res)).toEqual(
        seen(name, {
          status: 422,
          body: {
            meta: { status: 422, success: false },
            error: {
              message: {
                embed: [
                  `unknown "customer.${name}"; allowed: customer, customer.group, customer.shipping_addresses, customer.billing_addresses`,
                ],
              },
            },
          },
        } as Response),
      );
    }
  });

  it('reports a body key named after a prototype property as an unknown field on every POST and PATCH', async () => {
    const mismatches: unknown[] = [];
    // POST /imports reads an NDJSON stream, not a JSON body (a JSON body is its 415): its lines'
    // prototype names are asserted in test/imports.e2e-spec.ts.
    const writes = routes('POST', 'PATCH').filter((r) => !(r as { streamBody?: unknown }).streamBody);
    expect(writes.length).toBeGreaterThan(40);
    for (const route of writes) {
      const path = concrete(route.path);
      const baseline = await sendJson(route.method, path, '{"zz_nope":1}');
      expect(seen(`${route.method} ${path}`, baseline)).toEqual(
        seen(`${route.method} ${path}`, {
          status: 422,
          body: expect.objectContaining({ error: { message: expect.objectContaining({ zz_nope: ['is not a known field'] }) } }),
        } as unknown as Response),
      );
      for (const name of PROTOTYPE_NAMES) {
        const res = await sendJson(route.method, path, `{${JSON.stringify(name)}:1}`);
        const expected = swapped(baseline.body, 'zz_nope', name);
        if (res.status !== 422 || JSON.stringify(res.body) !== JSON.stringify(expected)) {
          mismatches.push({ ...seen(`${route.method} ${path} ${name}`, res), expected });
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('reports prototype names as unknown fields inside nested objects too', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const res = await sendJson('POST', '/quote', `{"name":"Q","items":[{"product_id":${ids.product},${JSON.stringify(name)}:1}]}`);
      expect(seen(name, res)).toEqual(
        seen(name, {
          status: 422,
          body: { meta: { status: 422, success: false }, error: { message: { [`items.0.${name}`]: ['is not a known field'] } } },
        } as Response),
      );
    }
  });

  it('treats prototype names as unknown option and custom field names', async () => {
    const quoteWith = (item: string) => sendJson('POST', '/quote', `{"name":"Q","items":[{"product_id":${ids.product},${item}}]}`);
    const variantWith = (options: string) => sendJson('POST', '/product/CUP/variant', `{"sku":"CUP-X","options":${options}}`);
    const optionBaseline = await quoteWith('"options":{"zz_nope":"Red"}');
    const fieldBaseline = await quoteWith('"custom_fields":{"zz_nope":"x"}');
    const variantBaseline = await variantWith('{"zz_nope":"Red"}');
    const valueBaseline = await quoteWith('"options":{"Color":"zz_nope"}');
    for (const res of [optionBaseline, fieldBaseline, variantBaseline, valueBaseline]) expect(res.status).toBe(422);
    for (const name of PROTOTYPE_NAMES) {
      const key = JSON.stringify(name);
      for (const [res, baseline] of [
        [await quoteWith(`"options":{${key}:"Red"}`), optionBaseline],
        [await quoteWith(`"custom_fields":{${key}:"x"}`), fieldBaseline],
        [await variantWith(`{${key}:"Red"}`), variantBaseline],
        [await quoteWith(`"options":{"Color":${key}}`), valueBaseline],
      ] as const) {
        expect(seen(name, res)).toEqual(seen(name, { status: 422, body: swapped(baseline.body, 'zz_nope', name) } as Response));
      }
    }
    // The two fixture quotes (one of them ordered), nothing more.
    expect((await t.sql('SELECT count(*)::int AS n FROM quotes'))[0]).toEqual({ n: 2 });
    expect((await t.sql('SELECT count(*)::int AS n FROM product_variants'))[0]).toEqual({ n: 1 });
  });

  it('answers 404 for a prototype name in any path segment that names a resource', async () => {
    const mismatches: unknown[] = [];
    for (const route of routes('GET', 'POST', 'PATCH', 'DELETE')) {
      for (const param of route.path.split('/').filter((s) => s.startsWith(':'))) {
        const baseline = await send(route.method, concrete(route.path, { param, value: 'zz_nope' }));
        for (const name of PROTOTYPE_NAMES) {
          const path = concrete(route.path, { param, value: name });
          const res = await send(route.method, path);
          const expected = swapped(baseline.body, 'zz_nope', name);
          if (res.status !== baseline.status || JSON.stringify(res.body) !== JSON.stringify(expected)) {
            mismatches.push({ ...seen(`${route.method} ${path}`, res), expected });
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Nothing a walk of DELETEs with prototype names could have reached is gone.
    expect((await send('GET', '/product/CUP?embed=variants')).body.data.variants.data).toHaveLength(1);
  }, 300_000);

  const unprocessable = (message: Json) => fail(422, message);

  describe('unknown query parameters and body fields, on every method', () => {
    it('refuses an unknown query parameter on every operation of every method, before anything is written', async () => {
      const mismatches: unknown[] = [];
      for (const route of routes('GET', 'POST', 'PATCH', 'DELETE')) {
        const path = concrete(route.path);
        for (const name of ['dry_run', 'constructor', '__proto__']) {
          const res = await send(route.method, `${path}?${name}=1`);
          if (res.status !== 422 || JSON.stringify(res.body.error.message[name]) !== '["is not a known field"]') {
            mismatches.push(seen(`${route.method} ${path}?${name}=1`, res));
          }
        }
      }
      expect(mismatches).toEqual([]);
      // Every DELETE above was refused: the resources are all still there.
      for (const path of ['/country/US/state/NY', `/taxclass/${ids.taxClass}/rate/${ids.rate}`, `/product/CUP/variant/${ids.variant}`]) {
        expect(seen(path, await send('GET', path)).status).toBe(200);
      }
      for (const route of routes('GET').filter((r) => r.path.split('/').length % 2 === 1 && r.path.includes(':'))) {
        const path = concrete(route.path);
        if (/customfield\/|trackingcode\/|\/product\/:pid/.test(route.path)) continue;
        expect(seen(path, await send('GET', path)).status).toBe(200);
      }
    }, 300_000);

    it('DELETE, PATCH and POST with an unknown parameter are refused with exactly that field, and change nothing', async () => {
      const before = (await send('GET', `/taxclass/${ids.taxClass}`)).body;
      const del = await send('DELETE', `/taxclass/${ids.taxClass}?dry_run=1`);
      expect(seen('DELETE', del)).toEqual(
        seen('DELETE', { status: 422, body: unprocessable({ dry_run: ['is not a known field'] }) } as Response),
      );
      const patch = await send('PATCH', `/taxclass/${ids.taxClass}?dry_run=1`).send({ name: 'Changed' });
      expect(seen('PATCH', patch)).toEqual(
        seen('PATCH', { status: 422, body: unprocessable({ dry_run: ['is not a known field'] }) } as Response),
      );
      const post = await send('POST', '/taxclass?dry_run=1').send({ name: 'Reduced' });
      expect(seen('POST', post)).toEqual(
        seen('POST', { status: 422, body: unprocessable({ dry_run: ['is not a known field'] }) } as Response),
      );
      expect((await send('GET', `/taxclass/${ids.taxClass}`)).body).toEqual(before);
      expect(await t.sql('SELECT name FROM tax_classes ORDER BY id')).toEqual([{ name: 'Standard' }]);
    });

    it('reports unknown parameters in the same 422 as the body fields', async () => {
      const res = await send('POST', '/quote?dry_run=1&embed=customer').send({ name: '', customer_emails: ['x'], colour: 'red' });
      expect(seen('POST', res)).toEqual(
        seen('POST', {
          status: 422,
          body: unprocessable({
            dry_run: ['is not a known field'],
            embed: ['is not a known field'],
            colour: ['is not a known field'],
            name: ['must not be blank'],
            'customer_emails.0': ['must be an e-mail address'],
          }),
        } as Response),
      );
    });

    it('refuses body fields on an operation that takes no body', async () => {
      const renew = await sendJson('POST', `/subscription/${ids.subscription}/renew`, '{"periods":2,"constructor":1}');
      expect(seen('renew', renew)).toEqual(
        seen('renew', {
          status: 422,
          body: unprocessable({ periods: ['is not a known field'], constructor: ['is not a known field'] }),
        } as Response),
      );
      const notObject = await sendJson('DELETE', `/taxclass/${ids.taxClass}`, '[1]');
      expect(seen('delete', notObject)).toEqual(
        seen('delete', { status: 422, body: unprocessable({ body: ['must be a JSON object'] }) } as Response),
      );
      expect((await send('GET', `/subscription/${ids.subscription}`)).body.data.renewal_count).toBe(0);
      // An empty object (what some clients send with every DELETE) is no field at all.
      expect((await sendJson('POST', `/subscription/${ids.subscription}/renew`, '{}')).status).toBe(200);
    });
  });

  describe('all field errors in one 422', () => {
    it('reports the body checks and the per-address e-mail checks together', async () => {
      const res = await send('POST', '/quote').send({ name: '', customer_emails: ['x', 'ada@example.com', 7] });
      expect(seen('POST', res)).toEqual(
        seen('POST', {
          status: 422,
          body: unprocessable({
            name: ['must not be blank'],
            'customer_emails.0': ['must be an e-mail address'],
            'customer_emails.2': ['must be an e-mail address'],
          }),
        } as Response),
      );
      const patch = await send('PATCH', `/quote/${ids.quote}`).send({ type: 'nope', customer_emails: ['y'] });
      expect(patch.body.error.message).toEqual({
        type: [expect.stringMatching(/^must be one of: /)],
        'customer_emails.0': ['must be an e-mail address'],
      });
    });
  });

  describe('deep nesting and huge values', () => {
    const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
    const deepError = (field: string) => unprocessable({ [field]: ['must not nest arrays and objects more than 32 levels deep'] });

    it('refuses a field holding 100,000 nested arrays with a 422 naming the field, with or without an Idempotency-Key', async () => {
      const body = `{"name":${nested(100_000)}}`;
      const res = await sendJson('POST', '/quote', body);
      expect(seen('deep', res)).toEqual(seen('deep', { status: 422, body: deepError('name') } as Response));
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      const keyed = await sendJson('POST', '/quote', body).set('Idempotency-Key', 'deep-1');
      expect(seen('deep keyed', keyed)).toEqual(seen('deep keyed', { status: 422, body: deepError('name') } as Response));
      const objects = await sendJson(
        'PATCH',
        `/quote/${ids.quote}`,
        `{"items":[{"custom_fields":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}]}`,
      );
      expect(seen('objects', objects)).toEqual(seen('objects', { status: 422, body: deepError('items') } as Response));
      const bare = await sendJson('POST', '/quote', nested(40));
      expect(seen('bare', bare)).toEqual(seen('bare', { status: 422, body: deepError('body') } as Response));
      // The two fixture quotes (one of them ordered), nothing more.
      expect((await t.sql('SELECT count(*)::int AS n FROM quotes'))[0]).toEqual({ n: 2 });
    });

    it('allows 32 levels, the body included, and refuses the 33rd', async () => {
      const at = await sendJson('POST', '/quote', `{"name":${nested(31, '"x"')}}`);
      expect(seen('31', at)).toEqual(seen('31', { status: 422, body: unprocessable({ name: ['must be a string'] }) } as Response));
      const over = await sendJson('POST', '/quote', `{"name":${nested(32, '"x"')}}`);
      expect(seen('32', over)).toEqual(seen('32', { status: 422, body: deepError('name') } as Response));
    });

    it('answers huge strings, numbers and arrays with a 4xx naming the field', async () => {
      const cases: [string, string, string, number, Json][] = [
        ['POST', '/quote', JSON.stringify({ name: 'x'.repeat(900_000) }), 422, unprocessable({ name: ['must be at most 255 characters'] })],
        ['POST', '/quote', `{"name":"Q","expires_x_days":1e400}`, 422, unprocessable({ expires_x_days: ['must be an integer'] })],
        [
          'POST',
          '/quote',
          `{"name":"Q","expires_x_days":123456789012345678901234567890}`,
          422,
          unprocessable({ expires_x_days: ['must be at most 36500'] }),
        ],
        [
          'PATCH',
          '/product/CUP',
          `{"base_price":1e308}`,
          422,
          unprocessable({ base_price: [expect.stringMatching(/^must be a decimal number/)] }),
        ],
        [
          'POST',
          '/quote',
          JSON.stringify({ name: 'Q', customer_emails: Array.from({ length: 300_000 }, () => 'a') }),
          413,
          { meta: { status: 413, success: false }, error: { message: 'The request body is larger than 1048576 bytes.' } },
        ],
        [
          'POST',
          '/quote',
          JSON.stringify({ name: 'Q', customer_emails: Array.from({ length: 101 }, () => 'a@example.com') }),
          422,
          unprocessable({ customer_emails: ['must have at most 100 addresses'] }),
        ],
        [
          'GET',
          '/quotes?limit=99999999999999999999999&customer_id=1e400',
          '',
          422,
          unprocessable({ limit: ['must be an integer'], customer_id: ['must be an integer'] }),
        ],
        [
          'GET',
          '/quote/99999999999999999999999',
          '',
          404,
          { meta: { status: 404, success: false }, error: { message: expect.any(String) } },
        ],
      ];
      for (const [method, path, body, status, expected] of cases) {
        const res = body ? await sendJson(method, path, body) : await send(method, path);
        expect(seen(`${method} ${path}`, res)).toEqual(seen(`${method} ${path}`, { status, body: expected } as Response));
      }
    });
  });

  describe('requests Node cannot parse', () => {
    let port: number;
    beforeAll(async () => {
      const server = t.app.getHttpServer() as import('node:http').Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    });

    /** Sends raw bytes and reads until the server closes the connection. */
    function raw(bytes: string): Promise<{ statusLine: string; headers: Record<string, string>; body: unknown }> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head, ...rest] = text.split('\r\n\r\n');
          const [statusLine, ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(
            lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
          );
          resolve({ statusLine, headers, body: JSON.parse(rest.join('\r\n\r\n')) });
        });
      });
    }

    const expectEnvelope = (res: Awaited<ReturnType<typeof raw>>, status: number, reason: string, message: string) => {
      expect(res.statusLine).toBe(`HTTP/1.1 ${status} ${reason}`);
      expect(res.headers).toEqual({
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(JSON.stringify(res.body))),
        'cache-control': 'no-store',
        'x-request-id': expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        connection: 'close',
      });
      expect(res.body).toEqual({ meta: { status, success: false }, error: { message } });
    };

    it('answers a control character in a header with the 400 envelope and a request id', async () => {
      const res = await raw(`GET /countries HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0001b\r\n\r\n`);
      expectEnvelope(res, 400, 'Bad Request', 'The request is malformed: its request line or headers cannot be parsed.');
    });

    it('answers a broken request line with the 400 envelope', async () => {
      const res = await raw(`GET /countries HTTP/9\r\n\r\n`);
      expectEnvelope(res, 400, 'Bad Request', 'The request is malformed: its request line or headers cannot be parsed.');
    });

    it('answers headers over the size limit with the 431 envelope', async () => {
      const res = await raw(`GET /countries HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      expectEnvelope(res, 431, 'Request Header Fields Too Large', 'Request headers too large.');
    });

    it('still serves well-formed requests on the same server', async () => {
      expect((await send('GET', '/countries')).status).toBe(200);
    });
  });

  it('never grants a scope named after a prototype property', async () => {
    for (const name of PROTOTYPE_NAMES) {
      await expect(t.app.get(ApiKeysService).create({ name: 'x', scopes: [name] })).rejects.toThrow();
    }
  });
});
