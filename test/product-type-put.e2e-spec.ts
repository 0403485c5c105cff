import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

/**
 * A product's type binds its PUTs (CONTRACT §17, §19) as it binds POST and PATCH: by the item PUT,
 * the batch and a part collection PUT, the types of a whole batch read at once.
 */
describeE2E('product types in the product upsert', () => {
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
});
