import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

describeE2E('tax classes and rates', () => {
  let t: TestApp;
  let token: string;
  const auth = (tok = token) => ({ Authorization: `Bearer ${tok}` });

  /** A rate as the API shows it, with the defaults of a create. */
  const rateOut = (over: Record<string, unknown>) => ({
    tax_class_id: 1,
    country: '*',
    state: '*',
    zip: '*',
    city: '*',
    priority: 1,
    tax_name: null,
    is_compound: 0,
    created_at: TS,
    updated_at: TS,
    ...over,
  });
  const defaults = async () => (await t.sql<{ id: number }>('SELECT id FROM tax_classes WHERE is_default ORDER BY id')).map((r) => r.id);

  beforeAll(async () => {
    t = await bootTestApp('tax');
    token = await t.token();
  });
  afterAll(() => t?.close());

  describe('tax classes', () => {
    it('creates classes on both spellings and reads them on both', async () => {
      const standard = await t.http.post('/taxclass').set(auth()).send({ name: 'Standard', description: 'Full rate', is_default: 1 });
      expect(standard.status).toBe(201);
      expect(standard.body).toEqual(
        ok(201, {
          id: 1,
          name: 'Standard',
          description: 'Full rate',
          is_default: 1,
          created_at: TS,
          updated_at: standard.body.data.created_at,
        }),
      );

      const reduced = await t.http.post('/taxclasses').set(auth()).send({ name: 'Reduced', description: '   ' });
      expect(reduced.status).toBe(201);
      expect(reduced.body.data).toEqual({ id: 2, name: 'Reduced', description: null, is_default: 0, created_at: TS, updated_at: TS });

      for (const path of ['/taxclass/1', '/taxclasses/1']) {
        const got = await t.http.get(path).set(auth());
        expect(got.status).toBe(200);
        expect(got.body).toEqual(ok(200, standard.body.data));
      }
    });

    it('keeps one default: a new default clears the old one, and so does a PATCH', async () => {
      const zero = await t.http.post('/taxclass').set(auth()).send({ name: 'Zero', is_default: true });
      expect(zero.status).toBe(201);
      expect(zero.body.data).toMatchObject({ id: 3, is_default: 1 });
      expect((await t.http.get('/taxclass/1').set(auth())).body.data.is_default).toBe(0);
      expect(await defaults()).toEqual([3]);

      const second = await t.http.patch('/taxclasses/2').set(auth()).send({ is_default: 1 });
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual({ id: 2, name: 'Reduced', description: null, is_default: 1, created_at: TS, updated_at: TS });
      expect((await t.http.get('/taxclasses/3').set(auth())).body.data.is_default).toBe(0);
      expect(await defaults()).toEqual([2]);

      // Setting the default again on the default class keeps it; clearing it leaves no default.
      expect((await t.http.patch('/taxclass/2').set(auth()).send({ is_default: true })).body.data.is_default).toBe(1);
      expect(await defaults()).toEqual([2]);
      expect((await t.http.patch('/taxclass/2').set(auth()).send({ is_default: 0 })).body.data.is_default).toBe(0);
      expect(await defaults()).toEqual([]);

      const back = await t.http.patch('/taxclass/1').set(auth()).send({ name: 'Standard rate', description: null, is_default: 1 });
      expect(back.body.data).toEqual({ id: 1, name: 'Standard rate', description: null, is_default: 1, created_at: TS, updated_at: TS });
      expect(await defaults()).toEqual([1]);
    });

    it('serializes concurrent default switches: every one succeeds and one default remains', async () => {
      // With no default at all: concurrent creates of a default class.
      await t.http.patch('/taxclass/1').set(auth()).send({ is_default: 0 });
      expect(await defaults()).toEqual([]);
      const created = await Promise.all(['A', 'B', 'C'].map((name) => t.http.post('/taxclass').set(auth()).send({ name, is_default: 1 })));
      expect(created.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(await defaults()).toHaveLength(1);

      // With a default: concurrent switches to every class.
      const ids = [1, 2, 3, ...created.map((r) => r.body.data.id as number)];
      const responses = await Promise.all(ids.map((id) => t.http.patch(`/taxclass/${id}`).set(auth()).send({ is_default: 1 })));
      expect(responses.map((r) => r.status)).toEqual(ids.map(() => 200));
      expect(await defaults()).toHaveLength(1);

      // Standard back as the default, extra classes gone, for the tests below.
      await t.http.patch('/taxclass/1').set(auth()).send({ is_default: 1 });
      for (const r of created) expect((await t.http.delete(`/taxclass/${r.body.data.id}`).set(auth())).status).toBe(200);
      expect(await defaults()).toEqual([1]);
    });

    it('answers 404 for an unknown class on every method', async () => {
      for (const key of ['99', 'abc', '99999999999']) {
        const message = `Tax class ${key} was not found.`;
        expect((await t.http.get(`/taxclass/${key}`).set(auth())).body).toEqual(fail(404, message));
        expect((await t.http.patch(`/taxclasses/${key}`).set(auth()).send({ name: 'x' })).status).toBe(404);
        expect((await t.http.delete(`/taxclass/${key}`).set(auth())).body).toEqual(fail(404, message));
      }
    });

    it('rejects invalid class fields with 422 on the exact keys', async () => {
      const bad = await t.http.post('/taxclass').set(auth()).send({ name: '   ', description: 5, is_default: 2, rates: [] });
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(
        fail(422, {
          name: ['must not be blank'],
          description: ['must be a string'],
          is_default: ['must be a boolean or 0/1'],
          rates: ['is not a known field'],
        }),
      );
      expect((await t.http.post('/taxclasses').set(auth()).send({})).body).toEqual(fail(422, { name: ['is required'] }));
      const long = await t.http
        .patch('/taxclass/1')
        .set(auth())
        .send({ name: 'x'.repeat(256) });
      expect(long.body).toEqual(fail(422, { name: ['must be at most 255 characters'] }));
      const nullName = await t.http.patch('/taxclass/1').set(auth()).send({ name: null });
      expect(nullName.status).toBe(422);
      expect(Object.keys(nullName.body.error.message)).toEqual(['name']);
      expect((await t.http.get('/taxclass/1').set(auth())).body.data.name).toBe('Standard rate');
    });

    it('pages and sorts /taxclasses', async () => {
      const all = await t.http.get('/taxclasses').set(auth());
      expect(all.status).toBe(200);
      expect(all.body.meta.pagination).toEqual({ total: 3, count: 3, limit: 250, page: 1, total_pages: 1, next_cursor: null });
      expect(all.body.data.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);

      const byName = await t.http.get('/taxclasses?sort=name&order=desc&limit=2').set(auth());
      expect(byName.body.data.map((c: { name: string }) => c.name)).toEqual(['Zero', 'Standard rate']);
      expect(byName.body.meta.pagination).toEqual({ total: 3, count: 2, limit: 2, page: 1, total_pages: 2, next_cursor: null });

      const page2 = await t.http.get('/taxclasses?sort=name&order=desc&limit=2&page=2').set(auth());
      expect(page2.body.data.map((c: { name: string }) => c.name)).toEqual(['Reduced']);

      const first = await t.http.get('/taxclasses?limit=2').set(auth());
      expect(first.body.meta.pagination.next_cursor).toBe(2);
      const next = await t.http.get('/taxclasses?limit=2&cursor=2').set(auth());
      expect(next.body.data.map((c: { id: number }) => c.id)).toEqual([3]);

      const badSort = await t.http.get('/taxclasses?sort=rate&limit=0').set(auth());
      expect(badSort.body).toEqual(fail(422, { limit: ['must be at least 1'] }));
      expect((await t.http.get('/taxclasses?sort=rate').set(auth())).body).toEqual(
        fail(422, { sort: ['must be one of: id, name, is_default, created_at, updated_at'] }),
      );
    });
  });

  describe('tax rates', () => {
    it('creates rates on every collection spelling, with defaults and upper-cased codes', async () => {
      const nyc = await t.http
        .post('/taxclass/1/rate')
        .set(auth())
        .send({ country: ' us ', state: 'ny', city: 'New York City', rate: 4.5, priority: 2, tax_name: 'NYC Tax' });
      expect(nyc.status).toBe(201);
      expect(nyc.body).toEqual(
        ok(201, rateOut({ id: 1, country: 'US', state: 'NY', city: 'New York City', rate: '4.5000', priority: 2, tax_name: 'NYC Tax' })),
      );

      const any = await t.http.post('/taxclass/1/rates').set(auth()).send({ rate: '8.875' });
      expect(any.status).toBe(201);
      expect(any.body.data).toEqual(rateOut({ id: 2, rate: '8.8750' }));

      const qst = await t.http
        .post('/taxclasses/1/rate')
        .set(auth())
        .send({ country: 'CA', state: 'QC', zip: 'H2X 1Y4', rate: '9.975', priority: 2, tax_name: 'QST', is_compound: 1 });
      expect(qst.body.data).toEqual(
        rateOut({ id: 3, country: 'CA', state: 'QC', zip: 'H2X 1Y4', rate: '9.9750', priority: 2, tax_name: 'QST', is_compound: 1 }),
      );

      const full = await t.http.post('/taxclasses/1/rates').set(auth()).send({ rate: 100, tax_name: '' });
      expect(full.body.data).toEqual(rateOut({ id: 4, rate: '100.0000' }));

      const zero = await t.http.post('/taxclass/3/rate').set(auth()).send({ rate: '0', country: 'DE' });
      expect(zero.body.data).toEqual(rateOut({ id: 5, tax_class_id: 3, country: 'DE', rate: '0.0000' }));
    });

    it('reads a rate on every item spelling', async () => {
      const expected = ok(
        200,
        rateOut({ id: 1, country: 'US', state: 'NY', city: 'New York City', rate: '4.5000', priority: 2, tax_name: 'NYC Tax' }),
      );
      for (const path of ['/taxclass/1/rate/1', '/taxclass/1/rates/1', '/taxclasses/1/rate/1', '/taxclasses/1/rates/1']) {
        const got = await t.http.get(path).set(auth());
        expect(got.status).toBe(200);
        expect(got.body).toEqual(expected);
      }
    });

    it('lists the rates of a class on both spellings, paged and sorted', async () => {
      for (const path of ['/taxclass/1/rates', '/taxclasses/1/rates']) {
        const list = await t.http.get(path).set(auth());
        expect(list.status).toBe(200);
        expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4]);
        expect(list.body.meta.pagination).toEqual({ total: 4, count: 4, limit: 250, page: 1, total_pages: 1, next_cursor: null });
      }
      const byRate = await t.http.get('/taxclass/1/rates?sort=rate&order=DESC&limit=3').set(auth());
      expect(byRate.body.data.map((r: { rate: string }) => r.rate)).toEqual(['100.0000', '9.9750', '8.8750']);
      expect(byRate.body.meta.pagination).toEqual({ total: 4, count: 3, limit: 3, page: 1, total_pages: 2, next_cursor: null });
      expect((await t.http.get('/taxclass/2/rates').set(auth())).body).toEqual({
        meta: { status: 200, success: true, pagination: { total: 0, count: 0, limit: 250, page: 1, total_pages: 0, next_cursor: null } },
        data: [],
      });
      expect((await t.http.get('/taxclass/1/rates?sort=name').set(auth())).body).toEqual(
        fail(422, { sort: ['must be one of: id, country, state, zip, city, rate, priority, created_at, updated_at'] }),
      );
    });

    it('updates a rate on every item spelling', async () => {
      const a = await t.http.patch('/taxclass/1/rate/2').set(auth()).send({ rate: '8.8751' });
      expect(a.status).toBe(200);
      expect(a.body).toEqual(ok(200, rateOut({ id: 2, rate: '8.8751' })));
      const b = await t.http
        .patch('/taxclass/1/rates/2')
        .set(auth())
        .send({ country: 'us', state: 'ca', zip: '90210', city: 'Beverly Hills' });
      expect(b.body.data).toEqual(rateOut({ id: 2, rate: '8.8751', country: 'US', state: 'CA', zip: '90210', city: 'Beverly Hills' }));
      const c = await t.http.patch('/taxclasses/1/rate/2').set(auth()).send({ priority: 3, is_compound: true, tax_name: 'Local' });
      expect(c.body.data).toMatchObject({ priority: 3, is_compound: 1, tax_name: 'Local' });
      const d = await t.http.patch('/taxclasses/1/rates/2').set(auth()).send({ zip: '*', city: '*', tax_name: null, is_compound: 0 });
      expect(d.body.data).toEqual(rateOut({ id: 2, rate: '8.8751', country: 'US', state: 'CA', priority: 3 }));
      expect((await t.http.get('/taxclass/1/rate/2').set(auth())).body.data).toEqual(d.body.data);
    });

    it('answers 404 for an unknown class and for a rate of another class', async () => {
      const noClass = fail(404, 'Tax class 99 was not found.');
      expect((await t.http.get('/taxclass/99/rates').set(auth())).body).toEqual(noClass);
      expect((await t.http.post('/taxclass/99/rate').set(auth()).send({ rate: 1 })).body).toEqual(noClass);
      expect((await t.http.get('/taxclass/99/rate/1').set(auth())).body).toEqual(noClass);

      const otherClass = fail(404, 'Tax rate 1 was not found.');
      expect((await t.http.get('/taxclass/3/rate/1').set(auth())).body).toEqual(otherClass);
      expect((await t.http.patch('/taxclasses/3/rates/1').set(auth()).send({ rate: 1 })).body).toEqual(otherClass);
      expect((await t.http.delete('/taxclass/3/rate/1').set(auth())).body).toEqual(otherClass);
      expect((await t.http.get('/taxclass/1/rate/x').set(auth())).body).toEqual(fail(404, 'Tax rate x was not found.'));
      expect((await t.http.get('/taxclass/1/rate/1').set(auth())).status).toBe(200);
      // The singular collection path only creates; listing is GET …/rates.
      const listSingular = await t.http.get('/taxclass/1/rate').set(auth());
      expect(listSingular.status).toBe(405);
      expect(listSingular.headers.allow).toContain('POST');
    });

    it('rejects invalid rate fields with 422 on the exact keys', async () => {
      const bad = await t.http.post('/taxclass/1/rate').set(auth()).send({
        country: 'USA',
        state: 'N-Y',
        zip: '9021*',
        city: '',
        rate: '1.23456',
        priority: 0,
        tax_name: 5,
        is_compound: 'yes',
        tax_class_id: 2,
      });
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(
        fail(422, {
          country: ['must be * or an ISO 3166-1 alpha-2 code (two letters)'],
          state: ['must be * or a code of 1 to 10 letters or digits'],
          zip: ['must be * or a postal code of 1 to 20 characters without *'],
          city: ['must be * or a city name of 1 to 100 characters without *'],
          rate: ['must be a decimal number from 0 to 100 with at most 4 decimals'],
          priority: ['must be at least 1'],
          tax_name: ['must be a string'],
          is_compound: ['must be a boolean or 0/1'],
          tax_class_id: ['is not a known field'],
        }),
      );
      const rateMessage = { rate: ['must be a decimal number from 0 to 100 with at most 4 decimals'] };
      for (const rate of ['100.0001', -1, '1e2', 'abc', null]) {
        expect((await t.http.post('/taxclass/1/rate').set(auth()).send({ rate })).body).toEqual(fail(422, rateMessage));
      }
      expect((await t.http.post('/taxclass/1/rate').set(auth()).send({ country: 'US' })).body).toEqual(
        fail(422, { rate: ['is required'] }),
      );
      expect((await t.http.patch('/taxclass/1/rate/1').set(auth()).send({ priority: 2147483648, country: null })).body).toEqual(
        fail(422, { priority: ['must be at most 2147483647'], country: ['must be * or an ISO 3166-1 alpha-2 code (two letters)'] }),
      );
      expect((await t.http.patch('/taxclass/1/rate/1').set(auth()).send({ priority: 1.5 })).body).toEqual(
        fail(422, { priority: ['must be an integer'] }),
      );
      expect((await t.http.get('/taxclass/1/rates').set(auth())).body.data).toHaveLength(4);
    });

    it('deletes a rate on the singular and plural spellings', async () => {
      const removed = await t.http.delete('/taxclass/1/rate/4').set(auth());
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual(ok(200, rateOut({ id: 4, rate: '100.0000' })));
      const removed5 = await t.http.delete('/taxclasses/3/rates/5').set(auth());
      expect(removed5.body.data).toEqual(rateOut({ id: 5, tax_class_id: 3, country: 'DE', rate: '0.0000' }));
      expect((await t.http.get('/taxclass/1/rate/4').set(auth())).status).toBe(404);
      expect(await t.sql('SELECT id FROM tax_rates ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    });
  });

  describe('embedding rates', () => {
    it('embeds the rates of every class on the list, in one query for the page', async () => {
      const plain = await t.http.get('/taxclasses').set(auth());
      expect(plain.body.data[0]).not.toHaveProperty('rates');

      queryCounter.reset();
      await t.http.get('/taxclasses').set(auth());
      const without = queryCounter.count;
      queryCounter.reset();
      const list = await t.http.get('/taxclasses?embed=rates').set(auth());
      expect(queryCounter.count).toBe(without + 1);

      expect(list.status).toBe(200);
      const rates1 = (await t.http.get('/taxclass/1/rates').set(auth())).body.data;
      expect(rates1).toHaveLength(3);
      expect(list.body.data).toEqual([
        { ...(await t.http.get('/taxclass/1').set(auth())).body.data, rates: { data: rates1 } },
        { ...(await t.http.get('/taxclass/2').set(auth())).body.data, rates: { data: [] } },
        { ...(await t.http.get('/taxclass/3').set(auth())).body.data, rates: { data: [] } },
      ]);
    });

    it('embeds on an item, and refuses unknown embeds', async () => {
      const item = await t.http.get('/taxclasses/1?embed=rates').set(auth());
      expect(item.status).toBe(200);
      expect(item.body.data.rates.data.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
      expect(item.body.data.rates.data[2]).toEqual(
        rateOut({ id: 3, country: 'CA', state: 'QC', zip: 'H2X 1Y4', rate: '9.9750', priority: 2, tax_name: 'QST', is_compound: 1 }),
      );
      expect((await t.http.get('/taxclass/1?embed=states').set(auth())).body).toEqual(
        fail(422, { embed: ['unknown "states"; allowed: rates'] }),
      );
      expect((await t.http.get('/taxclass/1/rates?embed=rates').set(auth())).body).toEqual(
        fail(422, { embed: ['unknown "rates"; allowed: none'] }),
      );
    });
  });

  describe('scopes and preconditions', () => {
    it('needs tax:write to write and tax:read to read', async () => {
      const read = await t.token(['tax:read']);
      expect((await t.http.get('/taxclasses').set(auth(read))).status).toBe(200);
      expect((await t.http.get('/taxclass/1/rate/1').set(auth(read))).status).toBe(200);
      const denied = fail(403, 'The access token lacks the scope "tax:write".');
      expect((await t.http.post('/taxclass').set(auth(read)).send({ name: 'X' })).body).toEqual(denied);
      expect((await t.http.patch('/taxclass/1/rate/1').set(auth(read)).send({ rate: 1 })).body).toEqual(denied);
      expect((await t.http.delete('/taxclasses/2').set(auth(read))).body).toEqual(denied);

      const catalog = await t.token(['catalog:read', 'catalog:write']);
      const noRead = fail(403, 'The access token lacks the scope "tax:read".');
      expect((await t.http.get('/taxclasses').set(auth(catalog))).body).toEqual(noRead);
      expect((await t.http.get('/taxclass/1/rates').set(auth(catalog))).body).toEqual(noRead);
      expect(await t.sql('SELECT count(*)::int AS n FROM tax_classes')).toEqual([{ n: 3 }]);
    });

    it('answers 412 when If-Match is stale, on a class and on a rate', async () => {
      const cls = await t.http.get('/taxclass/2').set(auth());
      const stale = await t.http.patch('/taxclass/2').set(auth()).set('If-Match', '"stale"').send({ name: 'Nope' });
      expect(stale.status).toBe(412);
      expect(stale.body).toEqual(fail(412, 'The resource has changed: If-Match does not match its current ETag.'));
      const fresh = await t.http.patch('/taxclass/2').set(auth()).set('If-Match', cls.headers.etag).send({ description: 'Reduced goods' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.description).toBe('Reduced goods');
      // The ETag read before the change is stale now.
      expect((await t.http.delete('/taxclass/2').set(auth()).set('If-Match', cls.headers.etag)).status).toBe(412);

      const rate = await t.http.get('/taxclass/1/rates/1').set(auth());
      expect((await t.http.delete('/taxclass/1/rates/1').set(auth()).set('If-Match', '"stale"')).status).toBe(412);
      const patched = await t.http.patch('/taxclass/1/rates/1').set(auth()).set('If-Match', rate.headers.etag).send({ priority: 5 });
      expect(patched.body.data.priority).toBe(5);
    });
  });

  describe('deleting a class', () => {
    it('deletes its rates with it and answers with the class', async () => {
      const before = (await t.http.get('/taxclasses/1').set(auth())).body.data;
      const removed = await t.http.delete('/taxclasses/1').set(auth());
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual(ok(200, before));
      expect((await t.http.get('/taxclass/1').set(auth())).status).toBe(404);
      expect(await t.sql('SELECT count(*)::int AS n FROM tax_rates')).toEqual([{ n: 0 }]);
      expect(await defaults()).toEqual([]);
    });

    it('answers 409 while another table still references the class', async () => {
      // Stands in for products.tax_class_id (FK RESTRICT), which another module owns.
      await t.sql('CREATE TABLE priced_items (id serial PRIMARY KEY, tax_class_id integer REFERENCES tax_classes (id) ON DELETE RESTRICT)');
      await t.sql('INSERT INTO priced_items (tax_class_id) VALUES (3)');
      await t.http.post('/taxclass/3/rate').set(auth()).send({ rate: 5 });
      const refused = await t.http.delete('/taxclass/3').set(auth());
      expect(refused.body).toEqual(fail(409, 'The resource is still in use by priced items and cannot be deleted.'));
      expect((await t.http.get('/taxclass/3/rates').set(auth())).body.data).toHaveLength(1);
      await t.sql('DROP TABLE priced_items');
      expect((await t.http.delete('/taxclass/3').set(auth())).status).toBe(200);
    });
  });
});
