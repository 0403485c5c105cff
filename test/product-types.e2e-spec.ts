import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * Product types (docs/api.md#product-types): the three a store starts with, CRUD by id or api_code, one default, and how
 * a type binds its products.
 */
describeE2E('product types', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const { send, create, get, events } = apiSteps(
    () => t,
    () => auth,
  );
  const type = (over: Record<string, unknown>) => ({
    is_default: 0,
    has_shipping: 1,
    has_inventory: 1,
    has_options: 1,
    has_variants: 1,
    has_extras: 1,
    created_at: TS,
    updated_at: TS,
    ...over,
  });
  const GOODS = type({ id: 1, name: 'Goods', api_code: 'goods', is_default: 1 });
  const SERVICE = type({ id: 2, name: 'Service', api_code: 'service', has_shipping: 0, has_inventory: 0, has_variants: 0 });
  const DOWNLOADABLE = type({ id: 3, name: 'Downloadable', api_code: 'downloadable', has_shipping: 0, has_inventory: 0 });

  beforeAll(async () => {
    t = await bootTestApp('product_types');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  describe('the resource', () => {
    it('a store starts with goods (the default), service and downloadable, on both spellings', async () => {
      for (const path of ['/producttypes', '/producttype']) {
        const res = await t.http.get(path).set(auth);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual([GOODS, SERVICE, DOWNLOADABLE]);
        expect(res.body.meta.pagination.total).toBe(3);
      }
      for (const path of ['/producttype/2', '/producttypes/SERVICE', '/producttype/Service']) {
        const res = await t.http.get(path).set(auth);
        expect(res.body).toEqual(ok(200, SERVICE));
      }
      expect((await t.http.get('/producttype/nope').set(auth)).body).toEqual(fail(404, 'Product type nope was not found.'));
    });

    it('creates a type (flags default to 1), refuses an api_code in use in any case, and validates', async () => {
      const res = await t.http
        .post('/producttype')
        .set(auth)
        .send({ name: 'Gift card', api_code: 'gift-card', has_shipping: 0, has_variants: false });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(ok(201, type({ id: 4, name: 'Gift card', api_code: 'gift-card', has_shipping: 0, has_variants: 0 })));
      expect((await events('product_type.created', 4)).map((e) => e.data)).toEqual([res.body.data]);

      expect((await t.http.post('/producttypes').set(auth).send({ name: 'Again', api_code: 'GIFT-CARD' })).body).toEqual(
        fail(422, { api_code: ['is already in use'] }),
      );
      const bad = await t.http.post('/producttype').set(auth).send({ api_code: 'a b', has_options: 2, colour: 'red' });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.error.message).sort()).toEqual(['api_code', 'colour', 'has_options', 'name']);
    });

    it('exactly one default: setting it moves it (the old default records product_type.updated); clearing it is a 409', async () => {
      const moved = await send('patch', '/producttype/gift-card', { is_default: 1 });
      expect(moved.is_default).toBe(1);
      expect((await get('/producttype/goods')).is_default).toBe(0);
      expect((await events('product_type.updated', 1)).map((e) => e.data.is_default)).toEqual([0]);
      expect((await t.sql<{ id: number }>('SELECT id FROM product_types WHERE is_default')).map((r) => r.id)).toEqual([4]);

      expect((await t.http.patch('/producttype/4').set(auth).send({ is_default: 0 })).body).toEqual(
        fail(
          409,
          'Product type gift-card is the default and stays so until another type is made the default (is_default: 1 on that type).',
        ),
      );
      // A type created as the default takes it too.
      const fresh = await create('/producttype', { name: 'Fresh', api_code: 'fresh', is_default: 1 });
      expect((await get('/producttype/4')).is_default).toBe(0);
      expect(fresh.is_default).toBe(1);
      await send('patch', '/producttype/goods', { is_default: 1 });
      expect((await t.sql<{ id: number }>('SELECT id FROM product_types WHERE is_default')).map((r) => r.id)).toEqual([1]);
      // Setting the default again changes nothing and records nothing.
      const before = (await events('product_type.updated')).length;
      await send('patch', '/producttype/goods', { is_default: 1 });
      expect((await events('product_type.updated')).length).toBe(before);
    });

    it('the default type, or a type products use, cannot be deleted; an unused one can', async () => {
      expect((await t.http.delete('/producttype/goods').set(auth)).body).toEqual(
        fail(409, 'Product type goods is the default and cannot be deleted; make another type the default first.'),
      );
      const fresh = await get('/producttype/fresh');
      await create('/product', { name: 'Voucher', sku: 'VOUCHER', product_type_id: fresh.id });
      expect((await t.http.delete('/producttype/fresh').set(auth)).body).toEqual(
        fail(409, 'Product type fresh is used by 1 product and cannot be deleted.'),
      );
      await send('delete', '/product/VOUCHER');
      const gone = await t.http.delete('/producttype/FRESH').set(auth);
      expect(gone.body).toEqual(ok(200, type({ id: fresh.id, name: 'Fresh', api_code: 'fresh' })));
      expect((await events('product_type.deleted', fresh.id)).length).toBe(1);
      expect((await t.http.get(`/producttype/${fresh.id}`).set(auth)).status).toBe(404);
    });

    it('needs the catalog scope', async () => {
      const other = { Authorization: `Bearer ${await t.token(['customers:read'])}` };
      expect((await t.http.get('/producttypes').set(other)).status).toBe(403);
      const reader = { Authorization: `Bearer ${await t.token(['catalog:read'])}` };
      expect((await t.http.get('/producttypes').set(reader)).status).toBe(200);
      expect((await t.http.post('/producttype').set(reader).send({ name: 'X', api_code: 'x' })).status).toBe(403);
    });
  });

  describe('products and their type', () => {
    let mug: Json;

    it('a product gets the default type, shows product_type_id and embeds its type, in one statement', async () => {
      mug = await create('/product', { name: 'Mug', sku: 'MUG', weight: '0.40', depth: '9.00', track_inventory: 1 });
      expect(mug).toMatchObject({
        product_type_id: 1,
        weight: '0.40',
        depth: '9.00',
        track_inventory: 1,
        rating_average: null,
        rating_count: 0,
      });
      queryCounter.reset();
      const res = await t.http.get('/product/MUG?embed=product_type').set(auth);
      expect(queryCounter.count).toBe(1);
      expect(res.body.data.product_type).toEqual({ data: GOODS });
      const list = await t.http.get('/products?embed=product_type').set(auth);
      expect(list.body.data.map((p: Json) => p.product_type.data.api_code)).toEqual(['goods']);
      // The default moved: a new product gets the new default.
      await send('patch', '/producttype/service', { is_default: 1 });
      expect((await create('/product', { name: 'Consultation', sku: 'CONSULT' })).product_type_id).toBe(2);
      await send('patch', '/producttype/goods', { is_default: 1 });
    });

    it('an unknown product_type_id is a 422', async () => {
      expect((await t.http.post('/product').set(auth).send({ name: 'Ghost', product_type_id: 99 })).body).toEqual(
        fail(422, { product_type_id: ['does not exist'] }),
      );
      expect((await t.http.patch('/product/MUG').set(auth).send({ product_type_id: 99 })).body).toEqual(
        fail(422, { product_type_id: ['does not exist'] }),
      );
    });

    let bare: Json;

    it('a type without options, variants or extras refuses them with a 409 naming the type', async () => {
      bare = await create('/producttype', { name: 'Bare', api_code: 'bare', has_options: 0, has_variants: 0, has_extras: 0 });
      await create('/product', { name: 'Plain', sku: 'PLAIN', product_type_id: bare.id });
      expect(
        (
          await t.http
            .post('/product/PLAIN/option')
            .set(auth)
            .send({ name: 'Size', values: ['S'] })
        ).body,
      ).toEqual(fail(409, 'Products of type bare (Bare) cannot have options: the type has no options.'));
      expect((await t.http.post('/product/PLAIN/variant').set(auth).send({ sku: 'PLAIN-1', options: {} })).body).toEqual(
        fail(409, 'Products of type bare (Bare) cannot have variants: the type has no variants.'),
      );
      expect((await t.http.post('/product/PLAIN/extra').set(auth).send({ sku: 'WRAP', name: 'Wrap', price: '1.00' })).body).toEqual(
        fail(409, 'Products of type bare (Bare) cannot have extras: the type has no extras.'),
      );
      // A service has options and extras, not variants.
      expect(
        (
          await t.http
            .post('/product/CONSULT/option')
            .set(auth)
            .send({ name: 'Length', values: ['1h'] })
        ).status,
      ).toBe(201);
      expect(
        (
          await t.http
            .post('/product/CONSULT/variant')
            .set(auth)
            .send({ sku: 'C-1', options: { Length: '1h' } })
        ).body,
      ).toEqual(fail(409, 'Products of type service (Service) cannot have variants: the type has no variants.'));
    });

    it('without shipping, dimensions read null and a value for them is a 422', async () => {
      const consult = await get('/product/CONSULT');
      expect([consult.weight, consult.width, consult.height, consult.depth]).toEqual([null, null, null, null]);
      expect((await t.http.patch('/product/CONSULT').set(auth).send({ weight: '1.00', depth: null, width: '2' })).body).toEqual(
        fail(422, {
          weight: ['must be null: products of type service have no shipping'],
          width: ['must be null: products of type service have no shipping'],
        }),
      );
      expect((await t.http.post('/product').set(auth).send({ name: 'Ebook', product_type_id: 3, height: '1.00' })).body).toEqual(
        fail(422, { height: ['must be null: products of type downloadable have no shipping'] }),
      );
    });

    it('moving a product to a type that forbids parts it has is a 409 listing them; an allowed move clears its dimensions', async () => {
      await send('post', '/product/MUG/option', { name: 'Colour', values: ['Red', 'Blue'] });
      await send('post', '/product/MUG/variant', { sku: 'MUG-RED', options: { Colour: 'Red' } });
      await send('post', '/product/MUG/extra', { sku: 'BOX', name: 'Box', price: '1.00' });
      expect((await t.http.patch('/product/MUG').set(auth).send({ product_type_id: 2 })).body).toEqual(
        fail(
          409,
          'The product cannot become of type service (Service): it has 1 variant, which the type does not have; remove them first.',
        ),
      );
      expect((await t.http.patch('/product/MUG').set(auth).send({ product_type_id: bare.id })).body).toEqual(
        fail(
          409,
          'The product cannot become of type bare (Bare): it has 1 option, 1 variant, 1 extra, which the type does not have; remove them first.',
        ),
      );
      const moved = await send('patch', '/product/MUG', { product_type_id: 3 });
      expect(moved).toMatchObject({ product_type_id: 3, weight: null, depth: null, track_inventory: 0 });
      const back = await send('patch', '/product/MUG', { product_type_id: 1 });
      // The move cleared the dimensions; the product's own track_inventory shows again.
      expect(back).toMatchObject({ product_type_id: 1, weight: '0.00', depth: null, track_inventory: 1 });
    });

    it('an order takes no stock of a product whose type has no inventory', async () => {
      const customer = await create('/customer', { email: 'ann@example.test', first_name: 'Ann', last_name: 'Lee' });
      const course = await create('/product', {
        name: 'Course',
        sku: 'COURSE',
        base_price: '10.00',
        product_type_id: 3,
        track_inventory: 1,
        in_stock_amount: 1,
      });
      expect(course.track_inventory).toBe(0);
      const box = await create('/product', { name: 'Box', sku: 'BOXED', base_price: '3.00', track_inventory: 1, in_stock_amount: 5 });
      const quote = await create('/quote', {
        name: 'Two things',
        customer_id: customer.id,
        items: [
          { product_id: course.id, quantity: 3 },
          { product_id: box.id, quantity: 2 },
        ],
      });
      expect((await t.http.post(`/quote/${quote.id}/order`).set(auth).send({})).status).toBe(201);
      expect((await get('/product/COURSE')).in_stock_amount).toBe(1);
      expect((await get('/product/BOXED')).in_stock_amount).toBe(3);
    });
  });
});
