import { PRODUCT_FIELDS } from '../src/modules/catalog/domain/product-parts.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

/**
 * What GET shows goes back with PUT (docs/api.md#product-types): a product of a type without shipping
 * reads its weight and dimensions as null, and an item PUT, a batch member or an import line sending
 * those nulls back is taken; a value is still refused.
 */
describeE2E('product types: GET then PUT of a product without shipping', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const SERVICE = 2;
  const writable = (view: Record<string, unknown>) =>
    Object.fromEntries([...PRODUCT_FIELDS, 'product_type_id'].filter((f) => f in view).map((f) => [f, view[f]]));

  beforeAll(async () => {
    t = await bootTestApp('product_type_round_trip');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  it('takes its body back as GET shows it, by item PUT and batch, unchanged', async () => {
    const created = await t.http.post('/product').set(auth).send({ name: 'Consultation', sku: 'HOUR', product_type_id: SERVICE });
    expect(created.status).toBe(201);
    const got = (await t.http.get('/product/HOUR').set(auth)).body.data;
    expect([got.weight, got.width, got.height, got.depth]).toEqual([null, null, null, null]);
    const body = writable(got);
    const item = await t.http.put('/product/HOUR').set(auth).send(body);
    expect(item.status).toBe(200);
    expect(item.body.data).toEqual(got);
    const batch = await t.http.put('/products').set(auth).send([body]);
    expect(batch.status).toBe(200);
    expect(batch.body.meta.batch).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const patch = await t.http.patch('/product/HOUR').set(auth).send({ weight: null, depth: null });
    expect([patch.status, patch.body.data.updated_at]).toEqual([200, got.updated_at]);
    expect(await t.sql(`SELECT weight, depth FROM products WHERE sku = 'HOUR'`)).toEqual([{ weight: '0.00', depth: null }]);
  });

  it('still refuses a value for a type without shipping; a null weight is what a create gives, whatever the type', async () => {
    const refused = await t.http.put('/product/HOUR').set(auth).send({ name: 'Consultation', product_type_id: SERVICE, weight: '1.00' });
    expect(refused.body).toEqual(fail(422, { weight: ['must be null: products of type service have no shipping'] }));
    const goods = await t.http.put('/product/MUG').set(auth).send({ name: 'Mug', weight: null });
    expect([goods.status, goods.body.data.weight]).toEqual([201, '0.00']);
  });
});
