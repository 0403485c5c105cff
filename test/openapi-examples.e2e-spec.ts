import { type Json, METHODS, documentSchemas, pointer } from './support/openapi-schema.js';
import { DemoSeeder } from '../src/modules/demo/demo.seeder.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * One step per operation that takes a body, in dependency order: its path parameters (demo rows, or
 * rows an earlier example made), and what to remember of the answer. The second test checks that
 * this covers every request example of the document.
 */
type Ids = Record<string, number | string>;
interface Step {
  op: string;
  params?: (ids: Ids) => Record<string, number | string>;
  save?: string;
  /** The query string the operation needs besides its body (`resource=products` for an import). */
  query?: string;
  /** Runs after the step (to free a unique key another example uses again). */
  after?: (ids: Ids, data: Json) => Promise<void>;
}

describeE2E('the examples of the OpenAPI document', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  let doc: Json;
  let validatorAt: ReturnType<typeof documentSchemas>;

  beforeAll(async () => {
    // The webhook example's host is not resolved (nothing may be reachable from the test machine).
    t = await bootTestApp('openapi_examples', { WEBHOOK_ALLOW_PRIVATE: 'true' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    doc = (await t.http.get('/openapi.json')).body as Json;
    validatorAt = documentSchemas(doc);
  });
  afterAll(() => t?.close());

  const operations = () =>
    Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([m]) => METHODS.includes(m))
        .map(([method, op]) => ({ path, method, op: op as Json })),
    );
  const exampleValue = (ref: { $ref: string }) => doc.components.examples[ref.$ref.split('/').pop()!].value as unknown;
  const errorsOf = (schemaPointer: string, value: unknown) => {
    const validate = validatorAt(`#${schemaPointer}`);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e: { instancePath: string; message?: string }) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };

  it('every response example validates against the schema of its response, and shows its own status', () => {
    let checked = 0;
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const resolved = (response.$ref ? doc.components.responses[(response.$ref as string).split('/').pop()!] : response) as Json;
        const media = resolved.content?.['application/json'] as Json | undefined;
        if (!media) continue;
        const at = response.$ref
          ? `/components/responses/${(response.$ref as string).split('/').pop()}/content/application~1json/schema`
          : `/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`;
        const values = [
          ...(media.example !== undefined ? [media.example] : []),
          ...Object.values((media.examples ?? {}) as Json).map((e) => exampleValue(e as { $ref: string })),
        ];
        expect({ where: `${method} ${path} ${status}`, examples: values.length }).toEqual({
          where: `${method} ${path} ${status}`,
          examples: expect.any(Number),
        });
        for (const value of values) {
          const where = `${method.toUpperCase()} ${path} ${status}`;
          expect({ where, errors: errorsOf(at, value), status: (value as Json).meta.status }).toEqual({
            where,
            errors: [],
            status: Number(status),
          });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(126 * 2);
  });

  it('every request example validates against its body schema and is accepted (2xx) by the demo store, unchanged, in dependency order', async () => {
    // The demo data `npm start` loads into an empty store.
    await t.app.get(DemoSeeder, { strict: false }).seed();
    const one = async (text: string) => {
      const rows = await t.sql<{ id: number }>(text);
      expect({ text, rows: rows.length }).toEqual({ text, rows: 1 });
      return rows[0].id;
    };
    // The ids the examples name are those of the demo rows they are about.
    expect(await t.sql("SELECT id, sku FROM products WHERE sku IN ('DEMO-TSHIRT', 'DEMO-COFFEE', 'DEMO-MUG') ORDER BY id")).toEqual([
      { id: 1, sku: 'DEMO-TSHIRT' },
      { id: 2, sku: 'DEMO-COFFEE' },
      { id: 3, sku: 'DEMO-MUG' },
    ]);
    expect(await t.sql("SELECT id, email FROM customers WHERE email = 'ada@example.com'")).toEqual([{ id: 1, email: 'ada@example.com' }]);
    expect(await t.sql("SELECT id, name FROM tax_classes WHERE name = 'Standard'")).toEqual([{ id: 1, name: 'Standard' }]);
    expect(await t.sql('SELECT id, api_code FROM categories ORDER BY id')).toEqual([
      { id: 1, api_code: 'apparel' },
      { id: 2, api_code: 'kitchen' },
    ]);
    expect(await t.sql("SELECT id FROM customer_groups WHERE api_code = 'wholesale'")).toEqual([{ id: 1 }]);
    expect(await t.sql("SELECT id FROM billing_plans WHERE name = 'Monthly'")).toEqual([{ id: 1 }]);
    const demo: Ids = {
      us: await one("SELECT id FROM countries WHERE code = 'US'"),
      ny: await one("SELECT s.id FROM states s JOIN countries c ON c.id = s.country_id WHERE c.code = 'US' AND s.code = 'NY'"),
      standard: await one("SELECT id FROM tax_classes WHERE name = 'Standard'"),
      reduced: await one("SELECT id FROM tax_classes WHERE name = 'Reduced'"),
      nyRate: await one("SELECT id FROM tax_rates WHERE tax_name = 'NY State Tax'"),
      apparel: await one("SELECT id FROM categories WHERE api_code = 'apparel'"),
      whiteL: await one("SELECT id FROM product_variants WHERE sku = 'DEMO-TSHIRT-WHT-L'"),
      giftWrap: await one("SELECT id FROM product_extras WHERE sku = 'DEMO-GIFT-WRAP'"),
      ada: await one("SELECT id FROM customers WHERE email = 'ada@example.com'"),
      monthly: await one("SELECT id FROM billing_plans WHERE name = 'Monthly'"),
    };

    const ids: Ids = {};
    const steps: Step[] = [
      { op: 'countriesCreate' },
      { op: 'countriesReplace', params: () => ({ id: 'FR' }) },
      { op: 'countriesPutMany' },
      { op: 'countriesReplaceStates', params: () => ({ id: 'FR' }) },
      { op: 'countriesUpdate', params: () => ({ id: demo.us }) },
      { op: 'countriesCreateState', params: () => ({ id: demo.us }) },
      { op: 'countriesReplaceState', params: () => ({ id: demo.us, stateId: 'OR' }) },
      { op: 'countriesUpdateState', params: () => ({ id: demo.us, stateId: demo.ny }) },
      { op: 'customFieldsCreate' },
      { op: 'customFieldsReplace', params: () => ({ name: 'packaging' }) },
      { op: 'customFieldsPutMany' },
      { op: 'customFieldsUpdate', params: () => ({ name: 'gift_wrap' }) },
      { op: 'taxClassesCreate', save: 'taxClass' },
      { op: 'taxClassesReplace', params: (i) => ({ id: i.taxClass }) },
      { op: 'taxClassesUpdate', params: () => ({ id: demo.reduced }) },
      { op: 'taxClassesCreateRate', params: () => ({ id: demo.reduced }), save: 'rate' },
      { op: 'taxClassesReplaceRate', params: (i) => ({ id: demo.reduced, rateId: i.rate }) },
      { op: 'taxClassesReplaceRates', params: () => ({ id: demo.reduced }) },
      { op: 'taxClassesUpdateRate', params: () => ({ id: demo.standard, rateId: demo.nyRate }) },
      { op: 'categoriesCreate' },
      { op: 'categoriesReplace', params: () => ({ id: 'drinkware' }) },
      { op: 'categoriesPutMany' },
      { op: 'categoriesUpdate', params: () => ({ id: demo.apparel }) },
      { op: 'productTypesCreate' },
      { op: 'productTypesUpdate', params: () => ({ key: 'goods' }) },
      { op: 'productTypesReplace', params: () => ({ key: 'gift-card' }) },
      { op: 'productTypesPutMany' },
      { op: 'reviewsCreate', params: () => ({ owner: 'DEMO-TSHIRT' }), save: 'review' },
      { op: 'reviewsUpdate', params: (i) => ({ owner: 'DEMO-TSHIRT', id: i.review }) },
      { op: 'reviewsReplace', params: (i) => ({ owner: 'DEMO-TSHIRT', id: i.review }) },
      // The same example twice: the product made at a key is deleted, so the SKU is free again.
      {
        op: 'productsCreateAtKey',
        params: () => ({ key: 'new' }),
        after: async (_i, data) => void (await t.http.delete(`/product/${data.id}`).set(auth).expect(200)),
      },
      { op: 'productsCreate', save: 'product' },
      { op: 'productsUpdate', params: () => ({ key: 'DEMO-HOODIE' }) },
      { op: 'productOptionsCreate', params: () => ({ owner: 'DEMO-HOODIE' }), save: 'option' },
      { op: 'productOptionsUpdate', params: (i) => ({ owner: 'DEMO-HOODIE', id: i.option }) },
      { op: 'productOptionsReplace', params: (i) => ({ owner: 'DEMO-HOODIE', id: i.option }) },
      { op: 'productVariantsCreate', params: () => ({ owner: 'DEMO-HOODIE' }), save: 'variant' },
      { op: 'productVariantsReplace', params: (i) => ({ owner: 'DEMO-HOODIE', id: i.variant }) },
      { op: 'productVariantsUpdate', params: () => ({ owner: 'DEMO-TSHIRT', id: demo.whiteL }) },
      { op: 'productExtrasCreate', params: () => ({ owner: 'DEMO-MUG' }), save: 'extra' },
      { op: 'productExtrasReplace', params: (i) => ({ owner: 'DEMO-MUG', id: i.extra }) },
      { op: 'productExtrasUpdate', params: () => ({ owner: 'DEMO-MUG', id: demo.giftWrap }) },
      { op: 'productAttributesCreate', params: () => ({ owner: 'DEMO-TSHIRT' }), save: 'attribute' },
      { op: 'productAttributesUpdate', params: (i) => ({ owner: 'DEMO-TSHIRT', id: i.attribute }) },
      { op: 'productAttributesReplace', params: (i) => ({ owner: 'DEMO-TSHIRT', id: i.attribute }) },
      { op: 'productPriceTiersCreate', params: () => ({ owner: 'DEMO-TSHIRT' }), save: 'tier' },
      { op: 'productPriceTiersUpdate', params: (i) => ({ owner: 'DEMO-TSHIRT', id: i.tier }) },
      { op: 'productPriceTiersReplace', params: (i) => ({ owner: 'DEMO-TSHIRT', id: i.tier }) },
      { op: 'variantPriceTiersCreate', params: () => ({ owner: demo.whiteL }), save: 'variantTier' },
      { op: 'variantPriceTiersUpdate', params: (i) => ({ owner: demo.whiteL, id: i.variantTier }) },
      { op: 'variantPriceTiersReplace', params: (i) => ({ owner: demo.whiteL, id: i.variantTier }) },
      { op: 'productCategoriesLink', params: () => ({ owner: 'DEMO-HOODIE' }) },
      // The hoodie replaced as a whole, then part by part, and a batch of one sweater.
      { op: 'productsPut', params: () => ({ key: 'DEMO-HOODIE' }) },
      { op: 'productOptionsReplaceAll', params: () => ({ owner: 'DEMO-HOODIE' }) },
      { op: 'productVariantsReplaceAll', params: () => ({ owner: 'DEMO-HOODIE' }) },
      { op: 'variantPriceTiersReplaceAll', params: () => ({ owner: 'DEMO-HOODIE-L' }) },
      { op: 'productPriceTiersReplaceAll', params: () => ({ owner: 'DEMO-HOODIE' }) },
      { op: 'productExtrasReplaceAll', params: () => ({ owner: 'DEMO-HOODIE' }) },
      { op: 'productAttributesReplaceAll', params: () => ({ owner: 'DEMO-HOODIE' }) },
      { op: 'productCategoriesReplaceAll', params: () => ({ owner: 'DEMO-HOODIE' }) },
      { op: 'productsPutMany' },
      { op: 'productCustomFieldsUpdate', params: () => ({ owner: 'DEMO-COFFEE', name: 'origin' }) },
      { op: 'productCustomFieldsReplace', params: () => ({ owner: 'DEMO-COFFEE', name: 'origin' }) },
      { op: 'customerGroupsCreate' },
      { op: 'customerGroupsReplace', params: () => ({ key: 'partners' }) },
      { op: 'customerGroupsPutMany' },
      { op: 'customerGroupsUpdate', params: () => ({ key: 'wholesale' }) },
      { op: 'customersCreate', save: 'customer' },
      { op: 'customersReplace', params: (i) => ({ id: i.customer }) },
      { op: 'customersPutMany' },
      { op: 'customersUpdate', params: () => ({ id: demo.ada }) },
      { op: 'customersCreateAddress', params: () => ({ id: demo.ada }), save: 'address' },
      { op: 'customersUpdateAddress', params: (i) => ({ id: demo.ada, aid: i.address }) },
      { op: 'customersReplaceAddress', params: (i) => ({ id: demo.ada, aid: i.address }) },
      { op: 'couponsCreate' },
      { op: 'couponsReplace', params: () => ({ key: 'SPRING10' }) },
      { op: 'couponsPutMany' },
      { op: 'couponsUpdate', params: () => ({ key: 'WELCOME10' }) },
      { op: 'billingPlansCreate', save: 'plan' },
      { op: 'billingPlansReplace', params: (i) => ({ id: i.plan }) },
      { op: 'billingPlansUpdate', params: () => ({ id: demo.monthly }) },
      { op: 'subscriptionsCreate', save: 'subscription' },
      { op: 'subscriptionsUpdate', params: (i) => ({ id: i.subscription }) },
      { op: 'subscriptionsReplace', params: (i) => ({ id: i.subscription }) },
      { op: 'subscriptionsAddProduct', params: (i) => ({ id: i.subscription }) },
      { op: 'subscriptionsReplaceProducts', params: (i) => ({ id: i.subscription }) },
      { op: 'shipmentsCreate', save: 'shipment' },
      { op: 'shipmentsUpdate', params: (i) => ({ id: i.shipment }) },
      { op: 'shipmentsReplace', params: (i) => ({ id: i.shipment }) },
      { op: 'shipmentsCreateTrackingCode', params: (i) => ({ id: i.shipment }), save: 'trackingCode' },
      { op: 'shipmentsUpdateTrackingCode', params: (i) => ({ id: i.shipment, code: i.trackingCode }) },
      { op: 'shipmentsReplaceTrackingCode', params: (i) => ({ id: i.shipment, code: i.trackingCode }) },
      { op: 'shipmentsReplaceTrackingCodes', params: (i) => ({ id: i.shipment }) },
      { op: 'quotesCreate', save: 'quote' },
      { op: 'quotesUpdate', params: (i) => ({ id: i.quote }) },
      { op: 'quotesReplace', params: (i) => ({ id: i.quote }) },
      // The demo quote, as the README's walk sends it.
      { op: 'quotesSend', params: () => ({ id: 'Q1001' }) },
      { op: 'ordersConvert', params: (i) => ({ id: i.quote }), save: 'order' },
      { op: 'ordersUpdate', params: (i) => ({ id: i.order }) },
      { op: 'ordersReplace', params: (i) => ({ id: i.order }) },
      { op: 'storesUpdate' },
      { op: 'webhooksCreate', save: 'webhook' },
      { op: 'webhooksUpdate', params: (i) => ({ id: i.webhook }) },
      { op: 'webhooksReplace', params: (i) => ({ id: i.webhook }) },
      { op: 'exportsCreate' },
      // An NDJSON upload: sent as it is, in its own media type.
      { op: 'importsCreate', query: 'resource=products' },
    ];

    // The plan covers exactly the operations whose body has an example, and every body has one.
    // An alias's copy (`x-alias-of`) has its endpoint's body and example: sent once, at the endpoint.
    const withBody = operations().filter(({ op }) => op.requestBody && !op['x-alias-of']);
    const mediaOf = (op: Json) => Object.keys(op.requestBody.content as Json)[0];
    expect(withBody.filter(({ op }) => !op.requestBody.content[mediaOf(op)].examples).map(({ op }) => op.operationId)).toEqual([]);
    expect(steps.map((s) => s.op).sort()).toEqual(withBody.map(({ op }) => op.operationId).sort());

    for (const step of steps) {
      const { path, method, op } = withBody.find(({ op }) => op.operationId === step.op)!;
      const type = mediaOf(op);
      const media = op.requestBody.content[type] as Json;
      const [ref] = Object.values(media.examples as Json) as { $ref: string }[];
      const example = exampleValue(ref);
      const schemaAt = `/${pointer('paths', path, method, 'requestBody', 'content', type, 'schema')}`;
      expect({ op: step.op, errors: errorsOf(schemaAt, example) }).toEqual({ op: step.op, errors: [] });

      const params = step.params?.(ids) ?? {};
      const url =
        path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name]))) + (step.query ? `?${step.query}` : '');
      const res = await t.http[method as 'post' | 'patch' | 'put'](url)
        .set({ ...auth, 'Content-Type': type })
        .send(example as object);
      const status = Number(Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)));
      expect({ op: step.op, url, status: res.status, body: res.status < 300 ? 'ok' : res.body }).toEqual({
        op: step.op,
        url,
        status,
        body: 'ok',
      });
      // The answer is what the document says it is.
      const responseAt = `/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
      expect({ op: step.op, errors: errorsOf(responseAt, res.body) }).toEqual({ op: step.op, errors: [] });
      if (step.save) ids[step.save] = step.save === 'trackingCode' ? res.body.data.code : res.body.data.id;
      await step.after?.(ids, res.body.data as Json);
    }
  });
});
