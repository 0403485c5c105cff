import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail } from './support/envelope.js';

/**
 * A product's type binds its PUTs (docs/api.md#put-products-and-their-parts, docs/api.md#product-types) as it binds POST
 * and PATCH: by the item PUT, the batch and a part collection PUT, the types of a whole batch read at once.
 */
describeE2E('PUT and product types: the product upsert, the types themselves, reviews', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const put = (path: string, body: unknown) =>
    t.http
      .put(path)
      .set(auth)
      .send(body as object);
  // The types a store starts with: goods (1, the default, every flag), service (2: options and extras), downloadable (3: no shipping, no inventory).
  const GOODS = 1;
  const SERVICE = 2;
  const noShipping = (field: string) => ({ [field]: ['must be null: products of type service have no shipping'] });
  const noVariants = 'Products of type service (Service) cannot have variants: the type has no variants.';

  beforeAll(async () => {
    t = await bootTestApp('product_type_put');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  describe('item PUT', () => {
    it('creates with the type named, else the default type; an unknown type is a 422', async () => {
      const service = await put('/product/HOUR', { name: 'Consultation', product_type_id: SERVICE });
      expect(service.status).toBe(201);
      expect([service.body.data.product_type_id, service.body.data.weight, service.body.data.track_inventory]).toEqual([SERVICE, null, 0]);
      const plain = await put('/product/PLAIN', { name: 'Plain' });
      expect([plain.status, plain.body.data.product_type_id]).toEqual([201, GOODS]);
      expect((await put('/product/NOPE', { name: 'Nope', product_type_id: 999 })).body).toEqual(
        fail(422, { product_type_id: ['does not exist'] }),
      );
      expect(await t.sql(`SELECT id FROM products WHERE sku = 'NOPE'`)).toEqual([]);
    });

    it('refuses shipping fields without has_shipping (422 per field) and parts the type lacks (409 naming it)', async () => {
      expect((await put('/product/HOUR', { name: 'Consultation', product_type_id: SERVICE, weight: '1.5', depth: '2' })).body).toEqual(
        fail(422, { ...noShipping('weight'), ...noShipping('depth') }),
      );
      const variants = await put('/product/HOUR', {
        name: 'Consultation',
        product_type_id: SERVICE,
        options: [{ name: 'Length', values: ['30', '60'] }],
        variants: [{ sku: 'HOUR-30', options: { Length: '30' } }],
      });
      expect(variants.body).toEqual(fail(409, noVariants));
      // Options and extras the type has are taken; an empty list of what it lacks is no part.
      const fine = await put('/product/HOUR', {
        name: 'Consultation',
        product_type_id: SERVICE,
        options: [{ name: 'Length', values: ['30', '60'] }],
        variants: [],
        extras: [{ sku: 'NOTES', name: 'Notes', price: '5.00' }],
      });
      expect(fine.status).toBe(200);
      expect(
        await t.sql(`SELECT count(*)::int AS n FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.sku = 'HOUR'`),
      ).toEqual([{ n: 0 }]);
    });

    it('a move to a type that forbids parts the product keeps is a 409 listing them; sending the list empty allows it', async () => {
      const body = {
        name: 'Mug',
        weight: '0.4',
        options: [{ name: 'Color', values: ['Red', 'Blue'] }],
        variants: [
          { sku: 'MUG-R', options: { Color: 'Red' } },
          { sku: 'MUG-B', options: { Color: 'Blue' } },
        ],
      };
      expect((await put('/product/MUG', body)).status).toBe(201);
      const moved = await put('/product/MUG', { name: 'Mug', product_type_id: SERVICE });
      expect(moved.body).toEqual(
        fail(
          409,
          'The product cannot become of type service (Service): it has 2 variants, which the type does not have; remove them first.',
        ),
      );
      const allowed = await put('/product/MUG', { name: 'Mug', product_type_id: SERVICE, variants: [] });
      expect(allowed.status).toBe(200);
      expect([allowed.body.data.product_type_id, allowed.body.data.weight]).toEqual([SERVICE, null]);
      expect(await t.sql(`SELECT weight, depth FROM products WHERE sku = 'MUG'`)).toEqual([{ weight: '0.00', depth: null }]);
    });

    it('a replace that leaves product_type_id out gives the product the default type, as a create would', async () => {
      const res = await put('/product/HOUR', { name: 'Consultation' });
      expect([res.status, res.body.data.product_type_id]).toEqual([200, GOODS]);
    });

    it('a part collection PUT is bound by the product’s type', async () => {
      const id = (await put('/product/TALK', { name: 'Talk', product_type_id: SERVICE, options: [{ name: 'Size', values: ['S'] }] })).body
        .data.id;
      expect((await put(`/product/${id}/variants`, [{ sku: 'TALK-S', options: { Size: 'S' } }])).body).toEqual(fail(409, noVariants));
      expect((await put(`/product/${id}/variants`, [])).status).toBe(200);
    });
  });

  describe('PUT /products', () => {
    const member = (i: number, over: Record<string, unknown> = {}) => ({
      sku: `T-${i}`,
      name: `Typed ${i}`,
      product_type_id: i % 2 ? SERVICE : GOODS,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      ...over,
    });

    it('every 422 of the batch as N.field, then a 409 naming the member; nothing written', async () => {
      const res = await put('/products', [member(0), member(1, { product_type_id: 999 }), member(3, { width: '3' })]);
      expect(res.body).toEqual(fail(422, { '1.product_type_id': ['does not exist'], ...noShipping('2.width') }));
      const conflict = await put('/products', [member(0), member(1, { variants: [{ sku: 'T-1-S', options: { Size: 'S' } }] })]);
      expect(conflict.body).toEqual(fail(409, `Member 1: ${noVariants}`));
      expect(await t.sql(`SELECT id FROM products WHERE sku LIKE 'T-%'`)).toEqual([]);
    });

    it('creates and moves products of several types in statements that do not grow with the members', async () => {
      const count = async (members: object[]) => {
        queryCounter.reset();
        const res = await put('/products', members);
        expect(res.status).toBe(200);
        return { statements: queryCounter.count, types: res.body.data.map((p: { product_type_id: number }) => p.product_type_id) };
      };
      const small = await count([member(0), member(1)]);
      const big = await count(Array.from({ length: 30 }, (_, i) => member(100 + i)));
      expect(small.types).toEqual([GOODS, SERVICE]);
      expect(big.statements).toBe(small.statements);
      // Every member moves to the other type (its parts allowed there): still the same count.
      const swap = (i: number) => member(i, { product_type_id: i % 2 ? GOODS : SERVICE });
      const smallMove = await count([swap(0), swap(1)]);
      const bigMove = await count(Array.from({ length: 30 }, (_, i) => swap(100 + i)));
      expect(smallMove.types).toEqual([SERVICE, GOODS]);
      expect(bigMove.statements).toBe(smallMove.statements);
    });

    it('a move refused for parts a member keeps is a 409 naming that member', async () => {
      await put('/products', [
        { sku: 'T-X', name: 'X', options: [{ name: 'Size', values: ['S'] }], variants: [{ sku: 'T-X-S', options: { Size: 'S' } }] },
      ]);
      const res = await put('/products', [member(0), { sku: 'T-X', name: 'X', product_type_id: SERVICE }]);
      expect(res.body).toEqual(
        fail(
          409,
          'Member 1: The product cannot become of type service (Service): it has 1 variant, which the type does not have; remove them first.',
        ),
      );
    });
  });
  describe('PUT /producttype/{id|api_code}', () => {
    const stillDefault =
      'Product type goods is the default and stays so until another type is made the default (is_default: 1 on that type).';
    const typeEvents = (code: string) =>
      t.sql<{ type: string }>(
        `SELECT e.type FROM events e JOIN product_types pt ON pt.id = e.resource_id WHERE e.resource = 'product_type' AND pt.api_code = $1 ORDER BY e.id`,
        [code],
      );

    it('creates by api_code (201), replaces (a flag left out is 1 again), and changes nothing when sent the same', async () => {
      const created = await put('/producttype/voucher', { name: 'Voucher', api_code: 'voucher', has_shipping: 0, has_variants: 0 });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ api_code: 'voucher', is_default: 0, has_shipping: 0, has_variants: 0, has_inventory: 1 });
      const same = await put(`/producttype/${created.body.data.id}`, {
        name: 'Voucher',
        api_code: 'voucher',
        has_shipping: 0,
        has_variants: 0,
      });
      expect([same.status, same.headers.etag, same.body.data]).toEqual([200, created.headers.etag, created.body.data]);
      const replaced = await put('/producttype/VOUCHER', { name: 'Gift voucher', api_code: 'voucher', has_shipping: 0 });
      expect(replaced.body.data).toMatchObject({ name: 'Gift voucher', has_shipping: 0, has_variants: 1 });
      expect(await typeEvents('voucher')).toEqual([{ type: 'product_type.created' }, { type: 'product_type.updated' }]);
      expect((await put('/producttype/coupon', { name: 'Coupon', api_code: 'other' })).body).toEqual(
        fail(422, { api_code: ['must be coupon (the key in the path) when no product type has it'] }),
      );
    });

    it('the default type replaced without is_default: 1 is the same 409 as PATCH; with it, unchanged', async () => {
      expect((await put('/producttype/goods', { name: 'Goods', api_code: 'goods' })).body).toEqual(fail(409, stillDefault));
      const kept = await put('/producttype/goods', { name: 'Goods', api_code: 'goods', is_default: 1 });
      expect([kept.status, kept.body.data.is_default, kept.body.data.id]).toEqual([200, 1, GOODS]);
    });

    describe('PUT /producttypes', () => {
      it('upserts by api_code in any case, in request order with meta.batch', async () => {
        const res = await put('/producttypes', [
          { name: 'Goods', api_code: 'GOODS', is_default: 1 },
          { name: 'Course', api_code: 'course', has_shipping: 0 },
          { name: 'Gift voucher', api_code: 'voucher', has_shipping: 0 },
        ]);
        expect(res.status).toBe(200);
        expect(res.body.meta).toEqual({ status: 200, success: true, batch: { created: 1, updated: 1, unchanged: 1 } });
        expect(res.body.data.map((d: { api_code: string }) => d.api_code)).toEqual(['GOODS', 'course', 'voucher']);
        expect(res.body.data[1]).toEqual({
          id: expect.any(Number),
          name: 'Course',
          api_code: 'course',
          is_default: 0,
          has_shipping: 0,
          has_inventory: 1,
          has_options: 1,
          has_variants: 1,
          has_extras: 1,
          created_at: TS,
          updated_at: TS,
        });
      });

      it('moves the default to the one member taking it, the former default cleared', async () => {
        const res = await put('/producttypes', [
          { name: 'Goods', api_code: 'goods' },
          { name: 'Course', api_code: 'course', has_shipping: 0, is_default: 1 },
        ]);
        expect(res.body.data.map((d: { is_default: number }) => d.is_default)).toEqual([0, 1]);
        expect(res.body.meta.batch).toEqual({ created: 0, updated: 2, unchanged: 0 });
        expect((await t.sql(`SELECT api_code FROM product_types WHERE is_default`)).map((r) => r.api_code)).toEqual(['course']);
        // And back, by the item PUT.
        expect((await put('/producttype/goods', { name: 'Goods', api_code: 'goods', is_default: 1 })).body.data.is_default).toBe(1);
        expect((await t.sql(`SELECT api_code FROM product_types WHERE is_default`)).map((r) => r.api_code)).toEqual(['goods']);
      });

      it('refuses two members taking the default (422), the default replaced without it (409), repeated keys; nothing written', async () => {
        expect(
          (
            await put('/producttypes', [
              { name: 'A', api_code: 'type-a', is_default: 1 },
              { name: 'B', api_code: 'type-b', is_default: 1 },
            ])
          ).body,
        ).toEqual(fail(422, { '1.is_default': ['is 1 on member 0 too: one type is the default'] }));
        expect(
          (
            await put('/producttypes', [
              { name: 'A', api_code: 'type-a' },
              { name: 'Goods', api_code: 'goods' },
            ])
          ).body,
        ).toEqual(fail(409, `Member 1: ${stillDefault}`));
        expect(
          (
            await put('/producttypes', [
              { name: 'A', api_code: 'type-a' },
              { name: 'A', api_code: 'TYPE-A' },
            ])
          ).body,
        ).toEqual(fail(422, { '1.api_code': ["is the same as member 0's"] }));
        expect(await t.sql(`SELECT id FROM product_types WHERE api_code = 'type-a'`)).toEqual([]);
      });

      it('costs the same statements for 2 members as for 20, and replays an Idempotency-Key', async () => {
        const count = async (n: number, offset: number) => {
          queryCounter.reset();
          const body = Array.from({ length: n }, (_, i) => ({ name: `Kind ${i}`, api_code: `kind-${offset + i}`, has_extras: 0 }));
          const res = await put('/producttypes', [{ name: 'Voucher', api_code: 'voucher', is_default: 1 }, ...body]);
          expect(res.status).toBe(200);
          return queryCounter.count;
        };
        expect(await count(20, 100)).toBe(await count(2, 0));
        await put('/producttype/goods', { name: 'Goods', api_code: 'goods', is_default: 1 });
        const send = () =>
          t.http
            .put('/producttypes')
            .set(auth)
            .set('Idempotency-Key', 'types-1')
            .send([{ name: 'Kit', api_code: 'kit' }]);
        const a = await send();
        const b = await send();
        expect([a.status, b.headers['idempotent-replayed'], b.body]).toEqual([200, 'true', a.body]);
      });
    });
  });

  describe('PUT /product/{p}/review/{id}', () => {
    it('replaces under PATCH’s rules: a left-out status is pending again, the rating follows; no create by id', async () => {
      await put('/product/LAMP', { name: 'Lamp' });
      const review = (
        await t.http.post('/product/LAMP/review').set(auth).send({ author_name: 'Ada', rating: 4, title: 'Bright', status: 'approved' })
      ).body.data;
      const lamp = () => t.sql(`SELECT rating_average, rating_count FROM products WHERE sku = 'LAMP'`);
      expect(await lamp()).toEqual([{ rating_average: '4.00', rating_count: 1 }]);
      const replaced = await put(`/product/LAMP/review/${review.id}`, { author_name: 'Ada L.', rating: 5 });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({
        author_name: 'Ada L.',
        rating: 5,
        title: null,
        status: 'pending',
        approved_at: review.approved_at,
      });
      expect(await lamp()).toEqual([{ rating_average: null, rating_count: 0 }]);
      const approved = await put(`/product/LAMP/review/${review.id}`, { author_name: 'Ada L.', rating: 5, status: 'approved' });
      expect(approved.body.data.status).toBe('approved');
      expect(await lamp()).toEqual([{ rating_average: '5.00', rating_count: 1 }]);
      expect(
        (
          await t.sql<{ type: string }>(`SELECT type FROM events WHERE resource = 'review' AND resource_id = $1 ORDER BY id`, [review.id])
        ).map((e) => e.type),
      ).toEqual(['review.created', 'review.approved', 'review.updated', 'review.updated', 'review.approved']);
      expect((await put('/product/LAMP/review/9999', { author_name: 'X', rating: 3 })).body).toEqual(
        fail(404, 'Review 9999 was not found.'),
      );
      expect((await put(`/product/LAMP/review/${review.id}`, { author_name: 'X' })).body).toEqual(fail(422, { rating: ['is required'] }));
    });
  });
});
