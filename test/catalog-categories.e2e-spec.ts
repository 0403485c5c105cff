import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';

describeE2E('catalog: categories, product category links and product custom fields', () => {
  let t: TestApp;
  let token: string;
  const auth = (tk = token) => ({ Authorization: `Bearer ${tk}` });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await bootTestApp('catalog_categories');
    token = await t.token(['catalog:*', 'custom_fields:*']);
  });
  afterAll(() => t?.close());

  describe('categories', () => {
    it('creates a category with defaults and a derived url_name', async () => {
      const res = await t.http.post('/category').set(auth()).send({ name: 'Home & Garden' });
      expect(res.status).toBe(201);
      ids.home = res.body.data.id;
      expect(res.body).toEqual({
        meta: { status: 201, success: true },
        data: {
          id: ids.home,
          name: 'Home & Garden',
          url_name: 'home-garden',
          title: null,
          description: null,
          api_code: null,
          is_visible: 1,
          parent_id: null,
          sort_order: 0,
          created_at: TS,
          updated_at: TS,
        },
      });
      const full = await t.http.post('/categories').set(auth()).send({
        name: 'Kitchen',
        url_name: 'the-kitchen',
        title: 'Kitchen things',
        description: 'Pots',
        api_code: 'kitchen',
        is_visible: 0,
        parent_id: ids.home,
        sort_order: 4,
      });
      expect(full.status).toBe(201);
      ids.kitchen = full.body.data.id;
      expect(full.body.data).toEqual({
        id: ids.kitchen,
        name: 'Kitchen',
        url_name: 'the-kitchen',
        title: 'Kitchen things',
        description: 'Pots',
        api_code: 'kitchen',
        is_visible: 0,
        parent_id: ids.home,
        sort_order: 4,
        created_at: TS,
        updated_at: TS,
      });
      ids.pans = (await t.http.post('/category').set(auth()).send({ name: 'Pans', parent_id: ids.kitchen })).body.data.id;
      const again = await t.http.post('/category').set(auth()).send({ name: 'Home  &  garden' });
      expect(again.body.data.url_name).toBe('home-garden-2');
      ids.home2 = again.body.data.id;
      expect((await t.http.get(`/category/${ids.kitchen}`).set(auth())).body.data).toEqual(full.body.data);
      expect((await t.http.get(`/categories/${ids.kitchen}`).set(auth())).body.data).toEqual(full.body.data);
    });

    it('lists and sorts categories, and pages them', async () => {
      const res = await t.http.get('/categories?sort=sort_order&order=desc').set(auth());
      expect(res.status).toBe(200);
      // Ties on sort_order fall back to the id, in the same direction.
      expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([ids.kitchen, ids.home2, ids.pans, ids.home]);
      expect(res.body.meta.pagination.total).toBe(4);
      const page = await t.http.get('/categories?limit=3&page=2').set(auth());
      expect(page.body.data.map((c: { id: number }) => c.id)).toEqual([ids.home2]);
      expect(page.body.meta.pagination).toEqual({ total: 4, count: 1, limit: 3, page: 2, total_pages: 2, next_cursor: null });
      expect((await t.http.get('/categories?sort=url_name').set(auth())).status).toBe(422);
    });

    it('refuses taken url_name and api_code, unknown parents and cycles', async () => {
      const dup = await t.http.post('/category').set(auth()).send({ name: 'X', url_name: 'the-kitchen', api_code: 'kitchen' });
      expect(dup.status).toBe(422);
      expect(dup.body.error.message).toEqual({ url_name: ['is already in use'], api_code: ['is already in use'] });
      const ghost = await t.http.post('/category').set(auth()).send({ name: 'X', parent_id: 9999 });
      expect(ghost.body.error.message).toEqual({ parent_id: ['does not exist'] });
      const self = await t.http.patch(`/category/${ids.kitchen}`).set(auth()).send({ parent_id: ids.kitchen });
      expect(self.status).toBe(422);
      expect(self.body.error.message).toEqual({ parent_id: ['must not be the category itself or one of its descendants'] });
      const below = await t.http.patch(`/category/${ids.home}`).set(auth()).send({ parent_id: ids.pans });
      expect(below.body.error.message).toEqual({ parent_id: ['must not be the category itself or one of its descendants'] });
      const bad = await t.http.post('/category').set(auth()).send({ api_code: 'has space', is_visible: 2 });
      expect(bad.body.error.message).toEqual({
        name: ['is required'],
        api_code: ['must hold only letters, digits and - _ .'],
        is_visible: ['must be a boolean or 0/1'],
      });
      const moved = await t.http.patch(`/category/${ids.pans}`).set(auth()).send({ parent_id: ids.home, name: 'Pots & Pans' });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ parent_id: ids.home, name: 'Pots & Pans', url_name: 'pans' });
    });

    it('answers 404 for unknown categories; categories are addressed by id only', async () => {
      expect((await t.http.get('/category/9999').set(auth())).status).toBe(404);
      const byCode = await t.http.get('/category/kitchen').set(auth());
      expect(byCode.status).toBe(404);
      expect(byCode.body.error.message).toBe('Category kitchen was not found.');
    });
  });

  describe('product links', () => {
    let productId: number;

    it('links one or several categories, idempotently, answering the linked categories in link order', async () => {
      productId = (await t.http.post('/product').set(auth()).send({ name: 'Pan', sku: '4242' })).body.data.id;
      const one = await t.http.post('/product/4242/categories').set(auth()).send({ category_id: ids.kitchen });
      expect(one.status).toBe(200);
      const kitchen = (await t.http.get(`/category/${ids.kitchen}`).set(auth())).body.data;
      const home = (await t.http.get(`/category/${ids.home}`).set(auth())).body.data;
      const pans = (await t.http.get(`/category/${ids.pans}`).set(auth())).body.data;
      expect(one.body).toEqual({ meta: { status: 200, success: true }, data: [kitchen] });
      const many = await t.http
        .post(`/product/${productId}/category`)
        .set(auth())
        .send({ category_ids: [ids.pans, ids.kitchen, ids.home] });
      expect(many.body.data).toEqual([kitchen, pans, home]);
      expect((await t.http.get('/product/4242').set(auth())).body.data.category).toBe('Kitchen');
      const list = await t.http.get('/product/4242/categories?sort=name').set(auth());
      expect(list.body.data).toEqual([home, kitchen, pans]);
      expect((await t.http.get(`/product/4242/category/${ids.pans}`).set(auth())).body.data).toEqual(pans);
      expect((await t.http.get(`/product/4242/categories/${ids.pans}`).set(auth())).body.data).toEqual(pans);
    });

    it('refuses a body without a category, with both keys, or with unknown categories', async () => {
      const none = await t.http.post('/product/4242/categories').set(auth()).send({});
      expect(none.status).toBe(422);
      expect(none.body.error.message).toEqual({ category_id: ['is required (or category_ids)'] });
      const both = await t.http
        .post('/product/4242/categories')
        .set(auth())
        .send({ category_id: ids.home, category_ids: [ids.home] });
      expect(both.body.error.message).toEqual({ category_ids: ['must not be sent with category_id'] });
      const ghost = await t.http.post('/product/4242/categories').set(auth()).send({ category_id: 9999 });
      expect(ghost.body.error.message).toEqual({ category_id: ['does not exist'] });
      const ghosts = await t.http
        .post('/product/4242/categories')
        .set(auth())
        .send({ category_ids: [ids.home, 9999] });
      expect(ghosts.body.error.message).toEqual({ 'category_ids.1': ['does not exist'] });
      expect((await t.http.post('/product/NOPE/categories').set(auth()).send({ category_id: ids.home })).status).toBe(404);
    });

    it('unlinks one category (404 when not linked) and then all', async () => {
      const kitchen = (await t.http.get(`/category/${ids.kitchen}`).set(auth())).body.data;
      const res = await t.http.delete(`/product/4242/category/${ids.kitchen}`).set(auth());
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(kitchen);
      expect((await t.http.get('/product/4242').set(auth())).body.data.category).toBe('Pots & Pans');
      const notLinked = await t.http.get(`/product/4242/category/${ids.kitchen}`).set(auth());
      expect(notLinked.status).toBe(404);
      expect(notLinked.body.error.message).toBe(`Category ${ids.kitchen} is not linked to the product.`);
      expect((await t.http.delete(`/product/4242/category/${ids.kitchen}`).set(auth())).status).toBe(404);
      const all = await t.http.delete('/product/4242/categories').set(auth());
      expect(all.status).toBe(200);
      expect(all.body).toEqual({ meta: { status: 200, success: true }, data: [] });
      expect((await t.http.get('/product/4242/categories').set(auth())).body.data).toEqual([]);
      expect((await t.http.get('/product/4242').set(auth())).body.data.category).toBeNull();
    });

    it('deleting a category unlinks it from products and makes its children top-level', async () => {
      await t.http
        .post('/product/4242/categories')
        .set(auth())
        .send({ category_ids: [ids.home, ids.kitchen] });
      const home = (await t.http.get(`/category/${ids.home}`).set(auth())).body.data;
      const res = await t.http.delete(`/category/${ids.home}`).set(auth());
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(home);
      expect((await t.http.get(`/category/${ids.home}`).set(auth())).status).toBe(404);
      expect((await t.http.get(`/category/${ids.pans}`).set(auth())).body.data.parent_id).toBeNull();
      expect((await t.http.get(`/category/${ids.kitchen}`).set(auth())).body.data.parent_id).toBeNull();
      expect((await t.http.get('/product/4242').set(auth())).body.data.category).toBe('Kitchen');
    });

    it('needs catalog:write to link', async () => {
      const reader = await t.token(['catalog:read']);
      expect((await t.http.get('/product/4242/categories').set(auth(reader))).status).toBe(200);
      expect((await t.http.post('/product/4242/categories').set(auth(reader)).send({ category_id: ids.pans })).status).toBe(403);
      expect((await t.http.delete('/product/4242/categories').set(auth(reader))).status).toBe(403);
      expect((await t.http.post('/category').set(auth(reader)).send({ name: 'x' })).status).toBe(403);
    });
  });

  describe('product custom fields', () => {
    beforeAll(async () => {
      const define = (body: object) => t.http.post('/customfielddefinitions').set(auth()).send(body);
      await define({ name: 'origin', label: 'Origin', entity: 'product', type: 'string', sort_order: 1 });
      await define({ name: 'pieces', label: 'Pieces', entity: 'product', type: 'integer', default_value: '1', sort_order: 2 });
      await define({
        name: 'finish',
        label: 'Finish',
        entity: 'product',
        type: 'select',
        options: ['matte', 'gloss'],
        is_required: true,
        sort_order: 3,
      });
      await define({ name: 'vip_note', label: 'VIP note', entity: 'customer', type: 'string' });
    });

    it('lists every product definition with the value, the default or null', async () => {
      const res = await t.http.get('/product/4242/customfields').set(auth());
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { name: 'origin', label: 'Origin', type: 'string', value: null },
        { name: 'pieces', label: 'Pieces', type: 'integer', value: '1' },
        { name: 'finish', label: 'Finish', type: 'select', value: null },
      ]);
    });

    it('sets a value checked by the definition type, reads it and clears it', async () => {
      const bad = await t.http.patch('/product/4242/customfield/pieces').set(auth()).send({ value: 'many' });
      expect(bad.status).toBe(422);
      expect(bad.body.error.message).toEqual({ value: ['must be an integer'] });
      const badSelect = await t.http.patch('/product/4242/customfield/finish').set(auth()).send({ value: 'shiny' });
      expect(badSelect.body.error.message).toEqual({ value: ['must be one of: matte, gloss'] });
      const missing = await t.http.patch('/product/4242/customfield/pieces').set(auth()).send({});
      expect(missing.body.error.message).toEqual({ value: ['is required'] });

      const res = await t.http.patch('/product/4242/customfield/pieces').set(auth()).send({ value: 12 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        meta: { status: 200, success: true },
        data: { name: 'pieces', label: 'Pieces', type: 'integer', value: '12' },
      });
      expect((await t.http.patch('/product/4242/customfield/pieces').set(auth()).send({ value: ' 13 ' })).body.data.value).toBe('13');
      expect((await t.http.get('/product/4242/customfield/pieces').set(auth())).body.data.value).toBe('13');
      expect((await t.http.get('/products/4242/customfields/pieces').set(auth())).body.data.value).toBe('13');
      await t.http.patch('/product/4242/customfield/finish').set(auth()).send({ value: 'gloss' });
      const required = await t.http.patch('/product/4242/customfield/finish').set(auth()).send({ value: null });
      expect(required.status).toBe(422);
      expect(required.body.error.message).toEqual({ value: ['is required'] });
      const cleared = await t.http.patch('/product/4242/customfield/pieces').set(auth()).send({ value: null });
      expect(cleared.body.data).toEqual({ name: 'pieces', label: 'Pieces', type: 'integer', value: '1' });
      expect(await t.sql(`SELECT value FROM product_custom_field_values ORDER BY id`)).toEqual([{ value: 'gloss' }]);
    });

    it('answers 404 for unknown names, definitions of other entities and unknown products', async () => {
      const unknown = await t.http.get('/product/4242/customfield/nope').set(auth());
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Custom field nope was not found.');
      expect((await t.http.get('/product/4242/customfield/vip_note').set(auth())).status).toBe(404);
      expect((await t.http.patch('/product/4242/customfield/vip_note').set(auth()).send({ value: 'x' })).status).toBe(404);
      expect((await t.http.get('/product/NOPE/customfields').set(auth())).status).toBe(404);
    });

    it('answers 412 for a stale If-Match', async () => {
      const res = await t.http.patch('/product/4242/customfield/origin').set(auth()).set('If-Match', '"nope"').send({ value: 'Delft' });
      expect(res.status).toBe(412);
      const current = await t.http.get('/product/4242/customfield/origin').set(auth());
      const ok = await t.http
        .patch('/product/4242/customfield/origin')
        .set(auth())
        .set('If-Match', current.headers.etag)
        .send({ value: 'Delft' });
      expect(ok.body.data.value).toBe('Delft');
    });
  });
});
