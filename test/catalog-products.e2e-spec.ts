import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail } from './support/envelope.js';

const US_DATE = expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/);

/** The product object with every default, as POST /product answers a product with only a name. */
function defaults(id: number, name: string, url_name: string) {
  return {
    id,
    name,
    sku: null,
    url_name,
    title: null,
    barcode: null,
    description: '',
    short_description: null,
    meta_description: null,
    meta_keywords: null,
    description_stripped: '',
    base_price: '0.00',
    weight: '0.00',
    out_of_stock_threshold: '0.00',
    cost: null,
    depth: null,
    width: null,
    height: null,
    low_stock_threshold: null,
    in_stock_amount: null,
    sale_price_or_discount: null,
    sort_order: null,
    expected_availability_date: null,
    enabled: 1,
    enabled_backend: 1,
    is_on_sale: 0,
    track_inventory: 0,
    allow_preorder: 0,
    hide_out_of_stock: 0,
    allow_negative_stock: 0,
    is_catalog_visible: 1,
    is_search_visible: 1,
    enable_product_shipping_rates: 0,
    is_subscription_only: 0,
    created_at: TS,
    updated_at: TS,
    date_created: US_DATE,
    date_updated: US_DATE,
    options: [],
    category: null,
    manufacturer: null,
    tax_class: null,
    type: 'Goods',
    sku_id: `ID-${id}`,
    list_base_price: '$0.00',
    list_in_stock_amount: 0,
    product_type_id: 1,
    rating_average: null,
    rating_count: 0,
  };
}

describeE2E('catalog: products', () => {
  let t: TestApp;
  let token: string;
  const auth = (tk = token) => ({ Authorization: `Bearer ${tk}` });
  let standardId: number;
  let reducedId: number;
  let kitchenId: number;
  let giftsId: number;

  beforeAll(async () => {
    t = await bootTestApp('catalog_products');
    token = await t.token(['catalog:*']);
    [{ id: standardId }, { id: reducedId }] = await t.sql<{ id: number }>(
      `INSERT INTO tax_classes (name) VALUES ('Standard'), ('Reduced') RETURNING id`,
    );
    [{ id: kitchenId }, { id: giftsId }] = await t.sql<{ id: number }>(
      `INSERT INTO categories (name, url_name) VALUES ('Kitchen', 'kitchen'), ('Gifts', 'gifts') RETURNING id`,
    );
  });
  afterAll(() => t?.close());

  const create = (body: object) => t.http.post('/product').set(auth()).send(body);

  describe('create and read', () => {
    it('creates a product with only a name: every field present with its default', async () => {
      const res = await create({ name: 'Plain Thing' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ meta: { status: 201, success: true }, data: defaults(res.body.data.id, 'Plain Thing', 'plain-thing') });
      const now = new Date();
      const mmddyyyy = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCDate()).padStart(2, '0')}/${now.getUTCFullYear()}`;
      expect(res.body.data.date_created).toBe(mmddyyyy);
      expect(res.body.data.updated_at).toBe(res.body.data.created_at);
    });

    it('stores every field and derives the display fields', async () => {
      const body = {
        name: 'Crème Mug',
        sku: 'MUG-1',
        title: 'The mug',
        barcode: '4006381333931',
        description: '<p>Big &amp; <b>blu</b>e</p><p>Dish-washer&nbsp;safe</p>',
        short_description: 'A mug',
        meta_description: 'meta',
        meta_keywords: 'mug, cup',
        base_price: 1234.5,
        weight: '0.35',
        out_of_stock_threshold: '2',
        cost: '4.10',
        depth: 10,
        width: '8.5',
        height: '9.25',
        low_stock_threshold: 5,
        in_stock_amount: 40,
        sale_price_or_discount: '15%',
        sort_order: 3,
        expected_availability_date: '2031-02-28',
        enabled: 0,
        enabled_backend: false,
        is_on_sale: 1,
        track_inventory: true,
        allow_preorder: 1,
        hide_out_of_stock: 1,
        allow_negative_stock: 1,
        is_catalog_visible: 0,
        is_search_visible: 0,
        enable_product_shipping_rates: 1,
        is_subscription_only: 1,
        manufacturer: 'Acme',
        type: 'Physical',
        tax_class_id: reducedId,
        category_ids: [giftsId, kitchenId],
      };
      const res = await create(body);
      expect(res.status).toBe(201);
      const id = res.body.data.id;
      expect(res.body.data).toEqual({
        id,
        name: 'Crème Mug',
        sku: 'MUG-1',
        url_name: 'creme-mug',
        title: 'The mug',
        barcode: '4006381333931',
        description: '<p>Big &amp; <b>blu</b>e</p><p>Dish-washer&nbsp;safe</p>',
        short_description: 'A mug',
        meta_description: 'meta',
        meta_keywords: 'mug, cup',
        description_stripped: 'Big & blue Dish-washer safe',
        base_price: '1234.50',
        weight: '0.35',
        out_of_stock_threshold: '2.00',
        cost: '4.10',
        depth: '10.00',
        width: '8.50',
        height: '9.25',
        low_stock_threshold: 5,
        in_stock_amount: 40,
        sale_price_or_discount: '15%',
        sort_order: 3,
        expected_availability_date: '2031-02-28',
        enabled: 0,
        enabled_backend: 0,
        is_on_sale: 1,
        track_inventory: 1,
        allow_preorder: 1,
        hide_out_of_stock: 1,
        allow_negative_stock: 1,
        is_catalog_visible: 0,
        is_search_visible: 0,
        enable_product_shipping_rates: 1,
        is_subscription_only: 1,
        created_at: TS,
        updated_at: TS,
        date_created: US_DATE,
        date_updated: US_DATE,
        options: [],
        category: 'Gifts',
        manufacturer: 'Acme',
        tax_class: 'Reduced',
        type: 'Physical',
        sku_id: `ID-${id}`,
        list_base_price: '$1,234.50',
        list_in_stock_amount: 40,
        product_type_id: 1,
        rating_average: null,
        rating_count: 0,
      });
      const byId = await t.http.get(`/product/${id}`).set(auth());
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual({ meta: { status: 200, success: true }, data: res.body.data });
      const bySku = await t.http.get('/product/MUG-1').set(auth());
      expect(bySku.body.data).toEqual(res.body.data);
      const plural = await t.http.get('/products/MUG-1').set(auth());
      expect(plural.body.data).toEqual(res.body.data);
    });

    it('reads a numeric SKU that is not an id by SKU, and an id before an equal SKU', async () => {
      const numeric = await create({ name: 'Numeric', sku: '987654' });
      const byNumber = await t.http.get('/product/987654').set(auth());
      expect(byNumber.status).toBe(200);
      expect(byNumber.body.data.id).toBe(numeric.body.data.id);
      // A product whose SKU is another product's id: the id wins.
      const shadow = await create({ name: 'Shadow', sku: String(numeric.body.data.id) });
      const byId = await t.http.get(`/product/${numeric.body.data.id}`).set(auth());
      expect(byId.body.data.id).toBe(numeric.body.data.id);
      expect(shadow.status).toBe(201);
    });

    it('answers 404 for an unknown id or SKU', async () => {
      const res = await t.http.get('/product/NOPE-404').set(auth());
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ meta: { status: 404, success: false }, error: { message: 'Product NOPE-404 was not found.' } });
      expect((await t.http.get('/product/99999').set(auth())).status).toBe(404);
      expect((await t.http.patch('/product/99999').set(auth()).send({ name: 'x' })).status).toBe(404);
      expect((await t.http.delete('/product/99999').set(auth())).status).toBe(404);
    });

    it('POST /product/{id|sku} and POST /products create like POST /product', async () => {
      const res = await t.http.post('/product/whatever').set(auth()).send({ name: 'Via Segment' });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual(defaults(res.body.data.id, 'Via Segment', 'via-segment'));
      const plural = await t.http.post('/products').set(auth()).send({ name: 'Via Plural' });
      expect(plural.status).toBe(201);
      expect(plural.body.data.url_name).toBe('via-plural');
    });
  });

  describe('unique sku and url_name', () => {
    it('derives url_name from the name, suffixing -2, -3 to stay unique', async () => {
      const a = await create({ name: 'Tea Pot!' });
      const b = await create({ name: 'tea pot' });
      const c = await create({ name: 'TEA   POT' });
      expect([a.body.data.url_name, b.body.data.url_name, c.body.data.url_name]).toEqual(['tea-pot', 'tea-pot-2', 'tea-pot-3']);
      const blank = await create({ name: '!!!' });
      expect(blank.body.data.url_name).toBe('product');
    });

    it('refuses a taken sku or url_name with 422 "is already in use", both at once', async () => {
      await create({ name: 'Original', sku: 'DUP-1', url_name: 'original-x' });
      const res = await create({ name: 'Copy', sku: 'DUP-1', url_name: 'original-x' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        meta: { status: 422, success: false },
        error: { message: { sku: ['is already in use'], url_name: ['is already in use'] } },
      });
      const other = await create({ name: 'Other', sku: 'DUP-2' });
      const patch = await t.http.patch(`/product/${other.body.data.id}`).set(auth()).send({ sku: 'DUP-1' });
      expect(patch.status).toBe(422);
      expect(patch.body.error.message).toEqual({ sku: ['is already in use'] });
      // Its own values are not a conflict.
      const same = await t.http.patch('/product/DUP-2').set(auth()).send({ sku: 'DUP-2', url_name: other.body.data.url_name });
      expect(same.status).toBe(200);
    });
  });

  describe('validation', () => {
    it('takes an availability date from year 0001, four digits out, and refuses year 0000 with a 422', async () => {
      const early = await create({ name: 'Early', sku: 'EARLY-DATE', base_price: '1.00', expected_availability_date: '0404-02-29' });
      expect(early.status).toBe(201);
      expect(early.body.data.expected_availability_date).toBe('0404-02-29');
      const zero = await create({ name: 'Zero', sku: 'ZERO-DATE', base_price: '1.00', expected_availability_date: '0000-01-01' });
      expect(zero.body).toEqual(fail(422, { expected_availability_date: ['must be a date (YYYY-MM-DD)'] }));
    });

    it('requires a name and reports every invalid field', async () => {
      const res = await create({
        sku: 'has space',
        url_name: 'bad/url',
        base_price: '-1',
        weight: '1.234',
        cost: 'abc',
        low_stock_threshold: -1,
        in_stock_amount: 2147483648,
        sale_price_or_discount: '150%',
        expected_availability_date: '2031-02-30',
        enabled: 'yes',
        tax_class_id: 0,
        category_ids: [1, 'x'],
        title: 'x'.repeat(256),
        colour: 'red',
      });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toEqual({
        name: ['is required'],
        sku: ['must be 1 to 64 characters without white space'],
        url_name: ['must hold only letters, digits and - _ . ~'],
        base_price: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
        weight: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
        cost: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
        low_stock_threshold: ['must be at least 0'],
        in_stock_amount: ['must be at most 2147483647'],
        sale_price_or_discount: ['must be a sale price ("12.00"), an amount off ("-2.50") or a percentage off up to 100 ("15%")'],
        expected_availability_date: ['must be a date (YYYY-MM-DD)'],
        enabled: ['must be a boolean or 0/1'],
        tax_class_id: ['must be at least 1'],
        category_ids: ['must be an array of at most 100 ids (integers from 1 to 2147483647)'],
        title: ['must be at most 255 characters'],
        colour: ['is not a known field'],
      });
    });

    it('refuses null for fields that have a value, and a blank name', async () => {
      const res = await create({ name: '  ', base_price: null, enabled: null, type: null });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toEqual({
        name: ['must not be blank'],
        base_price: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
        enabled: ['must be a boolean or 0/1'],
        type: ['must be a string'],
      });
    });

    it('refuses a tax class or categories that do not exist', async () => {
      const res = await create({ name: 'Ghost', tax_class_id: 424242, category_ids: [kitchenId, 434343, 454545] });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toEqual({
        tax_class_id: ['does not exist'],
        'category_ids.1': ['does not exist'],
        'category_ids.2': ['does not exist'],
      });
      expect(await t.sql(`SELECT id FROM products WHERE name = 'Ghost'`)).toEqual([]);
    });
  });

  describe('update', () => {
    it('changes only the fields sent, replaces the category links and moves updated_at', async () => {
      const created = await create({
        name: 'Kettle',
        sku: 'KETTLE',
        base_price: '30',
        category_ids: [kitchenId],
        tax_class_id: standardId,
      });
      expect(created.body.data.category).toBe('Kitchen');
      await t.sql(
        `UPDATE products SET created_at = created_at - interval '2 days', updated_at = updated_at - interval '2 days' WHERE sku = 'KETTLE'`,
      );
      const res = await t.http
        .patch('/product/KETTLE')
        .set(auth())
        .send({
          base_price: '27.5',
          description: null,
          category_ids: [giftsId],
          tax_class_id: null,
          sku: null,
        });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ...defaults(created.body.data.id, 'Kettle', 'kettle'),
        base_price: '27.50',
        list_base_price: '$27.50',
        category: 'Gifts',
      });
      expect(res.body.data.updated_at > res.body.data.created_at).toBe(true);
      expect(res.body.data.date_updated).not.toBe(res.body.data.date_created);
      const links = await t.sql(`SELECT category_id FROM product_categories WHERE product_id = $1`, [created.body.data.id]);
      expect(links).toEqual([{ category_id: giftsId }]);
    });

    it('keeps existing links first when category_ids adds to them', async () => {
      const p = await create({ name: 'Links', category_ids: [giftsId] });
      const res = await t.http
        .patch(`/product/${p.body.data.id}`)
        .set(auth())
        .send({ category_ids: [kitchenId, giftsId] });
      expect(res.body.data.category).toBe('Gifts');
      const cleared = await t.http.patch(`/product/${p.body.data.id}`).set(auth()).send({ category_ids: [] });
      expect(cleared.body.data.category).toBeNull();
    });

    it('answers 412 when If-Match is not the current ETag, and applies it when it is', async () => {
      const p = await create({ name: 'Conditional' });
      const current = await t.http.get(`/product/${p.body.data.id}`).set(auth());
      const stale = await t.http.patch(`/product/${p.body.data.id}`).set(auth()).set('If-Match', '"stale"').send({ name: 'New' });
      expect(stale.status).toBe(412);
      const fresh = await t.http
        .patch(`/product/${p.body.data.id}`)
        .set(auth())
        .set('If-Match', current.headers.etag)
        .send({ name: 'New' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.name).toBe('New');
      expect(fresh.body.data.url_name).toBe('conditional');
    });
  });

  describe('delete', () => {
    it('answers the deleted product and takes its sub-resources with it', async () => {
      const p = await create({ name: 'Doomed', sku: 'DOOMED', category_ids: [kitchenId] });
      const id = p.body.data.id;
      for (const [path, body] of [
        ['option', { name: 'Size', values: ['S'] }],
        ['variant', { sku: 'DOOMED-S', options: { Size: 'S' } }],
        ['extra', { sku: 'WRAP', name: 'Wrap' }],
        ['attribute', { name: 'Material', value: 'Clay' }],
        ['pricetier', { quantity: 2, price: '1.00' }],
      ] as const) {
        expect((await t.http.post(`/product/${id}/${path}`).set(auth()).send(body)).status).toBe(201);
      }
      expect((await t.http.post('/variant/DOOMED-S/pricetier').set(auth()).send({ quantity: 3, price: '1.00' })).status).toBe(201);
      const before = await t.http.get(`/product/${id}`).set(auth());
      const res = await t.http.delete('/product/DOOMED').set(auth());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ meta: { status: 200, success: true }, data: before.body.data });
      expect((await t.http.get(`/product/${id}`).set(auth())).status).toBe(404);
      const left = await t.sql<{ n: number }>(
        `SELECT (SELECT count(*) FROM product_options WHERE product_id = $1) + (SELECT count(*) FROM product_variants WHERE product_id = $1)
          + (SELECT count(*) FROM product_extras WHERE product_id = $1) + (SELECT count(*) FROM product_attributes WHERE product_id = $1)
          + (SELECT count(*) FROM product_price_tiers WHERE product_id = $1) + (SELECT count(*) FROM product_categories WHERE product_id = $1)
          + (SELECT count(*) FROM variant_price_tiers) AS n`,
        [id],
      );
      expect(Number(left[0].n)).toBe(0);
    });

    it('answers 409 for a product still referenced elsewhere', async () => {
      const p = await create({ name: 'In use' });
      await t.sql(`CREATE TABLE IF NOT EXISTS test_product_refs (product_id integer NOT NULL REFERENCES products(id) ON DELETE RESTRICT)`);
      await t.sql(`INSERT INTO test_product_refs VALUES ($1)`, [p.body.data.id]);
      const res = await t.http.delete(`/product/${p.body.data.id}`).set(auth());
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        meta: { status: 409, success: false },
        error: { message: 'The resource is still in use by test product refs and cannot be deleted.' },
      });
      expect((await t.http.get(`/product/${p.body.data.id}`).set(auth())).status).toBe(200);
    });
  });

  describe('list', () => {
    it('pages, sorts and filters by cursor', async () => {
      const all = await t.http.get('/products?limit=250').set(auth());
      expect(all.status).toBe(200);
      const total = all.body.meta.pagination.total;
      expect(all.body.data).toHaveLength(total);
      expect(all.body.data.map((p: { id: number }) => p.id)).toEqual(
        [...all.body.data.map((p: { id: number }) => p.id)].sort((a, b) => a - b),
      );

      const page2 = await t.http.get('/products?limit=2&page=2').set(auth());
      expect(page2.body.data.map((p: { id: number }) => p.id)).toEqual(all.body.data.slice(2, 4).map((p: { id: number }) => p.id));
      expect(page2.body.meta.pagination).toEqual({
        total,
        count: 2,
        limit: 2,
        page: 2,
        total_pages: Math.ceil(total / 2),
        next_cursor: all.body.data[3].id,
      });

      const byPrice = await t.http.get('/products?sort=base_price&order=desc&limit=1').set(auth());
      expect(byPrice.body.data[0].sku).toBe('MUG-1');

      const cursor = await t.http.get(`/products?cursor=${all.body.data[total - 2].id}`).set(auth());
      expect(cursor.body.data.map((p: { id: number }) => p.id)).toEqual([all.body.data[total - 1].id]);

      const bad = await t.http.get('/products?sort=cost&limit=0').set(auth());
      expect(bad.status).toBe(422);
      expect(bad.body.error.message).toEqual({ limit: ['must be at least 1'] });
      const badSort = await t.http.get('/products?sort=cost').set(auth());
      expect(badSort.body.error.message).toEqual({
        sort: ['must be one of: id, name, sku, base_price, created_at, updated_at, sort_order, rating_average'],
      });
    });
  });

  describe('methods', () => {
    it('answers OPTIONS with the methods of each path and 405 for others', async () => {
      const allow = async (path: string) => (await t.http.options(path).set(auth())).headers.allow;
      expect(await allow('/product/MUG-1')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(await allow('/products')).toBe('GET, HEAD, POST, PUT, OPTIONS');
      expect(await allow('/product/MUG-1/categories')).toBe('GET, HEAD, POST, PUT, DELETE, OPTIONS');
      expect(await allow('/product/MUG-1/category/1')).toBe('GET, HEAD, DELETE, OPTIONS');
      expect(await allow('/product/MUG-1/customfield/origin')).toBe('GET, HEAD, PUT, PATCH, OPTIONS');
      expect(await allow('/product/MUG-1/attribute/1')).toBe('GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
      expect(await allow('/variant/V-1')).toBe('GET, HEAD, OPTIONS');
      const put = await t.http.put('/variant/V-1').set(auth()).send({ sku: 'V-1' });
      expect(put.status).toBe(405);
      const head = await t.http.head('/product/MUG-1').set(auth());
      expect(head.status).toBe(200);
      expect(head.headers.etag).toBe((await t.http.get('/product/MUG-1').set(auth())).headers.etag);
    });
  });

  describe('scopes', () => {
    it('needs catalog:read to read and catalog:write to write', async () => {
      const reader = await t.token(['catalog:read']);
      const outsider = await t.token(['geography:*']);
      expect((await t.http.get('/products').set(auth(reader))).status).toBe(200);
      expect((await t.http.get('/product/MUG-1').set(auth(reader))).status).toBe(200);
      const write = await t.http.post('/product').set(auth(reader)).send({ name: 'Nope' });
      expect(write.status).toBe(403);
      expect(write.body.error.message).toMatch(/catalog:write/);
      expect((await t.http.patch('/product/MUG-1').set(auth(reader)).send({ name: 'Nope' })).status).toBe(403);
      expect((await t.http.delete('/product/MUG-1').set(auth(reader))).status).toBe(403);
      const read = await t.http.get('/products').set(auth(outsider));
      expect(read.status).toBe(403);
      expect(read.body.error.message).toMatch(/catalog:read/);
    });
  });
});

describeE2E('catalog: list_base_price follows CURRENCY and LOCALE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('catalog_currency', { CURRENCY: 'EUR', LOCALE: 'de-DE' });
  });
  afterAll(() => t?.close());

  it('formats the base price in the configured currency', async () => {
    const token = await t.token();
    const res = await t.http
      .post('/product')
      .set({ Authorization: `Bearer ${token}` })
      .send({ name: 'Euro', base_price: '1234.5' });
    expect(res.body.data.list_base_price).toBe('1.234,50\u00a0€');
  });
});
