import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';

describeE2E('catalog: product sub-resources', () => {
  let t: TestApp;
  let token: string;
  const auth = (tk = token) => ({ Authorization: `Bearer ${tk}` });
  let productId: number;
  let otherId: number;
  let groupId: number;

  beforeAll(async () => {
    t = await bootTestApp('catalog_parts');
    token = await t.token(['catalog:*']);
    [{ id: groupId }] = await t.sql<{ id: number }>(
      `INSERT INTO customer_groups (name, api_code) VALUES ('Wholesale', 'wholesale') RETURNING id`,
    );
    // The SKU is digits and no product has that id: sub-resource paths find the product by SKU.
    productId = (await t.http.post('/product').set(auth()).send({ name: 'Shirt', sku: '31337', base_price: '20' })).body.data.id;
    otherId = (await t.http.post('/product').set(auth()).send({ name: 'Other', sku: 'OTHER' })).body.data.id;
  });
  afterAll(() => t?.close());

  describe('price tiers', () => {
    let tierId: number;

    it('creates, reads (by product id and SKU, singular and plural) and lists tiers', async () => {
      const res = await t.http.post('/product/31337/pricetier').set(auth()).send({ quantity: 10, price: 18 });
      expect(res.status).toBe(201);
      tierId = res.body.data.id;
      const tier = {
        id: tierId,
        product_id: productId,
        customer_group_id: null,
        quantity: 10,
        price: '18.00',
        created_at: TS,
        updated_at: TS,
      };
      expect(res.body).toEqual({ meta: { status: 201, success: true }, data: tier });
      const group = await t.http
        .post(`/products/${productId}/pricetiers`)
        .set(auth())
        .send({ quantity: 10, price: '17.5', customer_group_id: groupId });
      expect(group.status).toBe(201);
      expect(group.body.data).toEqual({ ...tier, id: group.body.data.id, customer_group_id: groupId, price: '17.50' });

      expect((await t.http.get(`/product/31337/pricetier/${tierId}`).set(auth())).body.data).toEqual(res.body.data);
      expect((await t.http.get(`/product/${productId}/pricetiers/${tierId}`).set(auth())).body.data).toEqual(res.body.data);
      const list = await t.http.get('/product/31337/pricetiers?sort=price').set(auth());
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([group.body.data, res.body.data]);
      expect(list.body.meta.pagination).toEqual({ total: 2, count: 2, limit: 250, page: 1, total_pages: 1, next_cursor: null });
    });

    it('refuses a second tier for the same group and quantity, and unknown groups', async () => {
      const dup = await t.http.post('/product/31337/pricetier').set(auth()).send({ quantity: 10, price: 1 });
      expect(dup.status).toBe(422);
      expect(dup.body.error.message).toEqual({ quantity: ['is already in use'] });
      const dupGroup = await t.http
        .post('/product/31337/pricetier')
        .set(auth())
        .send({ quantity: 10, price: 1, customer_group_id: groupId });
      expect(dupGroup.body.error.message).toEqual({ quantity: ['is already in use'] });
      const ghost = await t.http.post('/product/31337/pricetier').set(auth()).send({ quantity: 5, price: 1, customer_group_id: 999 });
      expect(ghost.status).toBe(422);
      expect(ghost.body.error.message).toEqual({ customer_group_id: ['does not exist'] });
      const bad = await t.http.post('/product/31337/pricetier').set(auth()).send({ quantity: 0, price: '-1', variant_id: 1 });
      expect(bad.body.error.message).toEqual({
        quantity: ['must be at least 1'],
        price: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'],
        variant_id: ['is not a known field'],
      });
      const missing = await t.http.post('/product/31337/pricetier').set(auth()).send({});
      expect(missing.body.error.message).toEqual({ quantity: ['is required'], price: ['is required'] });
      // The same quantity on another product is fine.
      expect((await t.http.post('/product/OTHER/pricetier').set(auth()).send({ quantity: 10, price: 1 })).status).toBe(201);
    });

    it('updates and deletes a tier; a tier of another product is 404 here', async () => {
      const patched = await t.http.patch(`/product/31337/pricetier/${tierId}`).set(auth()).send({ price: '16.99', quantity: 12 });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ id: tierId, quantity: 12, price: '16.99' });
      const foreign = await t.http.get(`/product/OTHER/pricetier/${tierId}`).set(auth());
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.message).toBe(`Price tier ${tierId} was not found.`);
      expect((await t.http.get('/product/31337/pricetier/abc').set(auth())).status).toBe(404);
      const deleted = await t.http.delete(`/product/31337/pricetier/${tierId}`).set(auth());
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual(patched.body.data);
      expect((await t.http.get(`/product/31337/pricetier/${tierId}`).set(auth())).status).toBe(404);
      expect((await t.http.get('/product/NOPE/pricetiers').set(auth())).status).toBe(404);
    });
  });

  describe('attributes', () => {
    it('creates, reads, lists, updates and deletes at /product/{p}/attribute/{id}', async () => {
      const res = await t.http.post('/product/31337/attribute').set(auth()).send({ name: 'Material', value: 'Cotton', sort_order: 2 });
      expect(res.status).toBe(201);
      const id = res.body.data.id;
      expect(res.body.data).toEqual({
        id,
        product_id: productId,
        name: 'Material',
        value: 'Cotton',
        sort_order: 2,
        created_at: TS,
        updated_at: TS,
      });
      const second = await t.http.post('/product/31337/attributes').set(auth()).send({ name: 'Fit' });
      expect(second.body.data).toMatchObject({ name: 'Fit', value: null, sort_order: 0 });
      const list = await t.http.get('/product/31337/attributes?sort=sort_order').set(auth());
      expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Fit', 'Material']);
      const patched = await t.http.patch(`/product/31337/attribute/${id}`).set(auth()).send({ value: null });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ id, name: 'Material', value: null });
      expect((await t.http.get(`/product/31337/attribute/${id}`).set(auth())).body.data).toEqual(patched.body.data);
      expect((await t.http.delete(`/product/31337/attribute/${id}`).set(auth())).body.data).toEqual(patched.body.data);
      expect((await t.http.get(`/product/31337/attribute/${id}`).set(auth())).status).toBe(404);
      const bad = await t.http.post('/product/31337/attribute').set(auth()).send({ value: 3 });
      expect(bad.body.error.message).toEqual({ name: ['is required'], value: ['must be a string'] });
    });
  });

  describe('options', () => {
    let colorId: number;

    it('creates options with trimmed, distinct values; the product lists the live ones', async () => {
      const res = await t.http
        .post('/product/31337/option')
        .set(auth())
        .send({ name: ' Color ', values: ['Red', ' Blue '], sort_order: 2 });
      expect(res.status).toBe(201);
      colorId = res.body.data.id;
      expect(res.body.data).toEqual({
        id: colorId,
        product_id: productId,
        name: 'Color',
        values: ['Red', 'Blue'],
        sort_order: 2,
        deleted_at: null,
        created_at: TS,
        updated_at: TS,
      });
      const size = await t.http
        .post('/product/31337/options')
        .set(auth())
        .send({ name: 'Size', values: ['S', 'M'], sort_order: 1 });
      const product = await t.http.get('/product/31337').set(auth());
      expect(product.body.data.options).toEqual([
        { id: size.body.data.id, product_id: productId, sort_order: 1, name: 'Size', deleted_at: null },
        { id: colorId, product_id: productId, sort_order: 2, name: 'Color', deleted_at: null },
      ]);
    });

    it('refuses a duplicate live name and bad values', async () => {
      const dup = await t.http
        .post('/product/31337/option')
        .set(auth())
        .send({ name: 'Color', values: ['Green'] });
      expect(dup.status).toBe(422);
      expect(dup.body.error.message).toEqual({ name: ['is already in use'] });
      const bad = await t.http
        .post('/product/31337/option')
        .set(auth())
        .send({ name: 'Fit', values: ['Slim', 'Slim '] });
      expect(bad.body.error.message).toEqual({
        values: ['must be an array of 1 to 100 distinct, non-blank strings of at most 255 characters'],
      });
      const empty = await t.http.post('/product/31337/option').set(auth()).send({ name: 'Fit', values: [] });
      expect(empty.status).toBe(422);
    });

    it('deletes softly: GET shows deleted_at, lists and the product leave it out, the name is free again', async () => {
      const fit = await t.http
        .post('/product/31337/option')
        .set(auth())
        .send({ name: 'Fit', values: ['Slim'] });
      const id = fit.body.data.id;
      const deleted = await t.http.delete(`/product/31337/option/${id}`).set(auth());
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual({ ...fit.body.data, deleted_at: TS, updated_at: TS });
      expect((await t.http.get(`/product/31337/option/${id}`).set(auth())).body.data).toEqual(deleted.body.data);
      const list = await t.http.get('/product/31337/options').set(auth());
      expect(list.body.data.map((o: { name: string }) => o.name)).toEqual(['Color', 'Size']);
      expect((await t.http.get('/product/31337').set(auth())).body.data.options.map((o: { name: string }) => o.name)).toEqual([
        'Size',
        'Color',
      ]);
      const changed = await t.http.patch(`/product/31337/option/${id}`).set(auth()).send({ name: 'Cut' });
      expect(changed.status).toBe(409);
      expect(changed.body.error.message).toBe('The option has been deleted and cannot be changed.');
      const again = await t.http.delete(`/product/31337/option/${id}`).set(auth());
      expect(again.body.data).toEqual(deleted.body.data);
      expect(
        (
          await t.http
            .post('/product/31337/option')
            .set(auth())
            .send({ name: 'Fit', values: ['Loose'] })
        ).status,
      ).toBe(201);
    });

    it('updates an option', async () => {
      const res = await t.http
        .patch(`/product/${productId}/option/${colorId}`)
        .set(auth())
        .send({ values: ['Red', 'Blue', 'Black'] });
      expect(res.status).toBe(200);
      expect(res.body.data.values).toEqual(['Red', 'Blue', 'Black']);
      expect((await t.http.get(`/product/OTHER/option/${colorId}`).set(auth())).status).toBe(404);
    });
  });

  describe('variants', () => {
    let variantId: number;

    it('creates a variant whose options choose a value of every live option', async () => {
      const res = await t.http
        .post('/product/31337/variant')
        .set(auth())
        .send({
          sku: 'SHIRT-RED-S',
          options: { Color: 'Red', Size: 'S', Fit: 'Loose' },
          base_price: '22',
          expected_availability_date: '2030-06-01',
        });
      expect(res.status).toBe(201);
      variantId = res.body.data.id;
      expect(res.body.data).toEqual({
        id: variantId,
        product_id: productId,
        sku: 'SHIRT-RED-S',
        base_price: '22.00',
        cost: null,
        weight: null,
        depth: null,
        width: null,
        height: null,
        enabled: 1,
        is_on_sale: 0,
        sale_price_or_discount: null,
        track_inventory: 0,
        in_stock_amount: null,
        expected_availability_date: '2030-06-01',
        options: { Fit: 'Loose', Size: 'S', Color: 'Red' },
        created_at: TS,
        updated_at: TS,
      });
      expect((await t.http.get(`/product/31337/variant/${variantId}`).set(auth())).body.data).toEqual(res.body.data);
      expect((await t.http.get('/variant/SHIRT-RED-S').set(auth())).body.data).toEqual(res.body.data);
      expect((await t.http.get(`/variants/${variantId}`).set(auth())).body.data).toEqual(res.body.data);
      const list = await t.http.get('/product/31337/variants').set(auth());
      expect(list.body.data).toEqual([res.body.data]);
    });

    it('refuses options that are not the product’s, incomplete or taken, and a taken SKU', async () => {
      const send = (body: object) => t.http.post('/product/31337/variant').set(auth()).send(body);
      const unknown = await send({ options: { Color: 'Red', Size: 'S', Fit: 'Loose', Sleeve: 'Long' } });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.message).toEqual({ options: ['"Sleeve" is not an option of the product (options: Fit, Size, Color)'] });
      const value = await send({ options: { Color: 'Green', Size: 'S', Fit: 'Loose' } });
      expect(value.body.error.message).toEqual({ options: ['"Color" must be one of: Red, Blue, Black'] });
      const partial = await send({ options: { Color: 'Red' } });
      expect(partial.body.error.message).toEqual({ options: ['must choose a value for every option of the product; missing: Fit, Size'] });
      const none = await send({ sku: 'X' });
      expect(none.body.error.message).toEqual({
        options: ['must choose a value for every option of the product; missing: Fit, Size, Color'],
      });
      const taken = await send({ options: { Size: 'S', Color: 'Red', Fit: 'Loose' } });
      expect(taken.body.error.message).toEqual({ options: ['is already in use'] });
      const sku = await send({ sku: 'SHIRT-RED-S', options: { Color: 'Blue', Size: 'S', Fit: 'Loose' } });
      expect(sku.body.error.message).toEqual({ sku: ['is already in use'] });
      const shape = await send({ options: ['Red'], sale_price_or_discount: '-', in_stock_amount: 1.5 });
      expect(shape.body.error.message).toEqual({
        options: ['must be an object of option name → value (strings)'],
        sale_price_or_discount: ['must be a sale price ("12.00"), an amount off ("-2.50") or a percentage off up to 100 ("15%")'],
        in_stock_amount: ['must be an integer'],
      });
    });

    it('updates a variant, checking new options; the other product does not see it', async () => {
      const res = await t.http
        .patch(`/product/31337/variant/${variantId}`)
        .set(auth())
        .send({ enabled: 0, is_on_sale: 1, sale_price_or_discount: '-2.50' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        enabled: 0,
        is_on_sale: 1,
        sale_price_or_discount: '-2.50',
        expected_availability_date: '2030-06-01',
      });
      const bad = await t.http
        .patch(`/product/31337/variant/${variantId}`)
        .set(auth())
        .send({ options: { Color: 'Red' } });
      expect(bad.status).toBe(422);
      expect((await t.http.get(`/product/OTHER/variant/${variantId}`).set(auth())).status).toBe(404);
      const missing = await t.http.get('/variant/NOPE').set(auth());
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Variant NOPE was not found.');
    });

    it('has its own price tiers at /variant/{id|sku}/pricetier', async () => {
      const res = await t.http
        .post('/variant/SHIRT-RED-S/pricetier')
        .set(auth())
        .send({ quantity: 5, price: '19', customer_group_id: groupId });
      expect(res.status).toBe(201);
      const tier = {
        id: res.body.data.id,
        variant_id: variantId,
        customer_group_id: groupId,
        quantity: 5,
        price: '19.00',
        created_at: TS,
        updated_at: TS,
      };
      expect(res.body.data).toEqual(tier);
      expect((await t.http.get(`/variant/${variantId}/pricetier/${tier.id}`).set(auth())).body.data).toEqual(tier);
      expect((await t.http.get(`/variants/SHIRT-RED-S/pricetiers`).set(auth())).body.data).toEqual([tier]);
      const dup = await t.http
        .post(`/variant/${variantId}/pricetiers`)
        .set(auth())
        .send({ quantity: 5, price: '1', customer_group_id: groupId });
      expect(dup.body.error.message).toEqual({ quantity: ['is already in use'] });
      const patched = await t.http.patch(`/variant/SHIRT-RED-S/pricetier/${tier.id}`).set(auth()).send({ customer_group_id: null });
      expect(patched.body.data).toEqual({ ...tier, customer_group_id: null, updated_at: TS });
      expect((await t.http.delete(`/variant/SHIRT-RED-S/pricetier/${tier.id}`).set(auth())).status).toBe(200);
      expect((await t.http.get(`/variant/SHIRT-RED-S/pricetier/${tier.id}`).set(auth())).status).toBe(404);
      expect((await t.http.get('/variant/NOPE/pricetiers').set(auth())).status).toBe(404);
    });

    it('deletes a variant with its tiers', async () => {
      await t.http.post(`/variant/${variantId}/pricetier`).set(auth()).send({ quantity: 2, price: '1' });
      const res = await t.http.delete(`/product/31337/variant/${variantId}`).set(auth());
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(variantId);
      expect(await t.sql('SELECT id FROM variant_price_tiers WHERE variant_id = $1', [variantId])).toEqual([]);
      expect((await t.http.get(`/variant/${variantId}`).set(auth())).status).toBe(404);
    });

    it('finds a variant by a numeric SKU that is not an id', async () => {
      const res = await t.http
        .post('/product/31337/variant')
        .set(auth())
        .send({ sku: '77777', options: { Color: 'Blue', Size: 'M', Fit: 'Loose' } });
      expect(res.status).toBe(201);
      const found = await t.http.get('/variant/77777').set(auth());
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual(res.body.data);
      expect((await t.http.get('/variant/77777/pricetiers').set(auth())).body.data).toEqual([]);
    });

    it('accepts a variant without options on a product without options', async () => {
      const res = await t.http.post('/product/OTHER/variant').set(auth()).send({ sku: 'OTHER-1' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ product_id: otherId, options: {} });
    });
  });

  describe('extras', () => {
    it('creates, lists, updates and deletes extras; a SKU is unique within its product', async () => {
      const res = await t.http.post('/product/31337/extra').set(auth()).send({ sku: 'WRAP', name: 'Gift wrap', price: 2.5 });
      expect(res.status).toBe(201);
      const id = res.body.data.id;
      expect(res.body.data).toEqual({
        id,
        product_id: productId,
        sku: 'WRAP',
        name: 'Gift wrap',
        price: '2.50',
        weight: null,
        sort_order: 0,
        created_at: TS,
        updated_at: TS,
      });
      const dup = await t.http.post('/product/31337/extras').set(auth()).send({ sku: 'WRAP', name: 'Again' });
      expect(dup.status).toBe(422);
      expect(dup.body.error.message).toEqual({ sku: ['is already in use'] });
      expect((await t.http.post('/product/OTHER/extra').set(auth()).send({ sku: 'WRAP', name: 'Wrap' })).status).toBe(201);
      const list = await t.http.get('/product/31337/extras').set(auth());
      expect(list.body.data).toEqual([res.body.data]);
      const patched = await t.http.patch(`/product/31337/extra/${id}`).set(auth()).send({ weight: '0.1', price: 3 });
      expect(patched.body.data).toMatchObject({ weight: '0.10', price: '3.00' });
      expect((await t.http.get(`/products/31337/extras/${id}`).set(auth())).body.data).toEqual(patched.body.data);
      const stale = await t.http.delete(`/product/31337/extra/${id}`).set(auth()).set('If-Match', '"old"');
      expect(stale.status).toBe(412);
      expect((await t.http.delete(`/product/31337/extra/${id}`).set(auth())).body.data).toEqual(patched.body.data);
      const missing = await t.http.post('/product/31337/extra').set(auth()).send({ price: 1 });
      expect(missing.body.error.message).toEqual({ sku: ['is required'], name: ['is required'] });
    });
  });

  describe('scopes on sub-resources', () => {
    it('reads with catalog:read, refuses writes without catalog:write', async () => {
      const reader = await t.token(['catalog:read']);
      expect((await t.http.get('/product/31337/options').set(auth(reader))).status).toBe(200);
      expect((await t.http.get('/variant/OTHER-1/pricetiers').set(auth(reader))).status).toBe(200);
      expect((await t.http.post('/product/31337/attribute').set(auth(reader)).send({ name: 'x' })).status).toBe(403);
      expect((await t.http.post('/variant/OTHER-1/pricetier').set(auth(reader)).send({ quantity: 1, price: 1 })).status).toBe(403);
      const outsider = await t.token(['quotes:*']);
      expect((await t.http.get('/product/31337/variants').set(auth(outsider))).status).toBe(403);
    });
  });
});
