import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * Category links and custom field values changed by a product PUT, a part collection PUT or a batch record
 * the events their own routes record (`product.category.created|deleted`, `product.customfield.updated|deleted`),
 * with the same data; a write that changes nothing records nothing and moves no updated_at
 * (docs/api.md#put-replace-a-resource).
 */
describeE2E('category links and custom field values: one set of events, whatever the door', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const steps = apiSteps(
    () => t,
    () => auth,
  );
  const put = (path: string, body: unknown) =>
    t.http
      .put(path)
      .set(auth)
      .send(body as object);
  let tees: Json;
  let mugs: Json;
  let product: Json;

  beforeAll(async () => {
    t = await bootTestApp('catalog_link_events');
    auth = { Authorization: `Bearer ${await t.token()}` };
    tees = await steps.create('/category', { name: 'Tees' });
    mugs = await steps.create('/category', { name: 'Mugs' });
    await steps.create('/customfielddefinitions', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' });
    product = await steps.create('/product', { name: 'Tee', sku: 'TEE' });
  });

  afterAll(() => t.close());

  const dataOf = async (type: string) => (await steps.events(type, product.id)).map((e) => e.data);

  it('a product PUT records the links it makes and removes, as the link routes do', async () => {
    expect((await put('/product/TEE', { name: 'Tee', category_ids: [tees.id] })).status).toBe(200);
    const linked = await steps.get(`/product/TEE/category/${tees.id}`);
    expect(await dataOf('product.category.created')).toEqual([linked]);
    expect((await put('/product/TEE', { name: 'Tee', category_ids: [mugs.id] })).status).toBe(200);
    expect(await dataOf('product.category.deleted')).toEqual([linked]);
    expect((await dataOf('product.category.created')).map((c) => c.id)).toEqual([tees.id, mugs.id]);
  });

  it('the collection PUT of categories and a batch do the same', async () => {
    expect((await put('/product/TEE/categories', [tees.id, mugs.id])).status).toBe(200);
    expect((await dataOf('product.category.created')).map((c) => c.id)).toEqual([tees.id, mugs.id, tees.id]);
    expect((await put('/products', [{ sku: 'TEE', name: 'Tee', category_ids: [tees.id] }])).status).toBe(200);
    expect((await dataOf('product.category.deleted')).map((c) => c.id)).toEqual([tees.id, mugs.id]);
  });

  it('custom field values set and cleared by a PUT record what their route records', async () => {
    expect((await put('/product/TEE', { name: 'Tee', category_ids: [tees.id], custom_fields: { origin: 'Delft' } })).status).toBe(200);
    const value = await steps.get('/product/TEE/customfield/origin');
    expect(await dataOf('product.customfield.updated')).toEqual([value]);
    expect((await put('/product/TEE', { name: 'Tee', category_ids: [tees.id], custom_fields: {} })).status).toBe(200);
    expect(await dataOf('product.customfield.deleted')).toEqual([value]);
  });

  it('a PUT that changes nothing records nothing and moves no updated_at', async () => {
    const body = { name: 'Tee', category_ids: [tees.id], custom_fields: { origin: 'Leiden' } };
    expect((await put('/product/TEE', body)).status).toBe(200);
    await t.sql(`UPDATE products SET updated_at = '2020-01-01Z' WHERE sku = 'TEE'`);
    const before = (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0].n;
    const again = await put('/product/TEE', body);
    expect(again.body.data.updated_at).toBe('2020-01-01 00:00:00');
    expect((await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0].n).toBe(before);
  });
});
