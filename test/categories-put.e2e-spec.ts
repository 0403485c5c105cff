import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * PUT on categories (docs/api.md#put-replace-a-resource): `PUT /category/{id|api_code}` replaces a category or creates it
 * by its api_code; `PUT /categories` upserts up to 1,000 by api_code, all or nothing, in a number of
 * statements that does not grow with the members.
 */
describeE2E('PUT on categories: replace, create by api_code, batch', () => {
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
  const category = (fields: Json) => ({
    id: expect.any(Number),
    title: null,
    description: null,
    api_code: null,
    is_visible: 1,
    parent_id: null,
    sort_order: 0,
    created_at: TS,
    updated_at: TS,
    ...fields,
  });

  beforeAll(async () => {
    t = await bootTestApp('categories_put');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });

  afterAll(() => t.close());

  describe('PUT /category/{id|api_code}', () => {
    let mugs: Json;

    it('creates by the api_code of the path (201, url_name from the name, a created event)', async () => {
      const res = await put('/category/mugs', { name: 'Mugs', api_code: 'mugs', sort_order: 3 });
      expect(res.body).toEqual(ok(201, category({ name: 'Mugs', url_name: 'mugs', api_code: 'mugs', sort_order: 3 })));
      mugs = res.body.data as Json;
      expect((await steps.events('category.created', mugs.id)).map((e) => e.data)).toEqual([mugs]);
      // A segment of digits that is no id is an api_code too.
      const digits = await put('/categories/90210', { name: 'Ninety', api_code: '90210' });
      expect(digits.body).toEqual(ok(201, category({ name: 'Ninety', url_name: 'ninety', api_code: '90210' })));
    });

    it('replaces: a field left out takes what a create gives it; by id or api_code', async () => {
      await put(`/category/${mugs.id}`, { name: 'Mugs', api_code: 'mugs', title: 'All mugs', is_visible: false, url_name: 'all-mugs' });
      const res = await put('/category/mugs', { name: 'Mugs', api_code: 'mugs' });
      expect(res.body).toEqual(ok(200, { ...mugs, sort_order: 0, updated_at: TS }));
      const events = await steps.events('category.updated', mugs.id);
      expect(events.map((e) => [e.data.title, e.data.url_name, e.data.is_visible])).toEqual([
        ['All mugs', 'all-mugs', 0],
        [null, 'mugs', 1],
      ]);
    });

    it('a PUT that changes nothing changes nothing: same updated_at and ETag, no event', async () => {
      await t.sql(`UPDATE categories SET updated_at = '2021-01-01Z' WHERE id = $1`, [mugs.id]);
      const stamped = await t.http.get(`/category/${mugs.id}`).set(auth);
      const res = await put(`/category/${mugs.id}`, { name: 'Mugs', api_code: 'mugs', sort_order: 0, is_visible: 1 });
      expect(res.status).toBe(200);
      expect(res.body.data.updated_at).toBe('2021-01-01 00:00:00');
      expect(res.headers.etag).toBe(stamped.headers.etag);
      expect((await steps.events('category.updated', mugs.id)).length).toBe(2);
    });

    it('If-Match: a stale ETag is 412, the current one writes; If-Match on nothing is 412', async () => {
      const stale = await put('/category/mugs', { name: 'Mugs', api_code: 'mugs' }, { 'If-Match': '"stale"' });
      expect(stale.status).toBe(412);
      const current = await t.http.get(`/category/${mugs.id}`).set(auth);
      const fresh = await put('/category/mugs', { name: 'Cups', api_code: 'mugs' }, { 'If-Match': current.headers.etag as string });
      expect(fresh.body).toEqual(ok(200, { ...mugs, name: 'Cups', url_name: 'cups', sort_order: 0, updated_at: TS }));
      expect((await put('/category/plates', { name: 'Plates', api_code: 'plates' }, { 'If-Match': '*' })).status).toBe(412);
    });

    it('422: another api_code than the path’s when nothing has it, a missing name, a parent below the category', async () => {
      expect((await put('/category/bowls', { name: 'Bowls', api_code: 'dishes' })).body).toEqual(
        fail(422, { api_code: ['must be bowls (the key in the path) when no category has it'] }),
      );
      expect((await put('/category/bowls', { name: 'Bowls' })).status).toBe(422);
      expect((await put('/category/mugs', { api_code: 'mugs' })).body).toEqual(fail(422, { name: ['is required'] }));
      const child = (await put('/category/tea-mugs', { name: 'Tea mugs', api_code: 'tea-mugs', parent_id: mugs.id })).body.data as Json;
      expect((await put('/category/mugs', { name: 'Cups', api_code: 'mugs', parent_id: child.id })).body).toEqual(
        fail(422, { parent_id: ['must not be the category itself or one of its descendants'] }),
      );
      expect((await t.http.get('/category/bowls').set(auth)).status).toBe(404);
    });
  });

  describe('PUT /categories', () => {
    it('creates the unknown, replaces the known, leaves the equal ones alone; data in the request’s order', async () => {
      const cups = (await t.http.get('/category/mugs').set(auth)).status;
      expect(cups).toBe(404); // GET addresses categories by id only
      const res = await put('/categories', [
        { name: 'Glasses', api_code: 'glasses', sort_order: 1 },
        { name: 'Cups', api_code: 'mugs' },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ status: 200, success: true, batch: { created: 1, updated: 0, unchanged: 1 } });
      expect(res.body.data).toEqual([
        category({ name: 'Glasses', url_name: 'glasses', api_code: 'glasses', sort_order: 1 }),
        category({ name: 'Cups', url_name: 'cups', api_code: 'mugs' }),
      ]);
      const glasses = res.body.data[0] as Json;
      expect((await steps.events('category.created', glasses.id)).length).toBe(1);

      const again = await put('/categories', [
        { name: 'Cups', api_code: 'mugs', title: 'Cups and mugs' },
        { name: 'Glasses', api_code: 'glasses', sort_order: 1 },
        { name: 'Jugs', api_code: 'jugs', parent_id: glasses.id },
      ]);
      expect(again.body.meta.batch).toEqual({ created: 1, updated: 1, unchanged: 1 });
      expect(again.body.data.map((c: Json) => [c.api_code, c.url_name, c.title, c.parent_id])).toEqual([
        ['mugs', 'cups', 'Cups and mugs', null],
        ['glasses', 'glasses', null, null],
        ['jugs', 'jugs', null, glasses.id],
      ]);
      expect((await steps.events('category.updated', glasses.id)).length).toBe(0);
    });

    it('the statements do not grow with the members', async () => {
      const members = (n: number, from: number, suffix = '') =>
        Array.from({ length: n }, (_, i) => ({ name: `Shelf ${from + i}${suffix}`, api_code: `shelf-${from + i}` }));
      const count = async (body: unknown) => {
        queryCounter.reset();
        const res = await put('/categories', body);
        expect(res.status).toBe(200);
        return queryCounter.count;
      };
      const two = await count(members(2, 0));
      const twenty = await count(members(20, 2));
      // And again, every one of the twenty changed (a new name: a new url_name each).
      const changed = await count(members(20, 2, ' new'));
      expect([two, twenty, changed]).toEqual([two, two, two]);
      expect(two).toBeLessThanOrEqual(10);
    });

    it('all or nothing: invalid members are 422 as N.field and nothing is written', async () => {
      const before = await t.sql('SELECT count(*)::int AS n FROM categories');
      const invalid = await put('/categories', [
        { name: 'Trays', api_code: 'trays' },
        { name: 'Forks', api_code: 'forks', parent_id: 999999 },
        { name: 'Spoons', api_code: 'spoons', url_name: 'glasses' },
        { name: 'Knives' },
        { api_code: 'plates' },
      ]);
      expect(invalid.body).toEqual(
        fail(422, {
          '3.api_code': ['is required'],
          '4.name': ['is required'],
        }),
      );
      const rules = await put('/categories', [
        { name: 'Trays', api_code: 'trays' },
        { name: 'Forks', api_code: 'forks', parent_id: 999999 },
        { name: 'Spoons', api_code: 'spoons', url_name: 'glasses' },
        { name: 'Ladles', api_code: 'ladles', url_name: 'trays-url' },
        { name: 'Whisks', api_code: 'whisks', url_name: 'trays-url' },
      ]);
      expect(rules.body).toEqual(
        fail(422, {
          '1.parent_id': ['does not exist'],
          '2.url_name': ['is already in use'],
          '4.url_name': ["is the same as member 3's"],
        }),
      );
      const duplicate = await put('/categories', [
        { name: 'Trays', api_code: 'trays' },
        { name: 'Trays again', api_code: 'trays' },
      ]);
      expect(duplicate.body).toEqual(fail(422, { '1.api_code': ["is the same as member 0's"] }));
      expect((await put('/categories', { name: 'Trays', api_code: 'trays' })).status).toBe(422);
      expect(await t.sql('SELECT count(*)::int AS n FROM categories')).toEqual(before);
    });

    it('moves checked together: two members made each other’s parent is 422 on both', async () => {
      const [a, b] = (
        await put('/categories', [
          { name: 'Left', api_code: 'left' },
          { name: 'Right', api_code: 'right' },
        ])
      ).body.data as Json[];
      const res = await put('/categories', [
        { name: 'Left', api_code: 'left', parent_id: b.id },
        { name: 'Right', api_code: 'right', parent_id: a.id },
      ]);
      expect(res.body).toEqual(
        fail(422, {
          '0.parent_id': ['must not be the category itself or one of its descendants'],
          '1.parent_id': ['must not be the category itself or one of its descendants'],
        }),
      );
    });

    it('Idempotency-Key: the same batch again answers the stored answer', async () => {
      const body = [{ name: 'Saucers', api_code: 'saucers' }];
      const first = await put('/categories', body, { 'Idempotency-Key': 'batch-cat-1' });
      const replay = await put('/categories', body, { 'Idempotency-Key': 'batch-cat-1' });
      expect(first.body.meta.batch).toEqual({ created: 1, updated: 0, unchanged: 0 });
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });
  });
});
