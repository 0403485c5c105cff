import { DataSource } from 'typeorm';
import { queryCounter } from '../src/database/query-counter.js';
import { BulkResourceRegistry } from '../src/modules/bulk/bulk-resource.registry.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { asText, exportCompleted, imported, ndjsonLines } from './support/ndjson.js';

type Address = Record<string, unknown> & { id: number; kind: string; is_default: number };
type Customer = Record<string, unknown> & {
  id: number;
  email: string;
  updated_at: string;
  shipping_addresses: { data: Address[] };
  billing_addresses: { data: Address[] };
};

/**
 * A customer's `addresses` in bulk (docs/api.md#export-snapshot, #put-replace-a-resource): an
 * export's customer line carries them, its import and a customer's PUT (item or batch) take them,
 * matched by kind and position, so an export imports into another store whole and again changes
 * nothing; the writes are sets, whatever the number of customers.
 */
describeE2E('customers with their addresses: export, import and PUT', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  /** The geography the addresses name, the same in every store. */
  const geography = async (app: TestApp, headers: Record<string, string>) => {
    const us = await app.http
      .put('/country/US')
      .set(headers)
      .send({
        name: 'United States',
        code: 'US',
        states: [
          { name: 'California', code: 'CA' },
          { name: 'New York', code: 'NY' },
        ],
      });
    const ca = await app.http
      .put('/country/CA')
      .set(headers)
      .send({ name: 'Canada', code: 'CA', states: [{ name: 'Ontario', code: 'ON' }] });
    expect([us.status, ca.status]).toEqual([201, 201]);
  };

  beforeAll(async () => {
    t = await bootTestApp('customers_addresses_bulk');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await geography(t, auth);
  });
  afterAll(() => t?.close());

  const put = (path: string, body: unknown) =>
    t.http
      .put(path)
      .set(auth)
      .send(body as object);

  const customer = async (app: TestApp, headers: Record<string, string>, email: string): Promise<Customer> => {
    const [{ id }] = await app.sql<{ id: number }>(`SELECT id FROM customers WHERE email = $1`, [email]);
    const res = await app.http.get(`/customer/${id}?embed=shipping_addresses,billing_addresses`).set(headers);
    expect(res.status).toBe(200);
    return res.body.data as Customer;
  };

  const lastEvent = async (app: TestApp) =>
    (await app.sql<{ last: number }>(`SELECT coalesce(max(id), 0)::int AS last FROM events`))[0].last;
  /** The customer and address events recorded after event `last` (an import's own `import.completed` left out). */
  const eventsAfter = async (app: TestApp, last: number) =>
    (
      await app.sql<{ type: string; resource_id: number }>(
        `SELECT type, resource_id::int AS resource_id FROM events WHERE id > $1 AND type LIKE 'customer.%' ORDER BY id`,
        [last],
      )
    ).map((e) => [e.type, e.resource_id]);

  const completed = (id: number) => exportCompleted(t, auth, id);

  /** A customer as GET with both address embeds shows it, without what a store gives it (ids, times). */
  const portable = (c: Customer) => {
    const strip = ({ id: _i, customer_id: _c, created_at: _ca, updated_at: _ua, ...a }: Address) => a;
    const { id: _id, created_at: _c, updated_at: _u, shipping_addresses, billing_addresses, ...rest } = c;
    return { ...rest, shipping: shipping_addresses.data.map(strip), billing: billing_addresses.data.map(strip) };
  };

  const ADA_ADDRESSES = [
    { kind: 'shipping', first_name: 'Ada', street_address: '1 Market St', city: 'San Francisco', country_code: 'us', state_code: 'ca' },
    { kind: 'billing', company: 'Analytical Engines', country_code: 'CA', state_code: 'ON', postal_code: 'M5V 2T6', is_default: 1 },
    { kind: 'shipping', first_name: 'Ada', street_address: '5 Broadway', city: 'New York', country_code: 'US', state_code: 'NY' },
    { kind: 'shipping', street_address: 'PO Box 9', country_code: 'US', is_default: 0 },
  ];

  let lines: Record<string, unknown>[];

  it('writes each customer line with its addresses, each as the address routes take it, in id order', async () => {
    const batch = await put('/customers', [
      { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', addresses: ADA_ADDRESSES },
      { email: 'grace@example.com', first_name: 'Grace', is_guest: 1 },
    ]);
    expect([batch.status, batch.body.meta.batch]).toEqual([200, { created: 2, updated: 0, unchanged: 0 }]);
    // An address added by its own route is on the line too.
    const grace = batch.body.data[1] as { id: number };
    expect((await t.http.post(`/customer/${grace.id}/addresses`).set(auth).send({ kind: 'billing', country_code: 'CA' })).status).toBe(201);

    const id = (await t.http.post('/exports').set(auth).send({ resource: 'customers' })).body.data.id as number;
    await completed(id);
    lines = ndjsonLines((await asText(t.http.get(`/export/${id}/file`).set(auth))).body as string);
    const none = { first_name: null, last_name: null, company: null, phone: null, street_address: null, city: null, postal_code: null };
    expect(lines).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        company: null,
        phone: null,
        notes: null,
        is_guest: 0,
        customer_group_id: null,
        addresses: [
          {
            ...none,
            kind: 'shipping',
            first_name: 'Ada',
            street_address: '1 Market St',
            city: 'San Francisco',
            country_code: 'US',
            state_code: 'CA',
            is_default: 1,
          },
          {
            ...none,
            kind: 'billing',
            company: 'Analytical Engines',
            postal_code: 'M5V 2T6',
            country_code: 'CA',
            state_code: 'ON',
            is_default: 1,
          },
          {
            ...none,
            kind: 'shipping',
            first_name: 'Ada',
            street_address: '5 Broadway',
            city: 'New York',
            country_code: 'US',
            state_code: 'NY',
            is_default: 0,
          },
          { ...none, kind: 'shipping', street_address: 'PO Box 9', country_code: 'US', state_code: null, is_default: 0 },
        ],
      },
      {
        first_name: 'Grace',
        last_name: null,
        email: 'grace@example.com',
        company: null,
        phone: null,
        notes: null,
        is_guest: 1,
        customer_group_id: null,
        addresses: [{ ...none, kind: 'billing', country_code: 'CA', state_code: null, is_default: 1 }],
      },
    ]);
  });

  it('reads a chunk of customers with their addresses in a fixed number of statements, however many there are', async () => {
    const door = t.app.get(BulkResourceRegistry).get('customers');
    const m = t.app.get(DataSource).manager;
    const count = async (limit: number) => {
      queryCounter.reset();
      const members = await door.exportPage(m, 0, limit, null);
      return [members.length, queryCounter.count];
    };
    // The customers, their addresses, and the addresses' countries and states.
    expect(await count(1)).toEqual([1, 4]);
    expect(await count(1000)).toEqual([2, 4]);
  });

  it('imports the file into another store whole; the same file again changes nothing there', async () => {
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    const b = await bootTestApp('customers_addresses_bulk_b');
    try {
      const authB = { Authorization: `Bearer ${await b.token()}` };
      await geography(b, authB);
      const { done, results } = await imported(b, authB, 'customers', text);
      expect([done.created, done.failed]).toEqual([2, 0]);
      expect(results.map((r) => r.status)).toEqual(['created', 'created']);
      const before: Customer[] = [];
      for (const email of ['ada@example.com', 'grace@example.com']) {
        const there = await customer(b, authB, email);
        expect(portable(there)).toEqual(portable(await customer(t, auth, email)));
        before.push(there);
      }
      // The same file again: every line unchanged, no event, the same times and address ids.
      const last = await lastEvent(b);
      const again = await imported(b, authB, 'customers', text);
      expect([again.done.unchanged, again.done.failed]).toEqual([2, 0]);
      expect(await eventsAfter(b, last)).toEqual([]);
      for (const [i, email] of ['ada@example.com', 'grace@example.com'].entries()) {
        expect(await customer(b, authB, email)).toEqual(before[i]);
      }
    } finally {
      await b.close();
    }
  });

  it('matches addresses by kind and position: a line with one shipping address fewer deletes the last, the others keep their ids', async () => {
    const before = await customer(t, auth, 'ada@example.com');
    const [first, second, third] = before.shipping_addresses.data;
    await t.sql(`UPDATE customers SET updated_at = '2020-01-01T00:00:00Z' WHERE id = $1`, [before.id]);
    const last = await lastEvent(t);
    const line = { ...lines[0], addresses: (lines[0].addresses as Address[]).slice(0, 3) };
    const { results } = await imported(t, auth, 'customers', `${JSON.stringify(line)}\n`);
    expect(results).toEqual([{ line: 1, status: 'updated', id: before.id, key: 'ada@example.com' }]);
    const after = await customer(t, auth, 'ada@example.com');
    expect(after.shipping_addresses.data).toEqual([first, second]);
    expect(after.billing_addresses.data).toEqual(before.billing_addresses.data);
    // Only the address changed: its own event, no customer.updated; the customer's updated_at moved.
    expect(await eventsAfter(t, last)).toEqual([['customer.address.deleted', third.id]]);
    expect(after.updated_at > '2020-01-01 00:00:00').toBe(true);
  });

  it('replaces in place: a changed address keeps its id, the default may move within a kind, [] deletes them all', async () => {
    const before = await customer(t, auth, 'ada@example.com');
    const [first, second] = before.shipping_addresses.data;
    const [billing] = before.billing_addresses.data;
    const last = await lastEvent(t);
    // The item PUT takes `addresses` as the batch does: the default moves from the first shipping address to the second.
    const res = await put(`/customer/${before.id}`, {
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      addresses: [
        { kind: 'billing', company: 'Analytical Engines', country_code: 'CA', state_code: 'ON', postal_code: 'M5V 2T6' },
        {
          kind: 'shipping',
          first_name: 'Ada',
          street_address: '1 Market St',
          city: 'San Francisco',
          country_code: 'US',
          state_code: 'CA',
          is_default: 0,
        },
        {
          kind: 'shipping',
          first_name: 'Ada',
          street_address: '5 Broadway',
          city: 'New York',
          country_code: 'US',
          state_code: 'NY',
          is_default: 1,
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ok(200, { ...res.body.data, updated_at: TS }));
    const after = await customer(t, auth, 'ada@example.com');
    expect(after.shipping_addresses.data).toEqual([
      { ...first, is_default: 0, updated_at: TS },
      { ...second, is_default: 1, updated_at: TS },
    ]);
    expect(after.billing_addresses.data).toEqual([billing]);
    expect(await eventsAfter(t, last)).toEqual([
      ['customer.address.updated', first.id],
      ['customer.address.updated', second.id],
    ]);

    // Left out, the addresses stay; [] deletes them all.
    expect((await put(`/customer/${before.id}`, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' })).status).toBe(200);
    expect((await customer(t, auth, 'ada@example.com')).shipping_addresses.data.length).toBe(2);
    const emptied = await put('/customers', [{ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', addresses: [] }]);
    expect(emptied.body.meta.batch).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const gone = await customer(t, auth, 'ada@example.com');
    expect([gone.shipping_addresses.data, gone.billing_addresses.data]).toEqual([[], []]);
  });

  it('refuses an invalid address with 422 naming the member and the address, writing nothing', async () => {
    const [{ count: before }] = await t.sql<{ count: number }>(`SELECT count(*)::int AS count FROM customer_addresses`);
    const good = { kind: 'shipping', country_code: 'US' };
    const res = await put('/customers', [
      { email: 'new@example.com', addresses: [good] },
      {
        email: 'grace@example.com',
        addresses: [good, { kind: 'shipping', country_code: 'ZZ' }, { kind: 'billing', country_code: 'US', state_code: 'ON' }],
      },
      {
        email: 'ada@example.com',
        addresses: [
          { ...good, is_default: 1 },
          { kind: 'billing', country_code: 'CA', is_default: 1 },
          { ...good, is_default: 1 },
        ],
      },
    ]);
    expect(res.body).toEqual(
      fail(422, {
        '1.addresses.1.country_code': ['does not exist'],
        '1.addresses.2.state_code': ['is not a state of US'],
        '2.addresses.2.is_default': ['is 1 on address 0 too: one shipping address is the default'],
      }),
    );
    const shape = await put('/customers', [{ email: 'new@example.com', addresses: [{ kind: 'home' }, 'x'] }]);
    expect(shape.body).toEqual(
      fail(422, {
        '0.addresses.0.kind': ['must be one of: shipping, billing'],
        '0.addresses.0.country_code': ['is required'],
        '0.addresses.1': ['must be an object'],
      }),
    );
    expect(await t.sql(`SELECT id FROM customers WHERE email = 'new@example.com'`)).toEqual([]);
    expect(await t.sql<{ count: number }>(`SELECT count(*)::int AS count FROM customer_addresses`)).toEqual([{ count: before }]);
  });

  it('writes the addresses of a batch in statements that do not grow with its members', async () => {
    const member = (run: string, i: number, street: string) => ({
      email: `${run}-${i}@example.com`,
      addresses: [
        { kind: 'shipping', street_address: `${street} ${i}`, country_code: 'US', state_code: 'CA' },
        { kind: 'shipping', street_address: `${street} ${i} (2)`, country_code: 'US' },
        { kind: 'billing', country_code: 'CA', state_code: 'ON' },
      ],
    });
    const counted = async (body: unknown) => {
      queryCounter.reset();
      const res = await put('/customers', body);
      expect(res.status).toBe(200);
      return { statements: queryCounter.count, batch: res.body.meta.batch as Record<string, number> };
    };
    const few = await counted([0, 1].map((i) => member('few', i, 'Elm St')));
    const many = await counted(Array.from({ length: 40 }, (_, i) => member('many', i, 'Elm St')));
    expect([few.batch.created, many.batch.created, many.statements]).toEqual([2, 40, few.statements]);
    // Each member's first shipping address changes (an UPDATE), its second goes (a DELETE), a second billing one comes (an INSERT).
    const changed = (run: string, i: number) => {
      const m = member(run, i, 'Oak Ave');
      return { ...m, addresses: [m.addresses[0], m.addresses[2], { ...m.addresses[2], country_code: 'US', state_code: null }] };
    };
    const fewChanged = await counted([0, 1].map((i) => changed('few', i)));
    const manyChanged = await counted(Array.from({ length: 40 }, (_, i) => changed('many', i)));
    expect([fewChanged.batch.updated, manyChanged.batch.updated, manyChanged.statements]).toEqual([2, 40, fewChanged.statements]);
    const fewSame = await counted([0, 1].map((i) => changed('few', i)));
    const manySame = await counted(Array.from({ length: 40 }, (_, i) => changed('many', i)));
    expect([fewSame.batch.unchanged, manySame.batch.unchanged, manySame.statements]).toEqual([2, 40, fewSame.statements]);
  });

  it('an address route moves its customer’s updated_at, so updated_at_min finds the customer', async () => {
    const grace = await customer(t, auth, 'grace@example.com');
    await t.sql(`UPDATE customers SET updated_at = '2020-01-01T00:00:00Z' WHERE id = $1`, [grace.id]);
    const [address] = grace.billing_addresses.data;
    const same = await t.http.patch(`/customer/${grace.id}/address/${address.id}`).set(auth).send({ country_code: 'CA' });
    expect(same.status).toBe(200);
    expect((await customer(t, auth, 'grace@example.com')).updated_at).toBe('2020-01-01 00:00:00');
    const moved = await t.http.patch(`/customer/${grace.id}/address/${address.id}`).set(auth).send({ city: 'Toronto' });
    expect(moved.status).toBe(200);
    expect((await customer(t, auth, 'grace@example.com')).updated_at > '2020-01-01 00:00:00').toBe(true);
  });
});
