import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * A collection PUT compares If-Match with the ETag its GET gives the collection (docs/api.md#put-replace-a-resource):
 * a stale one is a 412 and nothing is written; the current one lets the PUT through. And the variant price tiers,
 * written through their own routes, their collection PUT and the product PUT, are locked alike: concurrent writes
 * through two doors are all answered and the last writer's tiers stay.
 */
describeE2E('collection PUT preconditions and variant tier locks', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const steps = apiSteps(
    () => t,
    () => auth,
  );
  const put = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.http
      .put(path)
      .set({ ...auth, ...headers })
      .send(body as object);

  let product: Json;
  let variant: Json;

  beforeAll(async () => {
    t = await bootTestApp('collection_preconditions');
    auth = { Authorization: `Bearer ${await t.token()}` };
    product = await steps.create('/product', { name: 'Shirt', sku: 'SHIRT', base_price: '10.00' });
    variant = await steps.create(`/product/${product.id}/variant`, { sku: 'SHIRT-S', base_price: '10.00' });
    await steps.create('/country', { name: 'Canada', code: 'CA', code_3: 'CAN' });
    await steps.create('/taxclass', { name: 'Reduced' });
  });

  afterAll(() => t.close());

  const collections = (): [string, unknown[]][] => [
    [`/product/${product.id}/pricetiers`, [{ quantity: 5, price: '9.00' }]],
    [`/product/${product.id}/extras`, [{ sku: 'WRAP', name: 'Gift wrap', price: '2.00' }]],
    [`/product/${product.id}/attributes`, [{ name: 'Material', value: 'Cotton' }]],
    [`/product/${product.id}/variants`, [{ sku: 'SHIRT-S', base_price: '11.00' }]],
    [`/variant/${variant.id}/pricetiers`, [{ quantity: 3, price: '8.00' }]],
    ['/countries/CA/states', [{ name: 'Ontario', code: 'ON' }]],
  ];

  it('a stale If-Match is a 412 and nothing is written; the ETag its GET gives lets the PUT through', async () => {
    for (const [path, body] of collections()) {
      const before = await t.http.get(path).set(auth);
      expect(before.status).toBe(200);
      const stale = await put(path, body, { 'If-Match': '"stale"' });
      expect([path, stale.status]).toEqual([path, 412]);
      const after = await t.http.get(path).set(auth);
      expect([path, after.headers.etag]).toEqual([path, before.headers.etag]);
      const fresh = await put(path, body, { 'If-Match': before.headers.etag });
      expect([path, fresh.status]).toEqual([path, 200]);
      const changed = await t.http.get(path).set(auth);
      expect(changed.headers.etag).not.toBe(before.headers.etag);
      // The ETag of the collection as it is now passes again (a PUT that changes nothing).
      expect((await put(path, body, { 'If-Match': changed.headers.etag })).status).toBe(200);
    }
  });

  it('variant tiers written concurrently through their route, their collection PUT and the product PUT: all answered, last writer wins', async () => {
    const tiersPath = `/variant/${variant.id}/pricetiers`;
    for (let round = 0; round < 6; round++) {
      const mine = [
        { quantity: 10 + round, price: '7.00' },
        { quantity: 20 + round, price: '6.00' },
      ];
      const viaProduct = {
        name: 'Shirt',
        sku: 'SHIRT',
        base_price: '10.00',
        variants: [{ sku: 'SHIRT-S', base_price: '11.00', price_tiers: [{ quantity: 30 + round, price: '5.00' }] }],
      };
      const answers = await Promise.all([
        put(tiersPath, mine),
        put(`/product/${product.id}`, viaProduct),
        t.http
          .post(tiersPath)
          .set(auth)
          .send({ quantity: 40 + round, price: '4.00' }),
        put(tiersPath, mine),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 201, 200]);
      // One more write, alone: its state is what the tiers read afterwards.
      const last = await put(tiersPath, mine);
      expect(last.status).toBe(200);
      const read = await t.http.get(tiersPath).set(auth);
      expect(read.body.data.map((x: Json) => x.quantity)).toEqual([10 + round, 20 + round]);
    }
  });
});
