import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * Item PUT (docs/api.md#put-replace-a-resource) on the resources of the shared CRUD plumbing: the body is the whole
 * writable representation (a field left out takes what a create gives it), a PUT that changes nothing
 * changes nothing, If-Match, the resource's rules, and create by key where the path names a key.
 */
describeE2E('PUT: replace a resource, or create it by its key', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const steps = apiSteps(
    () => t,
    () => auth,
  );
  const put = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.http
      .put(path)
      .set({ ...auth, ...headers })
      .send(body as object);

  beforeAll(async () => {
    t = await bootTestApp('put_resources', { WEBHOOK_ALLOW_PRIVATE: 'true' });
    auth = { Authorization: `Bearer ${await t.token()}` };
  });

  afterAll(() => t.close());

  describe('countries (created by code)', () => {
    let us: Json;

    beforeAll(async () => {
      us = await steps.create('/country', { name: 'United States', code: 'US', code_3: 'USA', enabled: false });
      // Older than the PUTs below, so a write shows in updated_at.
      await t.sql(`UPDATE countries SET updated_at = '2020-01-01Z', created_at = '2020-01-01Z' WHERE id = $1`, [us.id]);
    });

    it('replaces: a field left out takes its default (enabled) or null (code_3)', async () => {
      const res = await put(`/country/${us.id}`, { name: 'United States of America', code: 'US' });
      expect(res.body).toEqual(
        ok(200, {
          id: us.id,
          name: 'United States of America',
          code: 'US',
          code_3: null,
          enabled: 1,
          created_at: '2020-01-01 00:00:00',
          updated_at: TS,
        }),
      );
      expect(res.body.data.updated_at).not.toBe('2020-01-01 00:00:00');
      const events = await steps.events('country.updated', us.id);
      expect(events.map((e) => e.data.name)).toEqual(['United States of America']);
    });

    it('a PUT that changes nothing changes nothing: same updated_at and ETag, no event', async () => {
      const before = await t.http.get('/country/US').set(auth);
      await t.sql(`UPDATE countries SET updated_at = '2021-01-01Z' WHERE id = $1`, [us.id]);
      const stamped = await t.http.get('/country/US').set(auth);
      queryCounter.reset();
      const res = await put('/country/us', { name: 'United States of America', code: 'us', enabled: true });
      expect(queryCounter.count).toBeLessThanOrEqual(6);
      expect(res.status).toBe(200);
      expect(res.body.data.updated_at).toBe('2021-01-01 00:00:00');
      expect(res.headers.etag).toBe(stamped.headers.etag);
      expect(before.body.data.updated_at).not.toBe('2021-01-01 00:00:00');
      expect((await steps.events('country.updated', us.id)).length).toBe(1);
    });

    it('If-Match: a stale ETag is 412, the current one writes', async () => {
      const current = await t.http.get('/country/US').set(auth);
      const stale = await put('/country/US', { name: 'USA', code: 'US' }, { 'If-Match': '"stale"' });
      expect(stale.status).toBe(412);
      const fresh = await put('/country/US', { name: 'USA', code: 'US' }, { 'If-Match': current.headers.etag as string });
      expect([fresh.status, fresh.body.data.name]).toEqual([200, 'USA']);
    });

    it('required fields are those of the create; unknown fields are 422', async () => {
      expect((await put('/country/US', { code: 'US' })).body).toEqual(fail(422, { name: ['is required'] }));
      expect((await put('/country/US', { name: 'USA', code: 'US', id: 5 })).body).toEqual(fail(422, { id: ['is not a known field'] }));
    });

    it('a code nothing has: 201 with the new country; the same PUT again is 200 and changes nothing', async () => {
      const created = await put('/country/de', { name: 'Germany', code: 'DE' });
      expect(created.body).toEqual(
        ok(201, { id: expect.any(Number), name: 'Germany', code: 'DE', code_3: null, enabled: 1, created_at: TS, updated_at: TS }),
      );
      const events = await steps.events('country.created', created.body.data.id);
      expect(events.length).toBe(1);
      const again = await put('/country/DE', { name: 'Germany', code: 'DE' });
      expect([again.status, again.body.data]).toEqual([200, created.body.data]);
    });

    it('a body naming another code than the path, when nothing has the path’s: 422 on code; If-Match on nothing: 412', async () => {
      expect((await put('/country/FR', { name: 'France', code: 'AT' })).body).toEqual(
        fail(422, { code: ['must be FR (the key in the path) when no country has it'] }),
      );
      expect((await put('/country/FR', { name: 'France', code: 'FR' }, { 'If-Match': '*' })).status).toBe(412);
      expect((await t.http.get('/country/FR').set(auth)).status).toBe(404);
    });

    it('on an existing country the body’s code renames it; a code in use is 422', async () => {
      const renamed = await put('/country/DE', { name: 'Austria', code: 'AT' });
      expect([renamed.status, renamed.body.data.code]).toEqual([200, 'AT']);
      expect((await put('/country/AT', { name: 'Austria', code: 'US' })).body).toEqual(fail(422, { code: ['is already in use'] }));
    });

    it('digits that are no id are taken as the key: 422 on code when the body names another', async () => {
      expect((await put('/country/999999', { name: 'Nowhere', code: 'NW' })).body).toEqual(
        fail(422, { code: ['must be 999999 (the key in the path) when no country has it'] }),
      );
    });
  });

  describe('customer groups (by api_code), coupons (by code, any case), custom field definitions (by name)', () => {
    it('customer group: 201 by api_code, then a replace resets left-out flags', async () => {
      const created = await put('/customergroup/gold', { name: 'Gold', api_code: 'gold', is_tax_exempt: true });
      expect(created.body).toEqual(
        ok(201, {
          id: expect.any(Number),
          name: 'Gold',
          description: null,
          api_code: 'gold',
          show_tax_inclusive: 0,
          is_tax_exempt: 1,
          created_at: TS,
          updated_at: TS,
          customers_count: 0,
        }),
      );
      const replaced = await put(`/customergroup/${created.body.data.id}`, { name: 'Gold', api_code: 'gold', description: 'Best' });
      expect(replaced.body.data).toEqual({ ...created.body.data, description: 'Best', is_tax_exempt: 0, updated_at: TS });
      // A group key of digits that is no id is taken as the key.
      const digits = await put('/customergroup/10042', { name: 'Numbered', api_code: '10042' });
      expect([digits.status, digits.body.data.api_code]).toEqual([201, '10042']);
      expect((await put('/customergroup/silver', { name: 'Silver', api_code: 'bronze' })).body).toEqual(
        fail(422, { api_code: ['must be silver (the key in the path) when no customer group has it'] }),
      );
    });

    it('coupon: created by code, found again in any case, its terms checked as on create', async () => {
      const created = await put('/coupon/SAVE10', { code: 'SAVE10', discount_type: 'percentage', discount_value: '10' });
      expect([created.status, created.body.data.code, created.body.data.discount_value]).toEqual([201, 'SAVE10', '10.00']);
      const same = await put('/coupon/save10', { code: 'SAVE10', discount_type: 'percentage', discount_value: '10' });
      expect([same.status, same.body.data]).toEqual([200, created.body.data]);
      const bad = await put('/coupon/save10', { code: 'SAVE10', discount_type: 'percentage', discount_value: '150' });
      expect(bad.status).toBe(422);
      expect((await put('/coupon/SAVE10', { code: 'SAVE10' })).body).toEqual(
        fail(422, { discount_type: ['is required'], discount_value: ['is required'] }),
      );
    });

    it('custom field definition: created by name, replaced with its rules', async () => {
      const created = await put('/customfielddefinition/gift_note', {
        name: 'gift_note',
        label: 'Gift note',
        entity: 'cart',
        type: 'text',
      });
      expect([created.status, created.body.data.name, created.body.data.type]).toEqual([201, 'gift_note', 'text']);
      const select = await put('/customfielddefinitions/gift_note', {
        name: 'gift_note',
        label: 'Gift note',
        entity: 'cart',
        type: 'select',
      });
      expect(select.body).toEqual(fail(422, { options: ['is required for a select field'] }));
    });
  });

  describe('customers, billing plans, shipments (no key to create by)', () => {
    it('customer: replaced; an unknown id is 404; an e-mail in use is 422', async () => {
      const ada = await steps.create('/customer', { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '555' });
      await steps.create('/customer', { email: 'bob@example.com' });
      const res = await put(`/customer/${ada.id}`, { email: 'ada@example.com', first_name: 'Ada' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...ada, last_name: null, phone: null, updated_at: TS });
      expect((await put('/customer/999999', { email: 'x@example.com' })).body).toEqual(fail(404, 'Customer 999999 was not found.'));
      expect((await put(`/customer/${ada.id}`, { email: 'BOB@example.com' })).body).toEqual(fail(422, { email: ['is already in use'] }));
    });

    it('billing plan: left-out counts take their defaults', async () => {
      const plan = await steps.create('/billingplan', { name: 'Yearly', interval_unit: 'year', interval_count: 2, trial_days: 14 });
      const res = await put(`/billingplan/${plan.id}`, { name: 'Yearly', interval_unit: 'year' });
      expect(res.body).toEqual(ok(200, { ...plan, interval_count: 1, trial_days: 0, updated_at: TS }));
    });

    it('shipment: replaced, left-out status back to its default', async () => {
      const shipment = await steps.create('/shipment', { number: 'SH-1', status: 'shipped', notes: 'Fragile' });
      const res = await put(`/shipment/${shipment.id}`, { number: 'SH-1' });
      expect(res.status).toBe(200);
      expect([res.body.data.status, res.body.data.notes]).toEqual(['pending', null]);
      expect((await put('/shipment/SH-404', { number: 'SH-404' })).body).toEqual(fail(404, 'Shipment SH-404 was not found.'));
    });
  });
  describe('parts: states (created by code within their country), tax rates, tracking codes, addresses', () => {
    it('state: 201 by code within its country, then replaced; the same code in another country is another state', async () => {
      const ca = await put('/country/US/state/ca', { name: 'California', code: 'CA' });
      expect(ca.body).toEqual(
        ok(201, {
          id: expect.any(Number),
          country_id: expect.any(Number),
          name: 'California',
          code: 'CA',
          enabled: 1,
          created_at: TS,
          updated_at: TS,
        }),
      );
      const off = await put('/countries/US/states/CA', { name: 'California', code: 'CA', enabled: false });
      expect([off.status, off.body.data.id, off.body.data.enabled]).toEqual([200, ca.body.data.id, 0]);
      const back = await put(`/country/US/state/${ca.body.data.id}`, { name: 'California', code: 'CA' });
      expect(back.body.data.enabled).toBe(1);
      expect((await put('/country/US/state/NV', { name: 'Nevada', code: 'AZ' })).body).toEqual(
        fail(422, { code: ['must be NV (the key in the path) when no state has it'] }),
      );
      expect((await put('/country/ZZ/state/CA', { name: 'California', code: 'CA' })).status).toBe(404);
    });

    it('tax rate: replaced, left-out fields back to their defaults; an unknown rate is 404', async () => {
      const standard = await steps.create('/taxclass', { name: 'Standard' });
      const rate = await steps.create(`/taxclass/${standard.id}/rates`, {
        country: 'US',
        state: 'NY',
        rate: '4.000',
        priority: 2,
        tax_name: 'NY',
      });
      const res = await put(`/taxclass/${standard.id}/rate/${rate.id}`, { rate: '5.000' });
      expect(res.body).toEqual(ok(200, { ...rate, country: '*', state: '*', rate: '5.0000', priority: 1, tax_name: null, updated_at: TS }));
      expect((await put(`/taxclass/${standard.id}/rate/999999`, { rate: '5.000' })).status).toBe(404);
      const replaced = await put(`/taxclass/${standard.id}`, { name: 'Standard rate' });
      expect([replaced.status, replaced.body.data.name]).toEqual([200, 'Standard rate']);
    });

    it('tracking code: replaced by code; an unknown code is 404 (codes are not created by PUT)', async () => {
      const shipment = await steps.create('/shipment', { number: 'SH-T' });
      await steps.create(`/shipment/${shipment.id}/trackingcodes`, { code: 'TRACK1', carrier: 'UPS' });
      const res = await put(`/shipment/${shipment.id}/trackingcode/TRACK1`, { code: 'TRACK1' });
      expect([res.status, res.body.data.code, res.body.data.carrier]).toEqual([200, 'TRACK1', null]);
      expect((await put(`/shipment/${shipment.id}/trackingcode/NOPE`, { code: 'NOPE' })).status).toBe(404);
    });

    it('customer address: replaced under the rules of PATCH', async () => {
      const cy = await steps.create('/customer', { email: 'cy@example.com' });
      const address = await steps.create(`/customer/${cy.id}/addresses`, {
        kind: 'shipping',
        country_code: 'US',
        city: 'Boston',
        company: 'Cy Inc',
      });
      const res = await put(`/customer/${cy.id}/address/${address.id}`, { kind: 'shipping', country_code: 'US', city: 'Salem' });
      expect(res.status).toBe(200);
      expect([res.body.data.city, res.body.data.company]).toEqual(['Salem', null]);
    });
  });

  describe('quotes and webhooks', () => {
    it('quote: its items are the body’s, in the statements of a PATCH; the same PUT again changes nothing; decided → 409', async () => {
      const mug = await steps.create('/product', { name: 'Mug', sku: 'MUG', base_price: '10.00' });
      const pen = await steps.create('/product', { name: 'Pen', sku: 'PEN', base_price: '1.00' });
      const quote = await steps.create('/quote', { name: 'Office', type: 'saved', items: [{ product_id: mug.id, quantity: 2 }] });
      const body = { name: 'Office', items: [{ product_id: pen.id, quantity: 3 }] };
      queryCounter.reset();
      const res = await put(`/quote/${quote.number}`, body);
      const statements = queryCounter.count;
      expect(res.status).toBe(200);
      expect(statements).toBe(6);
      expect(res.body.data.type).toBe('draft');
      expect(res.body.data.cart_link_id).toBe(quote.cart_link_id);
      expect(res.body.data.items.map((i: Json) => [i.shop_product_id, i.quantity])).toEqual([[pen.id, 3]]);
      expect(res.body.data.total).toBe('3.00');
      const again = await put(`/quote/${quote.id}`, body);
      expect([again.status, again.body.data.updated_at, again.body.data.revision]).toEqual([
        200,
        res.body.data.updated_at,
        res.body.data.revision,
      ]);
      expect((await steps.events('quote.updated', quote.id)).length).toBe(1);
      await t.sql(`UPDATE quotes SET status = 'accepted', accepted_at = now() WHERE id = $1`, [quote.id]);
      const decided = await put(`/quote/${quote.id}`, { name: 'Changed' });
      expect(decided.status).toBe(409);
      expect((await put('/quote/Q999999', { name: 'x' })).status).toBe(404);
    });

    it('order: payment_status and notes become the body’s, a left-out status stays', async () => {
      const cup = await steps.create('/product', { name: 'Cup', sku: 'CUP', base_price: '4.00' });
      const quote = await steps.create('/quote', { name: 'Cups', items: [{ product_id: cup.id }] });
      const order = await steps.create(`/quote/${quote.id}/order`, { payment_status: 'paid', notes: 'Leave at the door' });
      const res = await put(`/order/${order.number}`, {});
      expect(res.status).toBe(200);
      expect([res.body.data.payment_status, res.body.data.notes, res.body.data.status]).toEqual(['pending', null, 'open']);
      const done = await put(`/order/${order.id}`, { payment_status: 'paid', status: 'completed' });
      expect([done.body.data.payment_status, done.body.data.status]).toEqual(['paid', 'completed']);
      expect((await put(`/order/${order.id}`, { status: 'open' })).status).toBe(422);
    });

    it('webhook: replaced; is_active left out is 1', async () => {
      const hook = await steps.create('/webhook', { url: 'http://127.0.0.1:9/hook', events: ['quote.*'], is_active: false });
      const res = await put(`/webhook/${hook.id}`, { url: 'http://127.0.0.1:9/hook', events: ['order.*'] });
      expect(res.status).toBe(200);
      expect([res.body.data.events, res.body.data.is_active]).toEqual([['order.*'], 1]);
    });
  });
});
