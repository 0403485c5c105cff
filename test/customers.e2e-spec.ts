import { queryCounter } from '../src/database/query-counter.js';
import { CustomerGroupsService } from '../src/modules/customers/customer-groups.service.js';
import { DataSource } from 'typeorm';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

describeE2E('customers, addresses and customer groups', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let ids: { us: number; ca: number; california: number; newYork: number; ontario: number };
  /** Failed inserts consume sequence values, so the third customer's id is read, not assumed. */
  let charityId: number;

  beforeAll(async () => {
    t = await bootTestApp('customers');
    auth = { Authorization: `Bearer ${await t.token()}` };
    const [us] = await t.sql<{ id: number }>(
      "INSERT INTO countries (name, code, code_3) VALUES ('United States', 'US', 'USA') RETURNING id",
    );
    const [ca] = await t.sql<{ id: number }>("INSERT INTO countries (name, code, code_3) VALUES ('Canada', 'CA', 'CAN') RETURNING id");
    const state = async (country: number, name: string, code: string) =>
      (
        await t.sql<{ id: number }>('INSERT INTO states (country_id, name, code) VALUES ($1, $2, $3) RETURNING id', [country, name, code])
      )[0].id;
    ids = {
      us: us.id,
      ca: ca.id,
      california: await state(us.id, 'California', 'CA'),
      newYork: await state(us.id, 'New York', 'NY'),
      ontario: await state(ca.id, 'Ontario', 'ON'),
    };
  });
  afterAll(() => t?.close());

  const group = (over: Record<string, unknown>) => ({
    description: null,
    show_tax_inclusive: 0,
    is_tax_exempt: 0,
    created_at: TS,
    updated_at: TS,
    customers_count: 0,
    ...over,
  });
  const customer = (over: Record<string, unknown>) => ({
    first_name: null,
    last_name: null,
    company: null,
    phone: null,
    notes: null,
    is_guest: 0,
    customer_group_id: null,
    created_at: TS,
    updated_at: TS,
    ...over,
  });
  const address = (over: Record<string, unknown>) => ({
    first_name: null,
    last_name: null,
    company: null,
    phone: null,
    street_address: null,
    city: null,
    postal_code: null,
    state_code: null,
    state: null,
    is_default: 0,
    created_at: TS,
    updated_at: TS,
    ...over,
  });

  describe('customer groups', () => {
    it('creates groups on both spellings with defaults filled in', async () => {
      const wholesale = await t.http.post('/customergroup').set(auth).send({ name: 'Wholesale', api_code: 'wholesale' });
      expect(wholesale.status).toBe(201);
      expect(wholesale.body).toEqual(ok(201, group({ id: 1, name: 'Wholesale', api_code: 'wholesale' })));

      const exempt = await t.http
        .post('/customergroups')
        .set(auth)
        .send({ name: 'Non-profit', description: 'Charities', api_code: 'non_profit-1', show_tax_inclusive: 1, is_tax_exempt: true });
      expect(exempt.status).toBe(201);
      expect(exempt.body).toEqual(
        ok(
          201,
          group({ id: 2, name: 'Non-profit', description: 'Charities', api_code: 'non_profit-1', show_tax_inclusive: 1, is_tax_exempt: 1 }),
        ),
      );
    });

    it('reads a group by id or api_code on both spellings; a numeric api_code that is not an id still resolves', async () => {
      const numeric = await t.http.post('/customergroup').set(auth).send({ name: 'Numbered', api_code: '777' });
      expect(numeric.status).toBe(201);
      const byCode = await t.http.get('/customergroup/777').set(auth);
      expect(byCode.status).toBe(200);
      expect(byCode.body).toEqual(ok(200, group({ id: 3, name: 'Numbered', api_code: '777' })));

      const byId = await t.http.get('/customergroups/1').set(auth);
      expect(byId.body).toEqual(ok(200, group({ id: 1, name: 'Wholesale', api_code: 'wholesale' })));
      const byApiCode = await t.http.get('/customergroups/non_profit-1').set(auth);
      expect(byApiCode.body.data.id).toBe(2);

      const missing = await t.http.get('/customergroup/nope').set(auth);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(fail(404, 'Customer group nope was not found.'));
      expect((await t.http.get('/customergroups/999').set(auth)).status).toBe(404);
      // api_code is compared as stored, as quotes compare customer_groups.
      expect((await t.http.get('/customergroup/WHOLESALE').set(auth)).body).toEqual(fail(404, 'Customer group WHOLESALE was not found.'));
    });

    it('validates groups: required fields, api_code pattern, duplicates, unknown fields', async () => {
      const missing = await t.http.post('/customergroup').set(auth).send({});
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(fail(422, { name: ['is required'], api_code: ['is required'] }));

      const bad = await t.http
        .post('/customergroup')
        .set(auth)
        .send({ name: ' ', api_code: 'has space', is_tax_exempt: 'yes', color: 'red' });
      expect(bad.status).toBe(422);
      expect(bad.body.error.message).toEqual({
        name: ['must not be blank'],
        api_code: ['must be 1 to 64 letters, digits, _ or -'],
        is_tax_exempt: ['must be a boolean or 0/1'],
        color: ['is not a known field'],
      });

      const tooLong = await t.http
        .post('/customergroup')
        .set(auth)
        .send({ name: 'X', api_code: 'a'.repeat(65) });
      expect(tooLong.body.error.message).toEqual({ api_code: ['must be 1 to 64 letters, digits, _ or -'] });

      const duplicate = await t.http.post('/customergroup').set(auth).send({ name: 'Again', api_code: 'wholesale' });
      expect(duplicate.status).toBe(422);
      expect(duplicate.body).toEqual(fail(422, { api_code: ['is already in use'] }));
    });

    it('updates a group by api_code, leaving absent fields untouched', async () => {
      const patched = await t.http.patch('/customergroup/777').set(auth).send({ description: 'By number', is_tax_exempt: 1 });
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual(
        ok(200, group({ id: 3, name: 'Numbered', api_code: '777', description: 'By number', is_tax_exempt: 1 })),
      );

      const renamed = await t.http.patch('/customergroups/3').set(auth).send({ api_code: 'numbered' });
      expect(renamed.body.data.api_code).toBe('numbered');
      expect((await t.http.get('/customergroup/777').set(auth)).status).toBe(404);

      const nullName = await t.http.patch('/customergroup/numbered').set(auth).send({ name: null });
      expect(nullName.status).toBe(422);
      expect(nullName.body.error.message).toEqual({ name: ['must be a string'] });
      expect((await t.http.patch('/customergroup/unknown').set(auth).send({ name: 'x' })).status).toBe(404);
    });

    it('deletes an unused group and answers with it', async () => {
      const created = await t.http.post('/customergroup').set(auth).send({ name: 'Temp', api_code: 'temp' });
      const deleted = await t.http.delete('/customergroups/temp').set(auth);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(ok(200, created.body.data));
      expect((await t.http.get(`/customergroup/${created.body.data.id}`).set(auth)).status).toBe(404);
      expect((await t.http.delete('/customergroup/temp').set(auth)).status).toBe(404);
    });
  });

  describe('customers', () => {
    it('creates a customer with only an e-mail, all other fields null', async () => {
      const res = await t.http.post('/customer').set(auth).send({ email: 'Ada@Example.com' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(ok(201, customer({ id: 1, email: 'Ada@Example.com' })));
    });

    it('creates a full customer on the plural path', async () => {
      const res = await t.http.post('/customers').set(auth).send({
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        company: 'Navy',
        phone: '+1 555 0100',
        notes: 'Prefers e-mail',
        is_guest: true,
        customer_group_id: 1,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(
        ok(
          201,
          customer({
            id: 2,
            first_name: 'Grace',
            last_name: 'Hopper',
            email: 'grace@example.com',
            company: 'Navy',
            phone: '+1 555 0100',
            notes: 'Prefers e-mail',
            is_guest: 1,
            customer_group_id: 1,
          }),
        ),
      );
    });

    it('refuses invalid customers with field errors', async () => {
      const missing = await t.http.post('/customer').set(auth).send({ first_name: 'X' });
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(fail(422, { email: ['is required'] }));

      const bad = await t.http
        .post('/customer')
        .set(auth)
        .send({ email: 'not-an-email', first_name: 'x'.repeat(256), is_guest: 2, customer_group_id: 0, nickname: 'y' });
      expect(bad.status).toBe(422);
      expect(bad.body.error.message).toEqual({
        email: ['must be a valid e-mail address'],
        first_name: ['must be at most 255 characters'],
        is_guest: ['must be a boolean or 0/1'],
        customer_group_id: ['must be at least 1'],
        nickname: ['is not a known field'],
      });

      // Addresses a mailer would rewrite: quoted CR/LF or `<>,`, bidi and zero-width characters.
      for (const email of [
        '"a\r\nBcc: x@evil.test"@example.com',
        '"a,b"@example.com',
        '"<x@evil.test>"@example.com',
        'ada\u202E@example.com',
        'a\u200Bda@example.com',
      ]) {
        const res = await t.http.post('/customer').set(auth).send({ email });
        expect({ email, status: res.status, message: res.body.error?.message }).toEqual({
          email,
          status: 422,
          message: { email: ['must be a valid e-mail address'] },
        });
      }

      const duplicate = await t.http.post('/customer').set(auth).send({ email: 'ADA@example.COM' });
      expect(duplicate.status).toBe(422);
      expect(duplicate.body).toEqual(fail(422, { email: ['is already in use'] }));

      const unknownGroup = await t.http.post('/customer').set(auth).send({ email: 'new@example.com', customer_group_id: 99 });
      expect(unknownGroup.status).toBe(422);
      expect(unknownGroup.body).toEqual(fail(422, { customer_group_id: ['does not exist'] }));
      expect(await t.sql("SELECT id FROM customers WHERE email = 'new@example.com'")).toEqual([]);
    });

    it('reads a customer on both spellings; unknown or non-numeric ids are 404', async () => {
      const one = await t.http.get('/customer/2').set(auth);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ id: 2, email: 'grace@example.com' });
      expect((await t.http.get('/customers/2').set(auth)).body).toEqual(one.body);

      const missing = await t.http.get('/customer/999').set(auth);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(fail(404, 'Customer 999 was not found.'));
      expect((await t.http.get('/customers/grace@example.com').set(auth)).status).toBe(404);
    });

    it('updates a customer, checking the e-mail and group, with If-Match', async () => {
      const patched = await t.http.patch('/customer/1').set(auth).send({ first_name: 'Ada', last_name: 'Lovelace', customer_group_id: 1 });
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual(
        ok(200, customer({ id: 1, email: 'Ada@Example.com', first_name: 'Ada', last_name: 'Lovelace', customer_group_id: 1 })),
      );

      const sameEmailOtherCase = await t.http.patch('/customers/1').set(auth).send({ email: 'ada@example.com' });
      expect(sameEmailOtherCase.status).toBe(200);
      expect(sameEmailOtherCase.body.data.email).toBe('ada@example.com');

      const taken = await t.http.patch('/customer/1').set(auth).send({ email: 'GRACE@example.com' });
      expect(taken.status).toBe(422);
      expect(taken.body).toEqual(fail(422, { email: ['is already in use'] }));
      const noGroup = await t.http.patch('/customer/1').set(auth).send({ customer_group_id: 4242 });
      expect(noGroup.body).toEqual(fail(422, { customer_group_id: ['does not exist'] }));
      const nullEmail = await t.http.patch('/customer/1').set(auth).send({ email: null });
      expect(nullEmail.body.error.message).toEqual({ email: ['must be a string'] });

      const stale = await t.http.patch('/customer/1').set(auth).set('If-Match', '"stale"').send({ notes: 'x' });
      expect(stale.status).toBe(412);
      expect(stale.body).toEqual(fail(412, 'The resource has changed: If-Match does not match its current ETag.'));
      const current = await t.http.get('/customer/1').set(auth);
      const fresh = await t.http.patch('/customer/1').set(auth).set('If-Match', current.headers.etag).send({ notes: 'VIP' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.notes).toBe('VIP');
      expect((await t.http.patch('/customer/999').set(auth).send({ notes: 'x' })).status).toBe(404);
    });

    it('counts customers per group', async () => {
      const charity = await t.http.post('/customer').set(auth).send({ email: 'charity@example.com', customer_group_id: 2 });
      charityId = charity.body.data.id;
      const list = await t.http.get('/customergroups').set(auth);
      expect(list.status).toBe(200);
      expect(list.body.data.map((g: { api_code: string; customers_count: number }) => [g.api_code, g.customers_count])).toEqual([
        ['wholesale', 2],
        ['non_profit-1', 1],
        ['numbered', 0],
      ]);
      expect((await t.http.get('/customergroup/wholesale').set(auth)).body.data.customers_count).toBe(2);
    });

    it('refuses to delete a group that still has customers (409)', async () => {
      const res = await t.http.delete('/customergroup/wholesale').set(auth);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(fail(409, 'The resource is still in use by customers and cannot be deleted.'));
      expect((await t.http.get('/customergroup/wholesale').set(auth)).status).toBe(200);
    });

    it('sorts and pages the customer list', async () => {
      const page = await t.http.get('/customers?sort=email&order=desc&limit=2&page=1').set(auth);
      expect(page.status).toBe(200);
      expect(page.body.meta.pagination).toEqual({ total: 3, count: 2, limit: 2, page: 1, total_pages: 2, next_cursor: null });
      expect(page.body.data.map((c: { email: string }) => c.email)).toEqual(['grace@example.com', 'charity@example.com']);
      const second = await t.http.get('/customers?sort=email&order=desc&limit=2&page=2').set(auth);
      expect(second.body.data.map((c: { email: string }) => c.email)).toEqual(['ada@example.com']);

      const cursor = await t.http.get('/customers?limit=1').set(auth);
      expect(cursor.body.meta.pagination).toEqual({ total: 3, count: 1, limit: 1, page: 1, total_pages: 3, next_cursor: 1 });
      const after = await t.http.get('/customers?limit=1&cursor=1').set(auth);
      expect(after.body.data.map((c: { id: number }) => c.id)).toEqual([2]);

      const bySort = await t.http.get('/customers?sort=phone').set(auth);
      expect(bySort.status).toBe(422);
      expect(bySort.body).toEqual(fail(422, { sort: ['must be one of: id, email, last_name, created_at, updated_at'] }));
      expect((await t.http.get('/customers?limit=251').set(auth)).body).toEqual(fail(422, { limit: ['must be at most 250'] }));
    });
  });

  describe('addresses', () => {
    it('creates the first shipping address as the default, with country and state names', async () => {
      const res = await t.http.post('/customer/1/addresses').set(auth).send({
        kind: 'shipping',
        first_name: 'Ada',
        street_address: '1 Market St',
        city: 'San Francisco',
        postal_code: '94105',
        country_code: 'us',
        state_code: 'ca',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(
        ok(
          201,
          address({
            id: 1,
            customer_id: 1,
            kind: 'shipping',
            first_name: 'Ada',
            street_address: '1 Market St',
            city: 'San Francisco',
            postal_code: '94105',
            country_code: 'US',
            state_code: 'CA',
            country: 'United States',
            state: 'California',
            is_default: 1,
          }),
        ),
      );
    });

    it('adds further addresses as non-default until one is made default, which clears the others', async () => {
      const second = await t.http
        .post('/customers/1/addresses')
        .set(auth)
        .send({ kind: 'shipping', country_code: 'US', state_code: 'NY', city: 'New York' });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(
        ok(
          201,
          address({
            id: 2,
            customer_id: 1,
            kind: 'shipping',
            city: 'New York',
            country_code: 'US',
            state_code: 'NY',
            country: 'United States',
            state: 'New York',
          }),
        ),
      );

      const billing = await t.http.post('/customer/1/addresses').set(auth).send({ kind: 'billing', country_code: 'CA' });
      expect(billing.body.data).toEqual(
        address({ id: 3, customer_id: 1, kind: 'billing', country_code: 'CA', country: 'Canada', is_default: 1 }),
      );

      const third = await t.http
        .post('/customer/1/addresses')
        .set(auth)
        .send({ kind: 'shipping', country_code: 'CA', state_code: 'ON', is_default: 1 });
      expect(third.body.data).toMatchObject({ id: 4, is_default: 1, state: 'Ontario' });
      const defaults = async () =>
        (await t.http.get('/customer/1/addresses').set(auth)).body.data.map((a: { id: number; kind: string; is_default: number }) => [
          a.id,
          a.kind,
          a.is_default,
        ]);
      expect(await defaults()).toEqual([
        [1, 'shipping', 0],
        [2, 'shipping', 0],
        [3, 'billing', 1],
        [4, 'shipping', 1],
      ]);

      const switched = await t.http.patch('/customer/1/address/2').set(auth).send({ is_default: true });
      expect(switched.status).toBe(200);
      expect(switched.body.data).toMatchObject({ id: 2, is_default: 1 });
      expect(await defaults()).toEqual([
        [1, 'shipping', 0],
        [2, 'shipping', 1],
        [3, 'billing', 1],
        [4, 'shipping', 0],
      ]);

      // Moving the default shipping address to billing: billing already has a default, so it arrives as a plain one.
      const moved = await t.http.patch('/customers/1/addresses/2').set(auth).send({ kind: 'billing' });
      expect(moved.body.data).toMatchObject({ id: 2, kind: 'billing', is_default: 0 });
      expect(await defaults()).toEqual([
        [1, 'shipping', 0],
        [2, 'billing', 0],
        [3, 'billing', 1],
        [4, 'shipping', 0],
      ]);
      const filtered = await t.http.get('/customers/1/addresses?kind=billing').set(auth);
      expect(filtered.body.data.map((a: { id: number }) => a.id)).toEqual([2, 3]);
      expect(filtered.body.meta.pagination).toEqual({ total: 2, count: 2, limit: 250, page: 1, total_pages: 1, next_cursor: null });
    });

    it('reads an address on every spelling, only under its own customer', async () => {
      const paths = ['/customer/1/address/1', '/customer/1/addresses/1', '/customers/1/address/1', '/customers/1/addresses/1'];
      const bodies = await Promise.all(paths.map(async (p) => (await t.http.get(p).set(auth)).body));
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      expect(bodies[0].data).toMatchObject({ id: 1, customer_id: 1, country: 'United States', state: 'California' });

      const other = await t.http.get('/customer/2/address/1').set(auth);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(fail(404, 'Address 1 was not found.'));
      expect((await t.http.get('/customer/999/addresses').set(auth)).status).toBe(404);
      expect((await t.http.post('/customer/999/addresses').set(auth).send({ kind: 'billing', country_code: 'US' })).status).toBe(404);
    });

    it('validates addresses: kind, country, state of that country, unknown fields', async () => {
      const missing = await t.http.post('/customer/2/addresses').set(auth).send({});
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual(fail(422, { kind: ['is required'], country_code: ['is required'] }));

      const bad = await t.http.post('/customer/2/addresses').set(auth).send({ kind: 'home', country_code: 'USA', street: 'x' });
      expect(bad.body.error.message).toEqual({
        kind: ['must be one of: shipping, billing'],
        country_code: ['must be an ISO 3166-1 alpha-2 code (two letters)'],
        street: ['is not a known field'],
      });

      const unknownCountry = await t.http
        .post('/customer/2/addresses')
        .set(auth)
        .send({ kind: 'shipping', country_code: 'ZZ', state_code: 'CA' });
      expect(unknownCountry.status).toBe(422);
      expect(unknownCountry.body).toEqual(fail(422, { country_code: ['does not exist'] }));

      const wrongState = await t.http
        .post('/customer/2/addresses')
        .set(auth)
        .send({ kind: 'shipping', country_code: 'CA', state_code: 'NY' });
      expect(wrongState.status).toBe(422);
      expect(wrongState.body).toEqual(fail(422, { state_code: ['is not a state of CA'] }));
      expect(await t.sql('SELECT id FROM customer_addresses WHERE customer_id = 2')).toEqual([]);
    });

    it('re-checks the state when the country changes on PATCH', async () => {
      const keepsState = await t.http.patch('/customer/1/address/1').set(auth).send({ country_code: 'CA' });
      expect(keepsState.status).toBe(422);
      expect(keepsState.body).toEqual(fail(422, { state_code: ['is not a state of CA'] }));

      const wrongForCountry = await t.http.patch('/customer/1/address/1').set(auth).send({ state_code: 'ON' });
      expect(wrongForCountry.body).toEqual(fail(422, { state_code: ['is not a state of US'] }));

      const moved = await t.http.patch('/customer/1/address/1').set(auth).send({ country_code: 'ca', state_code: 'on' });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ country_code: 'CA', country: 'Canada', state_code: 'ON', state: 'Ontario' });

      const noState = await t.http.patch('/customer/1/address/1').set(auth).send({ state_code: null, country_code: 'US' });
      expect(noState.body.data).toMatchObject({ country_code: 'US', country: 'United States', state_code: null, state: null });
      const back = await t.http.patch('/customer/1/address/1').set(auth).send({ state_code: 'CA' });
      expect(back.body.data).toMatchObject({ country_code: 'US', state_code: 'CA', state: 'California' });
    });

    it('deletes an address and answers with it', async () => {
      const before = await t.http.get('/customer/1/address/4').set(auth);
      const deleted = await t.http.delete('/customers/1/address/4').set(auth);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(ok(200, before.body.data));
      expect((await t.http.get('/customer/1/address/4').set(auth)).status).toBe(404);
      expect((await t.http.delete('/customer/1/addresses/4').set(auth)).status).toBe(404);
    });
  });

  describe('embeds', () => {
    it('embeds the group and both address kinds, camelCase or snake_case', async () => {
      const camel = await t.http.get('/customer/1?embed=group,shippingAddresses,billingAddresses').set(auth);
      expect(camel.status).toBe(200);
      const plain = (await t.http.get('/customer/1').set(auth)).body.data;
      const groupJson = (await t.http.get('/customergroup/1').set(auth)).body.data;
      const addresses = (await t.http.get('/customer/1/addresses').set(auth)).body.data;
      expect(camel.body.data).toEqual({
        ...plain,
        group: { data: groupJson },
        shipping_addresses: { data: addresses.filter((a: { kind: string }) => a.kind === 'shipping') },
        billing_addresses: { data: addresses.filter((a: { kind: string }) => a.kind === 'billing') },
      });
      expect(camel.body.data.shipping_addresses.data.map((a: { id: number }) => a.id)).toEqual([1]);
      expect(camel.body.data.billing_addresses.data.map((a: { id: number }) => a.id)).toEqual([2, 3]);

      const snake = await t.http.get('/customers/1?embed=shipping_addresses,billing_addresses,group').set(auth);
      expect(snake.body).toEqual(camel.body);
    });

    it('embeds null and empty lists for a customer without group or addresses', async () => {
      const created = await t.http.post('/customer').set(auth).send({ email: 'lonely@example.com' });
      const res = await t.http.get(`/customer/${created.body.data.id}?embed=group,billingAddresses`).set(auth);
      expect(res.body.data).toEqual({ ...created.body.data, group: { data: null }, billing_addresses: { data: [] } });
      await t.http.delete(`/customer/${created.body.data.id}`).set(auth);
    });

    it('embeds on the list in a fixed number of queries', async () => {
      const res = await t.http.get('/customers?embed=group,shippingAddresses').set(auth);
      expect(res.body.data.map((c: { id: number; group: { data: { id: number } | null } }) => [c.id, c.group.data?.id ?? null])).toEqual([
        [1, 1],
        [2, 1],
        [charityId, 2],
      ]);
      expect(res.body.data[0].shipping_addresses.data.map((a: { id: number }) => a.id)).toEqual([1]);
      expect(res.body.data[1].shipping_addresses).toEqual({ data: [] });
      expect(res.body.data[0]).not.toHaveProperty('billing_addresses');

      const counted = async (path: string) => {
        queryCounter.reset();
        await t.http.get(path).set(auth);
        return queryCounter.count;
      };
      const small = await counted('/customers?limit=1&embed=group,shippingAddresses,billingAddresses');
      const all = await counted('/customers?embed=group,shippingAddresses,billingAddresses');
      expect(all).toBe(small);
    });

    it('refuses unknown embeds, listing the allowed ones', async () => {
      const res = await t.http.get('/customers?embed=group,orders').set(auth);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(fail(422, { embed: ['unknown "orders"; allowed: group, shipping_addresses, billing_addresses'] }));
      const onAddresses = await t.http.get('/customer/1/addresses?embed=customer').set(auth);
      expect(onAddresses.body).toEqual(fail(422, { embed: ['unknown "customer"; allowed: none'] }));
    });
  });

  describe('default shipping addresses and services for quotes', () => {
    it('each customer has at most one default shipping address, the tax location of its quotes', async () => {
      const defaults = async (id: number) =>
        (await t.http.get(`/customer/${id}/addresses?kind=shipping`).set(auth)).body.data
          .filter((a: { is_default: number }) => a.is_default === 1)
          .map((a: { id: number; country_code: string; state_code: string | null; postal_code: string | null; city: string | null }) => ({
            id: a.id,
            country_code: a.country_code,
            state_code: a.state_code,
            postal_code: a.postal_code,
            city: a.city,
          }));
      const created = await t.http
        .post(`/customer/${charityId}/addresses`)
        .set(auth)
        .send({ kind: 'shipping', country_code: 'US', state_code: 'NY', city: 'New York', postal_code: '10118' });
      // Customer 1's default shipping address was deleted above; until one is chosen it has none.
      expect(await defaults(1)).toEqual([]);
      expect((await t.http.patch('/customer/1/address/1').set(auth).send({ is_default: 1 })).body.data.is_default).toBe(1);
      expect(await defaults(1)).toEqual([{ id: 1, country_code: 'US', state_code: 'CA', postal_code: '94105', city: 'San Francisco' }]);
      expect(await defaults(2)).toEqual([]);
      expect(await defaults(charityId)).toEqual([
        { id: created.body.data.id, country_code: 'US', state_code: 'NY', postal_code: '10118', city: 'New York' },
      ]);
    });

    it('groupViews and customerEmailsOfGroups', async () => {
      const groups = t.app.get(CustomerGroupsService);
      const m = t.app.get(DataSource).manager;
      const views = await groups.groupViews(m, [1, 2, 1]);
      expect(views.get(1)).toEqual((await t.http.get('/customergroup/1').set(auth)).body.data);
      expect(views.get(2)?.customers_count).toBe(1);
      expect(await groups.customerEmailsOfGroups(m, [1, 2])).toEqual(['ada@example.com', 'grace@example.com', 'charity@example.com']);
      expect(await groups.customerEmailsOfGroups(m, [])).toEqual([]);
    });
  });

  describe('deleting customers', () => {
    it('deletes a customer with its addresses and answers with the customer', async () => {
      const before = await t.http.get('/customer/1').set(auth);
      const deleted = await t.http.delete('/customers/1').set(auth);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(ok(200, before.body.data));
      expect(await t.sql('SELECT id FROM customer_addresses WHERE customer_id = 1')).toEqual([]);
      expect((await t.http.get('/customer/1').set(auth)).status).toBe(404);
      expect((await t.http.delete('/customer/1').set(auth)).status).toBe(404);
    });

    it('a country or state still used by an address cannot be deleted (409)', async () => {
      const res = await t.http.delete(`/country/${ids.us}`).set(auth);
      expect(res.status).toBe(409);
      expect(await t.sql('SELECT id FROM states WHERE id = $1', [ids.newYork])).toEqual([{ id: ids.newYork }]);
    });
  });

  describe('scopes', () => {
    it('a customers:read token reads but cannot write', async () => {
      const reader = { Authorization: `Bearer ${await t.token(['customers:read'])}` };
      expect((await t.http.get('/customers').set(reader)).status).toBe(200);
      expect((await t.http.get('/customergroups').set(reader)).status).toBe(200);
      expect((await t.http.get('/customer/2/addresses').set(reader)).status).toBe(200);
      const write = await t.http.post('/customer').set(reader).send({ email: 'x@example.com' });
      expect(write.status).toBe(403);
      expect(write.body).toEqual(fail(403, 'The access token lacks the scope "customers:write".'));
      expect((await t.http.post('/customergroup').set(reader).send({ name: 'x', api_code: 'x' })).status).toBe(403);
      expect((await t.http.delete('/customer/2/address/1').set(reader)).status).toBe(403);
    });

    it('a token without the customers group cannot read', async () => {
      const other = { Authorization: `Bearer ${await t.token(['coupons:read', 'coupons:write'])}` };
      const res = await t.http.get('/customers').set(other);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(fail(403, 'The access token lacks the scope "customers:read".'));
      expect((await t.http.get('/customergroup/1').set(other)).status).toBe(403);
      expect((await t.http.get('/customer/2/addresses').set(other)).status).toBe(403);
    });
  });
});
