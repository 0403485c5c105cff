import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * A part's item routes (POST, PATCH, PUT, DELETE of `/product/{p}/option/{id}`, …) are the product
 * write's too: they record the events a part collection PUT records for the same member, with the
 * same data, and a write that changes nothing records nothing (docs/api.md#events-and-webhooks).
 */
describeE2E('part item routes: the events of the one product write', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const steps = apiSteps(
    () => t,
    () => auth,
  );
  const eventCount = async () => (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0].n;
  const dataOf = async (type: string, id: number) => (await steps.events(type, id)).map((e) => e.data);

  beforeAll(async () => {
    t = await bootTestApp('catalog_part_item_events');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await steps.create('/product', { name: 'Tee', sku: 'TEE' });
  });

  afterAll(() => t.close());

  it('deleting an option records product.option.deleted with the option as it was, as a collection PUT does', async () => {
    const fit = await steps.create('/product/TEE/option', { name: 'Fit', values: ['Slim'] });
    expect(await dataOf('product.option.created', fit.id as number)).toEqual([fit]);
    const deleted = await t.http.delete(`/product/TEE/option/${fit.id}`).set(auth);
    expect(deleted.status).toBe(200);
    expect(await dataOf('product.option.deleted', fit.id as number)).toEqual([fit]);
    // Deleting it again changes nothing: no second event.
    const before = await eventCount();
    expect((await t.http.delete(`/product/TEE/option/${fit.id}`).set(auth)).status).toBe(200);
    expect(await eventCount()).toBe(before);

    const cut = await steps.create('/product/TEE/option', { name: 'Cut', values: ['Loose'] });
    expect((await t.http.put('/product/TEE/options').set(auth).send([])).status).toBe(200);
    expect(await dataOf('product.option.deleted', cut.id as number)).toEqual([cut]);
  });

  it('PATCH and PUT of a member record product.<part>.updated as GET shows it; the same values again record nothing', async () => {
    const size = await steps.create('/product/TEE/attribute', { name: 'Size', value: 'M' });
    const patched = await t.http.patch(`/product/TEE/attribute/${size.id}`).set(auth).send({ value: 'L' });
    expect(patched.status).toBe(200);
    const put = await t.http.put(`/product/TEE/attribute/${size.id}`).set(auth).send({ name: 'Size', value: 'XL' });
    expect(put.status).toBe(200);
    expect(await dataOf('product.attribute.updated', size.id as number)).toEqual([patched.body.data, put.body.data]);
    const before = await eventCount();
    expect((await t.http.put(`/product/TEE/attribute/${size.id}`).set(auth).send({ name: 'Size', value: 'XL' })).status).toBe(200);
    expect(await eventCount()).toBe(before);
    const removed = await t.http.delete(`/product/TEE/attribute/${size.id}`).set(auth);
    expect(await dataOf('product.attribute.deleted', size.id as number)).toEqual([removed.body.data]);
    expect(removed.body.data).toEqual(put.body.data);
  });

  it("a variant's price tier: created, changed and deleted with the events a variant's tier PUT records", async () => {
    const variant = (await steps.create('/product/TEE/variant', { sku: 'TEE-V' })) as Json;
    const tier = await steps.create('/variant/TEE-V/pricetier', { quantity: 5, price: '9.00' });
    expect(await dataOf('product.variant.pricetier.created', tier.id as number)).toEqual([tier]);
    const patched = await t.http.patch(`/variant/${variant.id}/pricetier/${tier.id}`).set(auth).send({ price: '8.00' });
    expect(await dataOf('product.variant.pricetier.updated', tier.id as number)).toEqual([patched.body.data]);
    expect((await t.http.put('/variant/TEE-V/pricetiers').set(auth).send([])).status).toBe(200);
    expect(await dataOf('product.variant.pricetier.deleted', tier.id as number)).toEqual([patched.body.data]);
  });

  it('category link and custom field value routes record what a product PUT records for them', async () => {
    const tees = await steps.create('/category', { name: 'Tees' });
    await steps.create('/customfielddefinitions', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' });
    const product = await steps.get('/product/TEE');
    const dataFor = (type: string) => dataOf(type, product.id as number);
    const linked = await t.http.post('/product/TEE/categories').set(auth).send({ category_id: tees.id });
    expect(linked.status).toBe(200);
    expect(await dataFor('product.category.created')).toEqual(linked.body.data);
    const unlinked = await t.http.delete(`/product/TEE/category/${tees.id}`).set(auth);
    expect(await dataFor('product.category.deleted')).toEqual([unlinked.body.data]);
    const set = await t.http.patch('/product/TEE/customfield/origin').set(auth).send({ value: 'Delft' });
    expect(set.status).toBe(200);
    const before = await eventCount();
    expect((await t.http.put('/product/TEE/customfield/origin').set(auth).send({ value: 'Delft' })).status).toBe(200);
    expect(await eventCount()).toBe(before);
    const cleared = await t.http.patch('/product/TEE/customfield/origin').set(auth).send({ value: null });
    expect(cleared.body.data.value).toBeNull();
    expect(await dataFor('product.customfield.updated')).toEqual([set.body.data]);
    expect(await dataFor('product.customfield.deleted')).toEqual([set.body.data]);
    // A product PUT linking and setting the same records the same data.
    const put = await t.http
      .put('/product/TEE')
      .set(auth)
      .send({ name: 'Tee', category_ids: [tees.id], custom_fields: { origin: 'Delft' } });
    expect(put.status).toBe(200);
    expect(await dataFor('product.category.created')).toEqual([...linked.body.data, ...linked.body.data]);
    expect(await dataFor('product.customfield.updated')).toEqual([set.body.data, set.body.data]);
  });
});
