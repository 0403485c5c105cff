import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

const ALL = 'variants,options,extras,attributes,categories,pricetiers,customfields';

describeE2E('catalog: PUT of a product with its parts', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const put = (path: string, body: unknown) =>
    t.http
      .put(path)
      .set(auth())
      .send(body as object);
  const get = (path: string) => t.http.get(path).set(auth());
  const eventsOf = (id: number) =>
    t
      .sql<{ type: string }>(`SELECT type FROM events WHERE resource = 'product' AND resource_id = $1 ORDER BY id`, [id])
      .then((r) => r.map((e) => e.type));

  let categoryId: number;
  let groupId: number;

  beforeAll(async () => {
    t = await bootTestApp('catalog_put');
    token = await t.token(['catalog:*', 'custom_fields:*', 'customers:*']);
    categoryId = (await t.http.post('/category').set(auth()).send({ name: 'Cups' })).body.data.id;
    groupId = (await t.http.post('/customergroup').set(auth()).send({ name: 'Trade', api_code: 'TRADE' })).body.data.id;
    await t.http.post('/customfielddefinitions').set(auth()).send({ name: 'origin', label: 'Origin', entity: 'product', type: 'string' });
  });
  afterAll(() => t?.close());

  const full = {
    name: 'Cup',
    base_price: '10.00',
    category_ids: [] as number[],
    options: [
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'M'] },
    ],
    variants: [
      { sku: 'CUP-RS', options: { Color: 'Red', Size: 'S' }, base_price: '11.00', price_tiers: [{ quantity: 5, price: '10.50' }] },
      { sku: 'CUP-RM', options: { Color: 'Red', Size: 'M' } },
      { options: { Color: 'Blue', Size: 'S' } },
    ],
    price_tiers: [
      { quantity: 5, price: '9.00' },
      { quantity: 10, price: '8.00' },
    ],
    extras: [{ sku: 'LID', name: 'Lid', price: '1.50' }],
    attributes: [{ name: 'Volume', value: '250 ml' }],
    custom_fields: { origin: 'Delft' },
  };

  describe('item PUT', () => {
    let id: number;

    it('creates a product by its SKU (201), with every part', async () => {
      const res = await put('/product/CUP-1', { ...full, category_ids: [categoryId] });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Cup', sku: 'CUP-1', url_name: 'cup', base_price: '10.00', category: 'Cups' });
      id = res.body.data.id;
      const shown = (await get(`/product/${id}?embed=${ALL}`)).body.data;
      expect(shown.options.data.map((o: { name: string; values: string[] }) => [o.name, o.values])).toEqual([
        ['Color', ['Red', 'Blue']],
        ['Size', ['S', 'M']],
      ]);
      expect(shown.variants.data.map((v: { sku: string | null; options: object }) => [v.sku, v.options])).toEqual([
        ['CUP-RS', { Color: 'Red', Size: 'S' }],
        ['CUP-RM', { Color: 'Red', Size: 'M' }],
        [null, { Color: 'Blue', Size: 'S' }],
      ]);
      expect(shown.pricetiers.data.map((p: { quantity: number; price: string }) => [p.quantity, p.price])).toEqual([
        [5, '9.00'],
        [10, '8.00'],
      ]);
      expect(shown.extras.data.map((e: { sku: string }) => e.sku)).toEqual(['LID']);
      expect(shown.attributes.data.map((a: { name: string; value: string }) => [a.name, a.value])).toEqual([['Volume', '250 ml']]);
      expect(shown.categories.data.map((c: { id: number }) => c.id)).toEqual([categoryId]);
      expect(shown.customfields.data.find((f: { name: string }) => f.name === 'origin').value).toBe('Delft');
      const variantTiers = (await get(`/variant/${shown.variants.data[0].id}/pricetiers`)).body.data;
      expect(variantTiers.map((p: { quantity: number; price: string }) => [p.quantity, p.price])).toEqual([[5, '10.50']]);
      expect(await eventsOf(id)).toEqual(['product.created']);
    });

    it('changes nothing when sent the same again: same ETag, no updated_at move, no event', async () => {
      const before = await get(`/product/${id}`);
      const res = await put(`/product/${id}`, { ...full, sku: 'CUP-1', category_ids: [categoryId] });
      expect(res.status).toBe(200);
      expect(res.headers.etag).toBe(before.headers.etag);
      expect(res.body.data.updated_at).toBe(before.body.data.updated_at);
      expect(await eventsOf(id)).toEqual(['product.created']);
    });

    it('replaces: matched parts keep their ids, missing ones go, new ones come; left-out lists stay', async () => {
      const before = (await get(`/product/${id}?embed=${ALL}`)).body.data;
      const res = await put('/product/CUP-1', {
        name: 'Cup',
        variants: [
          { options: { Size: 'S', Color: 'Blue' }, base_price: '12.00' },
          { sku: 'CUP-RS', options: { Color: 'Red', Size: 'S' } },
          { sku: 'CUP-BM', options: { Color: 'Blue', Size: 'M' } },
        ],
        price_tiers: [
          { quantity: 10, price: '7.50' },
          { customer_group_id: groupId, quantity: 10, price: '7.00' },
        ],
      });
      expect(res.status).toBe(200);
      // Left out: base_price back to a create's 0.00, category_ids kept (a list left out stays).
      expect(res.body.data).toMatchObject({ sku: 'CUP-1', base_price: '0.00', category: 'Cups' });
      const after = (await get(`/product/${id}?embed=${ALL}`)).body.data;
      const variantIds = Object.fromEntries(before.variants.data.map((v: { id: number; sku: string | null }) => [v.sku ?? 'blue-s', v.id]));
      expect(
        after.variants.data.map((v: { id: number; sku: string | null; base_price: string | null }) => [v.id, v.sku, v.base_price]),
      ).toEqual([
        [variantIds['CUP-RS'], 'CUP-RS', null],
        [variantIds['blue-s'], null, '12.00'],
        [expect.any(Number), 'CUP-BM', null],
      ]);
      expect(
        after.pricetiers.data.map((p: { id: number; customer_group_id: number | null; quantity: number; price: string }) => [
          p.customer_group_id,
          p.quantity,
          p.price,
        ]),
      ).toEqual([
        [null, 10, '7.50'],
        [groupId, 10, '7.00'],
      ]);
      expect(after.pricetiers.data[0].id).toBe(before.pricetiers.data[1].id);
      expect(after.options.data.map((o: { id: number }) => o.id)).toEqual(before.options.data.map((o: { id: number }) => o.id));
      expect(after.extras.data).toEqual(before.extras.data);
      // The variant price tiers went with the variant's list: CUP-RS was sent without price_tiers, so its tiers stay.
      const kept = (await get(`/variant/${variantIds['CUP-RS']}/pricetiers`)).body.data;
      expect(kept).toHaveLength(1);
      expect(await eventsOf(id)).toEqual(['product.created', 'product.updated']);
    });

    it('soft-deletes options no longer sent, as their DELETE does', async () => {
      const before = (await get(`/product/${id}?embed=options`)).body.data.options.data;
      const res = await put(`/product/${id}`, {
        name: 'Cup',
        sku: 'CUP-1',
        options: [{ name: 'Color', values: ['Red', 'Blue'] }],
        variants: [],
      });
      expect(res.status).toBe(200);
      const size = before.find((o: { name: string }) => o.name === 'Size');
      const gone = (await get(`/product/${id}/option/${size.id}`)).body.data;
      expect(gone.deleted_at).toEqual(expect.any(String));
      expect(res.body.data.options.map((o: { name: string }) => o.name)).toEqual(['Color']);
    });

    it('renames by the body SKU, refuses another SKU for a new product, and a taken SKU', async () => {
      expect((await put(`/product/${id}`, { name: 'Cup', sku: 'CUP-2' })).body.data.sku).toBe('CUP-2');
      expect((await get('/product/CUP-2')).body.data.id).toBe(id);
      const res = await put('/product/NEW-1', { name: 'New', sku: 'NEW-2' });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toEqual({ sku: ['must be NEW-1, the SKU of the path, to create the product'] });
      await put('/product/OTHER', { name: 'Other' });
      expect((await put('/product/OTHER', { name: 'Other', sku: 'CUP-2' })).body.error.message).toEqual({ sku: ['is already in use'] });
    });

    it('takes a segment of digits that is no id as a SKU', async () => {
      const res = await put('/product/10042', { name: 'Numbered' });
      expect(res.status).toBe(201);
      expect(res.body.data.sku).toBe('10042');
    });

    it('answers 412 to If-Match on a PUT that would create: no product has a representation to match, not even *', async () => {
      for (const ifMatch of ['*', '"stale"']) {
        const res = await t.http.put('/product/NOT-YET').set(auth()).set('If-Match', ifMatch).send({ name: 'Not yet' });
        expect(res.status).toBe(412);
      }
      expect(await t.sql(`SELECT id FROM products WHERE sku = 'NOT-YET'`)).toEqual([]);
    });

    it('answers 412 on a stale If-Match, and applies nothing of an invalid part (422 naming it)', async () => {
      const stale = await t.http.put(`/product/${id}`).set(auth()).set('If-Match', '"stale"').send({ name: 'X' });
      expect(stale.status).toBe(412);
      const before = (await get(`/product/${id}?embed=${ALL}`)).body.data;
      const res = await put(`/product/${id}`, {
        name: 'Changed',
        options: [{ name: 'Color', values: ['Red'] }],
        variants: [{ options: { Color: 'Red' } }, { options: { Color: 'Green' }, base_price: 'x' }],
        price_tiers: [
          { quantity: 1, price: '1.00' },
          { quantity: 1, price: '2.00' },
        ],
        category_ids: [999999],
        custom_fields: { nope: 1 },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toEqual({
        'variants.1.base_price': [expect.any(String)],
      });
      const res2 = await put(`/product/${id}`, {
        name: 'Changed',
        options: [{ name: 'Color', values: ['Red'] }],
        variants: [{ options: { Color: 'Red' } }, { options: { Color: 'Green' } }],
        price_tiers: [
          { quantity: 1, price: '1.00' },
          { quantity: 1, price: '2.00' },
        ],
        category_ids: [999999],
        custom_fields: { nope: 1 },
      });
      expect(res2.status).toBe(422);
      expect(res2.body.error.message).toEqual({
        'variants.1.options': ['"Color" must be one of: Red'],
        'price_tiers.1.quantity': ['is the same as that of price tier 0'],
        'category_ids.0': ['does not exist'],
        'custom_fields.nope': ['is not a custom field of products'],
      });
      expect((await get(`/product/${id}?embed=${ALL}`)).body.data).toEqual(before);
    });

    it("records the events of the parts it created, changed or deleted, as the parts' own routes do", async () => {
      const partEvents = (resource: string, ids: number[]) =>
        t.sql<{ type: string; resource_id: number; data: Record<string, unknown> }>(
          `SELECT type, resource_id::int AS resource_id, data FROM events WHERE resource = $1 AND resource_id = ANY($2::int[]) ORDER BY id`,
          [resource, ids],
        );
      const body = {
        name: 'Evented',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { sku: 'EV-S', options: { Size: 'S' } },
          { sku: 'EV-M', options: { Size: 'M' } },
        ],
      };
      const created = await put('/product/EV-1', body);
      expect(created.status).toBe(201);
      const productId = created.body.data.id as number;
      const [small, medium] = (await get(`/product/${productId}/variants`)).body.data as { id: number }[];
      const [size] = (await get(`/product/${productId}/options`)).body.data as { id: number }[];
      expect((await partEvents('product.variant', [small.id, medium.id])).map((e) => [e.type, e.resource_id, e.data])).toEqual([
        ['product.variant.created', small.id, small],
        ['product.variant.created', medium.id, medium],
      ]);
      expect((await partEvents('product.option', [size.id])).map((e) => e.type)).toEqual(['product.option.created']);

      // EV-S changes, EV-M goes; the option stays as it was: no event of its own.
      const changed = await put('/product/EV-1', { ...body, variants: [{ sku: 'EV-S', options: { Size: 'S' }, base_price: '5.00' }] });
      expect(changed.status).toBe(200);
      const [smallNow] = (await get(`/product/${productId}/variants`)).body.data as { id: number }[];
      expect((await partEvents('product.variant', [small.id, medium.id])).map((e) => [e.type, e.resource_id, e.data])).toEqual([
        ['product.variant.created', small.id, small],
        ['product.variant.created', medium.id, medium],
        ['product.variant.updated', small.id, smallNow],
        ['product.variant.deleted', medium.id, medium],
      ]);
      expect((await partEvents('product.option', [size.id])).map((e) => e.type)).toEqual(['product.option.created']);

      // The same body again changes nothing and records nothing.
      await put('/product/EV-1', { ...body, variants: [{ sku: 'EV-S', options: { Size: 'S' }, base_price: '5.00' }] });
      expect(await partEvents('product.variant', [small.id, medium.id])).toHaveLength(4);
      expect(await eventsOf(productId)).toEqual(['product.created', 'product.updated']);
    });
  });

  describe('PUT /products', () => {
    const member = (i: number) => ({
      sku: `B-${i}`,
      name: `Batch ${i}`,
      category_ids: [categoryId],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { sku: `B-${i}-S`, options: { Size: 'S' }, price_tiers: [{ quantity: 2, price: '1.00' }] },
        { sku: `B-${i}-M`, options: { Size: 'M' } },
      ],
      price_tiers: [{ quantity: 3, price: '2.00' }],
    });

    it('creates, updates and leaves members, in request order with meta.batch', async () => {
      const first = await put('/products', [member(1), member(2)]);
      expect(first.status).toBe(200);
      expect(first.body.meta).toEqual({ status: 200, success: true, batch: { created: 2, updated: 0, unchanged: 0 } });
      expect(first.body.data.map((p: { sku: string }) => p.sku)).toEqual(['B-1', 'B-2']);
      const second = await put('/products', [member(3), { ...member(2), name: 'Renamed' }, member(1)]);
      expect(second.body.meta.batch).toEqual({ created: 1, updated: 1, unchanged: 1 });
      expect(second.body.data.map((p: { sku: string; name: string }) => [p.sku, p.name])).toEqual([
        ['B-3', 'Batch 3'],
        ['B-2', 'Renamed'],
        ['B-1', 'Batch 1'],
      ]);
      expect(second.body.data[2]).toEqual(first.body.data[0]);
    });

    it('costs the same statements for 2 products as for 50', async () => {
      const count = async (members: object[]) => {
        queryCounter.reset();
        const res = await put('/products', members);
        expect(res.status).toBe(200);
        return queryCounter.count;
      };
      const small = await count([member(100), member(101)]);
      const big = await count(Array.from({ length: 50 }, (_, i) => member(200 + i)));
      expect(big).toBe(small);
      // Again, now as updates of every part: still the same.
      const smallAgain = await count([
        { ...member(100), name: 'x' },
        { ...member(101), name: 'y' },
      ]);
      const bigAgain = await count(Array.from({ length: 50 }, (_, i) => ({ ...member(200 + i), name: `z${i}` })));
      expect(bigAgain).toBe(smallAgain);
    });

    it('is all or nothing: every error as N.field, nothing written', async () => {
      const res = await put('/products', [
        member(300),
        { ...member(301), variants: [{ sku: 'B-301-S', options: { Size: 'XL' } }] },
        { name: 'No SKU' },
        member(300),
      ]);
      expect(res.status).toBe(422);
      expect(res.body.error.message).toEqual({
        '2.sku': ['is required'],
        '3.sku': ["is the same as member 0's"],
      });
      const res2 = await put('/products', [member(300), { ...member(301), variants: [{ sku: 'B-301-S', options: { Size: 'XL' } }] }]);
      expect(res2.body.error.message).toEqual({ '1.variants.0.options': ['"Size" must be one of: S, M'] });
      expect(await t.sql(`SELECT id FROM products WHERE sku IN ('B-300', 'B-301')`)).toEqual([]);
    });

    it('refuses more than 1,000 members, and a body that is no array', async () => {
      const many = Array.from({ length: 1001 }, (_, i) => ({ sku: `M-${i}`, name: 'M' }));
      expect((await put('/products', many)).body.error.message).toEqual({ body: ['must have at most 1000 members'] });
      expect((await put('/products', { sku: 'x', name: 'x' })).body.error.message).toEqual({ body: ['must be a JSON array'] });
    });

    it('replays an Idempotency-Key', async () => {
      const send = () =>
        t.http
          .put('/products')
          .set(auth())
          .set('Idempotency-Key', 'batch-1')
          .send([member(400)]);
      const a = await send();
      const b = await send();
      expect(a.status).toBe(200);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.body).toEqual(a.body);
    });
  });

  describe('PUT on a part collection', () => {
    let pid: number;
    beforeAll(async () => {
      pid = (await put('/product/COLL', { name: 'Coll', options: [{ name: 'Size', values: ['S', 'M'] }] })).body.data.id;
    });

    it('replaces the options exactly, matched by name, and answers the collection as its GET shows it', async () => {
      const before = (await get(`/product/${pid}/options`)).body.data;
      const res = await put(`/product/${pid}/options`, [
        { name: 'Color', values: ['Red'] },
        { name: 'Size', values: ['S', 'M', 'L'], sort_order: 2 },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ status: 200, success: true });
      expect(res.body.data).toEqual((await get(`/product/${pid}/options`)).body.data);
      expect(res.body.data.map((o: { id: number; name: string; values: string[] }) => [o.name, o.values])).toEqual([
        ['Size', ['S', 'M', 'L']],
        ['Color', ['Red']],
      ]);
      expect(res.body.data[0].id).toBe(before[0].id);
      // One product.updated for the change, with the product's updated_at moved; the same array again records nothing.
      expect(await eventsOf(pid)).toEqual(['product.created', 'product.updated']);
      const product = (await get(`/product/${pid}`)).body.data;
      const again = await put(`/product/${pid}/options`, [
        { name: 'Color', values: ['Red'] },
        { name: 'Size', values: ['S', 'M', 'L'], sort_order: 2 },
      ]);
      expect(again.body.data).toEqual(res.body.data);
      expect(await eventsOf(pid)).toEqual(['product.created', 'product.updated']);
      expect((await get(`/product/${pid}`)).body.data.updated_at).toBe(product.updated_at);
    });

    it('replaces variants, price tiers, extras, attributes and categories; [] empties', async () => {
      const variants = await put(`/product/${pid}/variants`, [{ sku: 'COLL-1', options: { Size: 'S', Color: 'Red' } }]);
      expect(variants.status).toBe(200);
      expect(variants.body.data.map((v: { sku: string }) => v.sku)).toEqual(['COLL-1']);
      const tiers = await put(`/product/${pid}/pricetiers`, [{ quantity: 2, price: '5.00' }]);
      expect(tiers.body.data.map((p: { quantity: number; price: string }) => [p.quantity, p.price])).toEqual([[2, '5.00']]);
      const extras = await put(`/product/${pid}/extras`, [{ sku: 'E1', name: 'Gift wrap', price: '2.00' }]);
      expect(extras.body.data.map((e: { sku: string }) => e.sku)).toEqual(['E1']);
      const attributes = await put(`/product/${pid}/attributes`, [{ name: 'Material', value: 'Clay' }]);
      expect(attributes.body.data.map((a: { name: string }) => a.name)).toEqual(['Material']);
      const categories = await put(`/product/${pid}/categories`, [categoryId]);
      expect(categories.body.data.map((c: { id: number }) => c.id)).toEqual([categoryId]);
      const variantTiers = await put(`/variant/COLL-1/pricetiers`, [
        { quantity: 3, price: '4.00' },
        { customer_group_id: groupId, quantity: 3, price: '3.50' },
      ]);
      expect(variantTiers.status).toBe(200);
      expect(
        variantTiers.body.data.map((p: { customer_group_id: number | null; quantity: number }) => [p.customer_group_id, p.quantity]),
      ).toEqual([
        [null, 3],
        [groupId, 3],
      ]);
      expect((await put(`/product/${pid}/extras`, [])).body.data).toEqual([]);
      expect((await get(`/product/${pid}/extras`)).body.data).toEqual([]);
      expect((await put(`/product/${pid}/categories`, [])).body.data).toEqual([]);
    });

    it('names errors as N.field, and 404s an unknown product', async () => {
      const invalid = await put(`/product/${pid}/pricetiers`, [
        { quantity: 2, price: '5.00' },
        { quantity: 0, price: '1.00' },
      ]);
      expect(invalid.status).toBe(422);
      expect(invalid.body.error.message).toEqual({ '1.quantity': ['must be at least 1'] });
      const repeated = await put(`/product/${pid}/pricetiers`, [
        { quantity: 2, price: '5.00' },
        { quantity: 2, price: '4.00' },
      ]);
      expect(repeated.body.error.message).toEqual({ '1.quantity': ['is the same as that of price tier 0'] });
      expect((await put(`/product/${pid}/categories`, [1, 'x'])).body.error.message).toEqual({ '1': ['must be a category id'] });
      expect((await put(`/product/${pid}/variants`, [{ options: { Size: 'XXL' } }])).body.error.message).toEqual({
        '0.options': ['"Size" must be one of: S, M, L'],
      });
      expect((await put('/product/NOPE/options', [])).status).toBe(404);
    });
  });

  describe('item PUT of a part', () => {
    it('replaces an option, a variant, an extra, an attribute and price tiers: a field left out takes its create value', async () => {
      const product = (
        await put('/product/PART-1', {
          name: 'Part',
          options: [{ name: 'Size', values: ['S'], sort_order: 5 }],
          variants: [
            { sku: 'PART-1-S', options: { Size: 'S' }, base_price: '3.00', is_on_sale: 1, price_tiers: [{ quantity: 2, price: '2.00' }] },
          ],
          price_tiers: [{ quantity: 2, price: '2.50' }],
          extras: [{ sku: 'X', name: 'Extra', price: '1.00', sort_order: 3 }],
          attributes: [{ name: 'A', value: 'B', sort_order: 4 }],
        })
      ).body.data;
      const full = (await get(`/product/${product.id}?embed=${ALL}`)).body.data;
      const option = await put(`/product/${product.id}/option/${full.options.data[0].id}`, { name: 'Size', values: ['S', 'M'] });
      expect(option.status).toBe(200);
      expect(option.body.data).toMatchObject({ name: 'Size', values: ['S', 'M'], sort_order: 0 });
      const variant = await put(`/product/${product.id}/variant/${full.variants.data[0].id}`, { sku: 'PART-1-S', options: { Size: 'S' } });
      expect(variant.body.data).toMatchObject({ sku: 'PART-1-S', base_price: null, is_on_sale: 0 });
      const extra = await put(`/product/${product.id}/extra/${full.extras.data[0].id}`, { sku: 'X', name: 'Extra 2' });
      expect(extra.body.data).toMatchObject({ sku: 'X', name: 'Extra 2', price: '0.00', sort_order: 0 });
      const attribute = await put(`/product/${product.id}/attribute/${full.attributes.data[0].id}`, { name: 'A' });
      expect(attribute.body.data).toMatchObject({ name: 'A', value: null, sort_order: 0 });
      const tier = await put(`/product/${product.id}/pricetier/${full.pricetiers.data[0].id}`, { quantity: 4, price: '2.25' });
      expect(tier.body.data).toMatchObject({ customer_group_id: null, quantity: 4, price: '2.25' });
      const variantTier = (await get('/variant/PART-1-S/pricetiers')).body.data[0];
      const vt = await put(`/variant/PART-1-S/pricetier/${variantTier.id}`, { quantity: 6, price: '1.90' });
      expect(vt.body.data).toMatchObject({ quantity: 6, price: '1.90' });
      expect((await put(`/product/${product.id}/extra/${full.extras.data[0].id}`, { name: 'No SKU' })).body.error.message).toEqual({
        sku: ['is required'],
      });
      expect((await put(`/product/${product.id}/customfield/origin`, { value: 'Gouda' })).body.data.value).toBe('Gouda');
    });
  });

  describe('bodies', () => {
    it('takes a batch body over 1 MiB, refuses one over 1 MiB elsewhere, and an array elsewhere', async () => {
      const big = Array.from({ length: 300 }, (_, i) => ({ sku: `L-${i}`, name: 'L', description: 'x'.repeat(4000) }));
      const res = await put('/products', big);
      expect(res.status).toBe(200);
      expect(res.body.meta.batch.created).toBe(300);
      const tooBig = await t.http
        .post('/product')
        .set(auth())
        .send({ name: 'x', description: 'x'.repeat(1100 * 1024) });
      expect(tooBig.status).toBe(413);
      const array = await t.http
        .post('/product')
        .set(auth())
        .send([{ name: 'x' }]);
      expect(array.status).toBe(422);
      expect(array.body.error.message).toEqual({ body: ['must be a JSON object'] });
      const itemArray = await put('/product/CUP-2', [{ name: 'x' }]);
      expect(itemArray.body.error.message).toEqual({ body: ['must be a JSON object'] });
    });
  });
});
