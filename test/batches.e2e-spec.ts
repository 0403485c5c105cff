import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * Batch PUTs (docs/api.md#put-replace-a-resource): `PUT /countries`, `/customergroups`, `/coupons`,
 * `/customfielddefinitions` and `/customers` upsert up to 1,000 members by their keys, all or nothing,
 * in a number of statements that does not grow with the members.
 */
describeE2E('batch PUT: upsert many by their keys', () => {
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
    t = await bootTestApp('batches');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });

  afterAll(() => t.close());

  describe('PUT /countries', () => {
    let us: Json;

    it('creates the unknown, replaces the known, leaves the equal ones alone; data in the request’s order', async () => {
      us = await steps.create('/country', { name: 'USA', code: 'US', code_3: 'USA' });
      const res = await put('/countries', [
        { name: 'Germany', code: 'de' },
        { name: 'United States', code: 'US' },
      ]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        meta: { status: 200, success: true, batch: { created: 1, updated: 1, unchanged: 0 } },
        data: [
          { id: expect.any(Number), name: 'Germany', code: 'DE', code_3: null, enabled: 1, created_at: TS, updated_at: TS },
          { ...us, name: 'United States', code_3: null, updated_at: TS },
        ],
      });
      const de = res.body.data[0] as Json;
      expect((await steps.events('country.created', de.id)).length).toBe(1);
      expect((await steps.events('country.updated', us.id)).map((e) => e.data.name)).toEqual(['United States']);

      const again = await put('/countries', [
        { name: 'United States', code: 'US' },
        { name: 'Deutschland', code: 'DE' },
      ]);
      expect(again.body.meta.batch).toEqual({ created: 0, updated: 1, unchanged: 1 });
      expect(again.body.data.map((c: Json) => [c.code, c.name])).toEqual([
        ['US', 'United States'],
        ['DE', 'Deutschland'],
      ]);
      expect((await steps.events('country.updated', us.id)).length).toBe(1);
    });

    it('the statements do not grow with the members', async () => {
      const members = (n: number, from: number) =>
        Array.from({ length: n }, (_, i) => ({ name: `Land ${from + i}`, code: `X${String.fromCharCode(65 + from + i)}` }));
      const count = async (body: unknown) => {
        queryCounter.reset();
        const res = await put('/countries', body);
        expect(res.status).toBe(200);
        return queryCounter.count;
      };
      const two = await count(members(2, 0));
      const twenty = await count(members(20, 2));
      // And again, every one of the twenty changed.
      const changed = await count(members(20, 2).map((m) => ({ ...m, name: `${m.name}!` })));
      expect([two, twenty, changed]).toEqual([two, two, two]);
      expect(two).toBeLessThanOrEqual(8);
    });

    it('all or nothing: an invalid member is 422 as N.field and nothing is written; repeats and size are refused', async () => {
      const before = await t.sql('SELECT count(*)::int AS n FROM countries');
      const res = await put('/countries', [
        { name: 'France', code: 'FR' },
        { name: 'Nowhere', code: 'XYZ' },
      ]);
      expect(res.body).toEqual(fail(422, { '1.code': ['must be an ISO 3166-1 alpha-2 code (two letters)'] }));
      const taken = await put('/countries', [
        { name: 'France', code: 'FR' },
        { name: 'Spain', code: 'ES' },
        { name: 'Again', code: 'fr' },
      ]);
      expect(taken.status).toBe(422);
      expect(Object.keys(taken.body.error.message)).toEqual(['2.code']);
      expect(await t.sql('SELECT count(*)::int AS n FROM countries')).toEqual(before);
      expect((await put('/countries', { name: 'France', code: 'FR' })).status).toBe(422);
    });

    it('Idempotency-Key: the same batch again answers the stored answer', async () => {
      const body = [{ name: 'Italy', code: 'IT' }];
      const first = await put('/countries', body, { 'Idempotency-Key': 'batch-it-1' });
      const replay = await put('/countries', body, { 'Idempotency-Key': 'batch-it-1' });
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });
  });

  describe('the other batches', () => {
    it('PUT /customers matches by e-mail in any case', async () => {
      const ada = await steps.create('/customer', { email: 'ada@example.com', first_name: 'Ada', phone: '555' });
      const res = await put('/customers', [
        { email: 'ADA@example.com', first_name: 'Ada', last_name: 'Lovelace' },
        { email: 'bob@example.com' },
      ]);
      expect(res.body.meta.batch).toEqual({ created: 1, updated: 1, unchanged: 0 });
      expect(res.body.data[0]).toEqual({ ...ada, email: 'ADA@example.com', last_name: 'Lovelace', phone: null, updated_at: TS });
      const dup = await put('/customers', [{ email: 'cy@example.com' }, { email: 'CY@example.com' }]);
      expect(Object.keys(dup.body.error.message)).toEqual(['1.email']);
    });

    it('PUT /products: a member needs its sku; "sku": null is refused as a missing one, never a new product', async () => {
      const res = await put('/products', [{ sku: 'KEYED', name: 'Keyed' }, { sku: null, name: 'Null key' }, { name: 'No key' }]);
      expect([res.status, res.body]).toEqual([422, fail(422, { '1.sku': ['is required'], '2.sku': ['is required'] })]);
      expect(await t.sql("SELECT count(*)::int AS n FROM products WHERE name IN ('Keyed', 'Null key', 'No key')")).toEqual([{ n: 0 }]);
    });

    it('PUT /customergroups, /coupons, /customfielddefinitions', async () => {
      const groups = await put('/customergroups', [{ name: 'Gold', api_code: 'gold' }]);
      expect([groups.status, groups.body.meta.batch, groups.body.data[0].customers_count]).toEqual([
        200,
        { created: 1, updated: 0, unchanged: 0 },
        0,
      ]);
      const coupons = await put('/coupons', [
        { code: 'SAVE10', discount_type: 'percentage', discount_value: '10' },
        { code: 'SAVE20', discount_type: 'percentage', discount_value: '120' },
      ]);
      expect(coupons.status).toBe(422);
      expect(Object.keys(coupons.body.error.message)).toEqual(['1.discount_value']);
      const ok = await put('/coupons', [{ code: 'save10', discount_type: 'fixed_amount', discount_value: '5' }]);
      expect(ok.body.meta.batch).toEqual({ created: 1, updated: 0, unchanged: 0 });
      const again = await put('/coupons', [{ code: 'SAVE10', discount_type: 'fixed_amount', discount_value: '5' }]);
      expect([again.body.meta.batch, again.body.data[0].id]).toEqual([{ created: 0, updated: 1, unchanged: 0 }, ok.body.data[0].id]);
      const fields = await put('/customfielddefinitions', [{ name: 'gift_note', label: 'Gift note', entity: 'cart', type: 'text' }]);
      expect([fields.status, fields.body.meta.batch]).toEqual([200, { created: 1, updated: 0, unchanged: 0 }]);
    });
  });
  describe('PUT on a collection of parts', () => {
    it('a country’s states: matched by code keep their ids, new ones created, unlisted ones deleted, [] empties', async () => {
      const fr = await steps.create('/country', { name: 'France', code: 'FR' });
      const bretagne = await steps.create('/country/FR', { name: 'Bretagne', code: 'BRE' });
      const corse = await steps.create('/country/FR', { name: 'Corse', code: 'COR' });
      queryCounter.reset();
      const res = await put('/countries/fr/states', [
        { name: 'Normandie', code: 'nor' },
        { name: 'Bretagne (Breizh)', code: 'BRE' },
      ]);
      const statements = queryCounter.count;
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { ...bretagne, name: 'Bretagne (Breizh)', updated_at: TS },
        { id: expect.any(Number), country_id: fr.id, name: 'Normandie', code: 'NOR', enabled: 1, created_at: TS, updated_at: TS },
      ]);
      expect(res.body.meta).toEqual({ status: 200, success: true });
      expect((await steps.events('country.state.deleted', corse.id)).length).toBe(1);
      expect((await steps.events('country.state.updated', bretagne.id)).length).toBe(1);
      expect((await t.http.get('/country/FR/states').set(auth)).body.data).toEqual(res.body.data);

      // The same body again changes nothing; more members cost no more statements.
      const again = await put('/countries/FR/states', [
        { name: 'Normandie', code: 'NOR' },
        { name: 'Bretagne (Breizh)', code: 'BRE' },
      ]);
      expect(again.body.data).toEqual(res.body.data);
      expect((await steps.events('country.state.updated', bretagne.id)).length).toBe(1);
      queryCounter.reset();
      // Bretagne changes, Normandie goes, eleven come: the same kinds of write as the first PUT.
      const many = await put('/countries/FR/states', [
        { name: 'Bretagne', code: 'BRE' },
        ...Array.from({ length: 11 }, (_, i) => ({ name: `Region ${i}`, code: `R${i}` })),
      ]);
      expect([many.status, many.body.data.length, queryCounter.count]).toEqual([200, 12, statements]);

      const bad = await put('/countries/FR/states', [
        { name: 'Ok', code: 'OK' },
        { name: '', code: 'NO' },
      ]);
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.error.message)).toEqual(['1.name']);
      expect((await t.http.get('/country/FR/states').set(auth)).body.data.length).toBe(12);
      expect((await put('/countries/FR/states', [])).body.data).toEqual([]);
      expect((await put('/countries/ZZ/states', [])).status).toBe(404);
      expect((await put('/countries/FR/states', { name: 'x', code: 'X' })).status).toBe(422);
    });

    it('a tax class’s rates, by place and priority', async () => {
      const reduced = await steps.create('/taxclass', { name: 'Reduced' });
      const ny = await steps.create(`/taxclass/${reduced.id}/rates`, { country: 'US', state: 'NY', rate: '4.0000' });
      await steps.create(`/taxclass/${reduced.id}/rates`, { country: 'US', state: 'CA', rate: '6.0000' });
      const res = await put(`/taxclass/${reduced.id}/rates`, [
        { country: 'us', state: 'ny', rate: '4.5000' },
        { country: 'US', state: 'NY', rate: '1.0000', priority: 2, is_compound: true },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: Json) => [r.id === ny.id, r.state, r.rate, r.priority])).toEqual([
        [true, 'NY', '4.5000', 1],
        [false, 'NY', '1.0000', 2],
      ]);
      const twice = await put(`/taxclass/${reduced.id}/rates`, [
        { country: 'US', state: 'NY', rate: '1' },
        { country: 'US', state: 'NY', rate: '2' },
      ]);
      expect(Object.keys(twice.body.error.message)).toEqual(['1.priority']);
      expect((await put(`/taxclass/${reduced.id}/rates`, [])).body.data).toEqual([]);
    });

    it('a shipment’s tracking codes, by code', async () => {
      const shipment = await steps.create('/shipment', { number: 'SH-C' });
      const one = await steps.create(`/shipment/${shipment.id}/trackingcodes`, { code: 'ONE', carrier: 'UPS' });
      await steps.create(`/shipment/${shipment.id}/trackingcodes`, { code: 'TWO' });
      const res = await put(`/shipment/${shipment.id}/trackingcodes`, [{ code: 'THREE' }, { code: 'ONE', carrier: 'DHL' }]);
      expect(res.status).toBe(200);
      expect(res.body.data.map((c: Json) => [c.id === one.id, c.code, c.carrier])).toEqual([
        [true, 'ONE', 'DHL'],
        [false, 'THREE', null],
      ]);
    });
  });
});
