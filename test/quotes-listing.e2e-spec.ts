import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * GET /quotes: sorting, paging, filters and embeds on six quotes whose sort keys are set by SQL:
 *
 * | id | name    | customer | plan | type       | created_at | updated_at          |
 * |----|---------|----------|------|------------|------------|---------------------|
 * | 1  | delta   | bob      | p2   | draft      | 01-05      | 02-04 00:00:00.600  |
 * | 2  | Alpha   | ada      | —    | saved      | 01-03      | 02-06               |
 * | 3  | charlie | —        | p1   | draft      | 01-01      | 02-01               |
 * | 4  | bravo   | ada      | p1   | guest      | 01-04      | 02-05               |
 * | 5  | echo    | cy       | —    | registered | 01-02      | 02-03               |
 * | 6  | foxtrot | —        | p2   | draft      | 01-06      | 02-02               |
 *
 * (ada < bob < cy and p1 < p2 by id; all dates 2030, UTC.) Quote 6 has expired.
 */
describeE2E('quotes: listing, filters and embeds', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let ada: Json;
  let bob: Json;
  let cy: Json;
  let gold: Json;

  const post = apiSteps(
    () => t,
    () => auth,
  ).create;

  beforeAll(async () => {
    t = await bootTestApp('quotes_listing');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await post('/country', { name: 'United States', code: 'US' });
    await post('/country/US', { name: 'California', code: 'CA' });
    gold = await post('/customergroup', { name: 'Gold', api_code: 'gold' });
    ada = await post('/customer', { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', customer_group_id: gold.id });
    bob = await post('/customer', { email: 'bob@example.com', customer_group_id: gold.id });
    cy = await post('/customer', { email: 'cy@example.com', company: 'Cy Inc' });
    const address = { country_code: 'US', state_code: 'CA', city: 'Los Angeles', postal_code: '90001', street_address: '1 Main St' };
    await post(`/customer/${ada.id}/addresses`, { kind: 'shipping', ...address });
    await post(`/customer/${ada.id}/addresses`, { kind: 'shipping', ...address, state_code: null, street_address: '2 Side St' });
    await post(`/customer/${ada.id}/addresses`, { kind: 'billing', ...address, company: 'Analytical Engines' });
    await post(`/customer/${cy.id}/addresses`, { kind: 'billing', country_code: 'US' });
    const p1 = await post('/billingplan', { name: 'Monthly', interval_unit: 'month' });
    const p2 = await post('/billingplan', { name: 'Yearly', interval_unit: 'year' });
    const thing = await post('/product', { name: 'Thing', base_price: '5.00' });

    const rows: [string, Json | null, Json | null, string, string, string][] = [
      ['delta', bob, p2, 'draft', '2030-01-05 00:00:00', '2030-02-04 00:00:00.600'],
      ['Alpha', ada, null, 'saved', '2030-01-03 00:00:00', '2030-02-06 00:00:00'],
      ['charlie', null, p1, 'draft', '2030-01-01 00:00:00', '2030-02-01 00:00:00'],
      ['bravo', ada, p1, 'guest', '2030-01-04 00:00:00', '2030-02-05 00:00:00'],
      ['echo', cy, null, 'registered', '2030-01-02 00:00:00', '2030-02-03 00:00:00'],
      ['foxtrot', null, p2, 'draft', '2030-01-06 00:00:00', '2030-02-02 00:00:00'],
    ];
    for (const [name, customer, plan, type, created, updated] of rows) {
      const q = await post('/quote', {
        name,
        customer_id: customer?.id ?? null,
        x_billing_plan_id: plan?.id ?? null,
        type,
        items: [{ product_id: thing.id, quantity: 2 }],
      });
      await t.sql(`UPDATE quotes SET created_at = $2::timestamptz, updated_at = $3::timestamptz WHERE id = $1`, [
        q.id,
        `${created}+00`,
        `${updated}+00`,
      ]);
    }
    await t.sql(`UPDATE quotes SET expires_at = now() - interval '1 hour' WHERE id = 6`);
  });
  afterAll(() => t?.close());

  const list = async (query: string) => {
    const res = await t.http.get(`/quotes${query}`).set(auth);
    expect(res.status).toBe(200);
    return res.body as Json;
  };
  const idsOf = async (query: string) => (await list(query)).data.map((q: Json) => q.id);

  describe('sorting', () => {
    it.each([
      ['id', [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]],
      // Equal keys fall back to id in the same direction; PostgreSQL puts nulls last ascending, first descending.
      ['customer_id', [2, 4, 1, 5, 3, 6], [6, 3, 5, 1, 4, 2]],
      ['name', [2, 4, 3, 1, 5, 6], [6, 5, 1, 3, 4, 2]],
      ['created_at', [3, 5, 2, 4, 1, 6], [6, 1, 4, 2, 5, 3]],
      ['updated_at', [3, 6, 5, 1, 4, 2], [2, 4, 1, 5, 6, 3]],
      ['x_billing_plan_id', [3, 4, 1, 6, 2, 5], [5, 2, 6, 1, 4, 3]],
    ])('sorts by %s in both orders', async (sort, asc, desc) => {
      expect(await idsOf(`?sort=${sort}`)).toEqual(asc);
      expect(await idsOf(`?sort=${sort}&order=ASC`)).toEqual(asc);
      expect(await idsOf(`?sort=${sort}&order=desc`)).toEqual(desc);
    });

    it('the default list is every quote by id, each a full quote object', async () => {
      const body = await list('');
      expect(body.meta).toEqual({
        status: 200,
        success: true,
        pagination: { total: 6, count: 6, limit: 250, page: 1, total_pages: 1, next_cursor: null },
      });
      for (const q of body.data) expect(q).toEqual((await t.http.get(`/quote/${q.id}`).set(auth)).body.data);
      expect(body.data[0]).toMatchObject({
        name: 'delta',
        customer_id: bob.id,
        type: 'draft',
        created_at: '2030-01-05 00:00:00',
        updated_at: '2030-02-04 00:00:00',
      });
      expect(body.data[0]).not.toHaveProperty('customer');
      expect(body.data[5].status).toBe('expired');
    });
  });

  describe('paging', () => {
    it('limit and page', async () => {
      const first = await list('?limit=2');
      expect(first.data.map((q: Json) => q.id)).toEqual([1, 2]);
      expect(first.meta.pagination).toEqual({ total: 6, count: 2, limit: 2, page: 1, total_pages: 3, next_cursor: 2 });
      const last = await list('?limit=2&page=3');
      expect(last.data.map((q: Json) => q.id)).toEqual([5, 6]);
      expect(last.meta.pagination).toEqual({ total: 6, count: 2, limit: 2, page: 3, total_pages: 3, next_cursor: null });
      const beyond = await list('?limit=2&page=4');
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.pagination).toEqual({ total: 6, count: 0, limit: 2, page: 4, total_pages: 3, next_cursor: null });
      expect(await idsOf('?limit=4&page=2&sort=name&order=DESC')).toEqual([4, 2]);
    });

    it('cursor returns only ids after it, and next_cursor walks the collection', async () => {
      const page = await list('?cursor=2&limit=2');
      expect(page.data.map((q: Json) => q.id)).toEqual([3, 4]);
      expect(page.meta.pagination).toEqual({ total: 4, count: 2, limit: 2, page: 1, total_pages: 2, next_cursor: 4 });
      const next = await list(`?cursor=${page.meta.pagination.next_cursor}&limit=2`);
      expect(next.data.map((q: Json) => q.id)).toEqual([5, 6]);
      expect(next.meta.pagination.next_cursor).toBeNull();
      expect(await idsOf('?cursor=0')).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await idsOf('?cursor=6')).toEqual([]);
      expect(await idsOf('?cursor=3&sort=name')).toEqual([4, 5, 6]);
    });
  });

  describe('filters', () => {
    it('customer_id, type and status', async () => {
      expect(await idsOf(`?customer_id=${ada.id}`)).toEqual([2, 4]);
      expect(await idsOf(`?customer_id=${cy.id}`)).toEqual([5]);
      expect(await idsOf('?customer_id=999')).toEqual([]);
      expect(await idsOf('?type=draft')).toEqual([1, 3, 6]);
      expect(await idsOf('?type=guest')).toEqual([4]);
      expect(await idsOf('?status=expired')).toEqual([6]);
      expect(await idsOf('?status=active')).toEqual([1, 2, 3, 4, 5]);
      expect(await idsOf(`?status=active&type=draft&customer_id=${bob.id}`)).toEqual([1]);
      const counted = await list('?type=draft&limit=1');
      expect(counted.meta.pagination).toEqual({ total: 3, count: 1, limit: 1, page: 1, total_pages: 3, next_cursor: 1 });
    });

    it('updated_at_min / updated_at_max in both timestamp forms, bounds inclusive to the second', async () => {
      expect(await idsOf('?updated_at_min=2030-02-04%2000:00:00')).toEqual([1, 2, 4]);
      expect(await idsOf('?updated_at_min=2030-02-04 00:00:01')).toEqual([2, 4]);
      // Quote 1 was stored at 00:00:00.600 and reads 00:00:00: a bound at that second includes it.
      expect(await idsOf('?updated_at_max=2030-02-04%2000:00:00')).toEqual([1, 3, 5, 6]);
      expect(await idsOf('?updated_at_max=2030-02-03 23:59:59')).toEqual([3, 5, 6]);
      expect(await idsOf('?updated_at_min=2030-02-02%2000:00:00&updated_at_max=2030-02-04%2000:00:00')).toEqual([1, 5, 6]);
      // ISO 8601 with Z, with an offset sent URL-encoded, and with a literal '+' (which a query string reads as a space).
      expect(await idsOf('?updated_at_min=2030-02-04T00:00:00Z')).toEqual([1, 2, 4]);
      expect(await idsOf('?updated_at_min=2030-02-04T02:00:00%2B02:00')).toEqual([1, 2, 4]);
      expect(await idsOf('?updated_at_max=2030-02-03T05:00:00+05:00')).toEqual([3, 5, 6]);
      expect(await idsOf('?updated_at_max=2030-02-02T19:00:00-05:00')).toEqual([3, 5, 6]);
      expect(await idsOf('?updated_at_min=2030-02-05T00:00:00.000Z&sort=updated_at&order=DESC')).toEqual([2, 4]);
    });

    it('refuses bad sort, paging and filter values with 422', async () => {
      const bad = async (query: string, errors: Record<string, string[]>) => {
        const res = await t.http.get(`/quotes?${query}`).set(auth);
        expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 422, body: fail(422, errors) });
      };
      await bad('sort=total', { sort: ['must be one of: id, customer_id, name, created_at, updated_at, x_billing_plan_id'] });
      await bad('sort=billing_plan_id', { sort: ['must be one of: id, customer_id, name, created_at, updated_at, x_billing_plan_id'] });
      await bad('order=UP', { order: ['must be ASC or DESC'] });
      await bad('limit=0', { limit: ['must be at least 1'] });
      await bad('limit=251', { limit: ['must be at most 250'] });
      await bad('limit=1.5', { limit: ['must be an integer'] });
      await bad('page=0', { page: ['must be at least 1'] });
      await bad('cursor=-1', { cursor: ['must be an integer'] });
      await bad('customer_id=abc', { customer_id: ['must be an integer'] });
      await bad('customer_id=0', { customer_id: ['must be at least 1'] });
      await bad('type=final', { type: ['must be one of: draft, saved, registered, guest'] });
      await bad('status=pending', { status: ['must be one of: active, accepted, declined, expired, ordered'] });
      await bad('updated_at_min=yesterday', { updated_at_min: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'] });
      await bad('updated_at_max=2030-02-30%2000:00:00', {
        updated_at_max: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'],
      });
      await bad('updated_at_max=2030-02-03T05:00:00', {
        updated_at_max: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'],
      });
      await bad('embed=items', {
        embed: ['unknown "items"; allowed: customer, customer.group, customer.shipping_addresses, customer.billing_addresses'],
      });
      await bad('embed=customer.orders', {
        embed: ['unknown "customer.orders"; allowed: customer, customer.group, customer.shipping_addresses, customer.billing_addresses'],
      });
      await bad('colour=red', { colour: ['is not a known field'] });
      await bad('type=draft&status=old&limit=0', {
        status: ['must be one of: active, accepted, declined, expired, ordered'],
        limit: ['must be at least 1'],
      });
      const item = await t.http.get('/quote/1?embed=items').set(auth);
      expect(item.status).toBe(422);
      expect((await t.http.get('/quote/1?limit=1').set(auth)).body).toEqual(fail(422, { limit: ['is not a known field'] }));
    });
  });

  describe('embeds', () => {
    const group = () => ({
      id: gold.id,
      name: 'Gold',
      description: null,
      api_code: 'gold',
      show_tax_inclusive: 0,
      is_tax_exempt: 0,
      created_at: TS,
      updated_at: TS,
      customers_count: 2,
    });
    const address = (over: Json) => ({
      id: expect.any(Number),
      customer_id: ada.id,
      first_name: null,
      last_name: null,
      company: null,
      phone: null,
      street_address: '1 Main St',
      city: 'Los Angeles',
      postal_code: '90001',
      country_code: 'US',
      state_code: 'CA',
      country: 'United States',
      state: 'California',
      created_at: TS,
      updated_at: TS,
      ...over,
    });
    const adaCustomer = () => ({
      id: ada.id as number,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: null,
      phone: null,
      notes: null,
      is_guest: 0,
      customer_group_id: null as number | null,
      created_at: TS,
      updated_at: TS,
    });

    it('embeds the customer with its group and addresses, wrapped in {"data": …}', async () => {
      const body = await list('?embed=customer,customer.group,customer.shippingAddresses,customer.billingAddresses&customer_id=' + ada.id);
      expect(body.data.map((q: Json) => q.id)).toEqual([2, 4]);
      const expected = {
        ...adaCustomer(),
        customer_group_id: gold.id,
        group: { data: group() },
        shipping_addresses: {
          data: [
            address({ kind: 'shipping', is_default: 1 }),
            address({ kind: 'shipping', is_default: 0, state_code: null, state: null, street_address: '2 Side St' }),
          ],
        },
        billing_addresses: { data: [address({ kind: 'billing', is_default: 1, company: 'Analytical Engines' })] },
      };
      for (const q of body.data) {
        expect(q.customer).toEqual({ data: expected });
        const { customer: _embedded, ...rest } = q;
        expect(rest).toEqual((await t.http.get(`/quote/${q.id}`).set(auth)).body.data);
      }
      // The same customer JSON the customers endpoint answers with those embeds.
      const direct = await t.http.get(`/customer/${ada.id}?embed=group,shipping_addresses,billing_addresses`).set(auth);
      expect(body.data[0].customer.data).toEqual(direct.body.data);
    });

    it('embeds null for a quote without customer, only what was asked for, and on a single quote', async () => {
      const body = await list('?embed=customer');
      expect(body.data.map((q: Json) => q.customer)).toEqual([
        { data: { ...adaCustomer(), id: bob.id, first_name: null, last_name: null, email: 'bob@example.com', customer_group_id: gold.id } },
        { data: { ...adaCustomer(), customer_group_id: gold.id } },
        { data: null },
        { data: { ...adaCustomer(), customer_group_id: gold.id } },
        { data: { ...adaCustomer(), id: cy.id, first_name: null, last_name: null, email: 'cy@example.com', company: 'Cy Inc' } },
        { data: null },
      ]);
      // A nested name brings its parent; snake_case spelling is the same embed.
      const nested = await list('?embed=customer.billing_addresses&sort=id&order=DESC&limit=2');
      expect(nested.data.map((q: Json) => q.id)).toEqual([6, 5]);
      expect(nested.data[0].customer).toEqual({ data: null });
      expect(nested.data[1].customer.data).toEqual({
        ...adaCustomer(),
        id: cy.id,
        first_name: null,
        last_name: null,
        email: 'cy@example.com',
        company: 'Cy Inc',
        billing_addresses: {
          data: [
            address({
              customer_id: cy.id,
              kind: 'billing',
              is_default: 1,
              street_address: null,
              city: null,
              postal_code: null,
              state_code: null,
              state: null,
            }),
          ],
        },
      });
      const one = await t.http.get('/quote/Q1001?embed=customer.group').set(auth);
      expect(one.status).toBe(200);
      expect(one.body.data.customer).toEqual({
        data: {
          ...adaCustomer(),
          id: bob.id,
          first_name: null,
          last_name: null,
          email: 'bob@example.com',
          customer_group_id: gold.id,
          group: { data: group() },
        },
      });
      const noCustomer = await t.http.get('/quote/3?embed=customer.shippingAddresses').set(auth);
      expect(noCustomer.body.data.customer).toEqual({ data: null });
    });
  });
});
