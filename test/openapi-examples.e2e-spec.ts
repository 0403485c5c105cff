import { type Json, METHODS, documentSchemas, pointer } from './support/openapi-schema.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * One step per operation that takes a body, in dependency order: its path parameters, and what to
 * remember of the answer. The first test checks that this covers every request example of the document.
 */
type Ids = Record<string, number | string>;
interface Step {
  op: string;
  params?: (ids: Ids) => Record<string, number | string>;
  save?: string;
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

  it('every request example validates against its body schema and is accepted (2xx) in dependency order', async () => {
    const ids: Ids = {};
    const steps: Step[] = [
      { op: 'countriesCreate', save: 'country' },
      { op: 'countriesUpdate', params: (i) => ({ id: i.country }) },
      { op: 'countriesCreateState', params: (i) => ({ id: i.country }), save: 'state' },
      { op: 'countriesUpdateState', params: (i) => ({ id: i.country, stateId: i.state }) },
      { op: 'customFieldsCreate' },
      { op: 'customFieldsUpdate', params: () => ({ name: 'gift_wrap' }) },
      { op: 'taxClassesCreate', save: 'taxClass' },
      { op: 'taxClassesUpdate', params: (i) => ({ id: i.taxClass }) },
      { op: 'taxClassesCreateRate', params: (i) => ({ id: i.taxClass }), save: 'rate' },
      { op: 'taxClassesUpdateRate', params: (i) => ({ id: i.taxClass, rateId: i.rate }) },
      { op: 'categoriesCreate', save: 'category' },
      { op: 'categoriesUpdate', params: (i) => ({ id: i.category }) },
      // The same example twice: the product made at a key is deleted, so the SKU is free again.
      {
        op: 'productsCreateAtKey',
        params: () => ({ key: 'new' }),
        after: async (_i, data) => void (await t.http.delete(`/product/${data.id}`).set(auth).expect(200)),
      },
      { op: 'productsCreate', save: 'product' },
      { op: 'productsUpdate', params: (i) => ({ key: i.product }) },
      { op: 'productOptionsCreate', params: (i) => ({ owner: i.product }), save: 'option' },
      { op: 'productOptionsUpdate', params: (i) => ({ owner: i.product, id: i.option }) },
      { op: 'productVariantsCreate', params: (i) => ({ owner: i.product }), save: 'variant' },
      { op: 'productVariantsUpdate', params: (i) => ({ owner: i.product, id: i.variant }) },
      { op: 'productExtrasCreate', params: (i) => ({ owner: i.product }), save: 'extra' },
      { op: 'productExtrasUpdate', params: (i) => ({ owner: i.product, id: i.extra }) },
      { op: 'productAttributesCreate', params: (i) => ({ owner: i.product }), save: 'attribute' },
      { op: 'productAttributesUpdate', params: (i) => ({ owner: i.product, id: i.attribute }) },
      { op: 'productPriceTiersCreate', params: (i) => ({ owner: i.product }), save: 'tier' },
      { op: 'productPriceTiersUpdate', params: (i) => ({ owner: i.product, id: i.tier }) },
      { op: 'variantPriceTiersCreate', params: (i) => ({ owner: i.variant }), save: 'variantTier' },
      { op: 'variantPriceTiersUpdate', params: (i) => ({ owner: i.variant, id: i.variantTier }) },
      { op: 'productCategoriesLink', params: (i) => ({ owner: i.product }) },
      { op: 'productCustomFieldsUpdate', params: (i) => ({ owner: i.product, name: 'origin' }) },
      { op: 'customerGroupsCreate', save: 'group' },
      { op: 'customerGroupsUpdate', params: () => ({ key: 'wholesale' }) },
      { op: 'customersCreate', save: 'customer' },
      { op: 'customersUpdate', params: (i) => ({ id: i.customer }) },
      { op: 'customersCreateAddress', params: (i) => ({ id: i.customer }), save: 'address' },
      { op: 'customersUpdateAddress', params: (i) => ({ id: i.customer, aid: i.address }) },
      { op: 'couponsCreate' },
      { op: 'couponsUpdate', params: () => ({ key: 'SPRING10' }) },
      { op: 'billingPlansCreate', save: 'plan' },
      { op: 'billingPlansUpdate', params: (i) => ({ id: i.plan }) },
      { op: 'subscriptionsCreate', save: 'subscription' },
      { op: 'subscriptionsUpdate', params: (i) => ({ id: i.subscription }) },
      { op: 'subscriptionsAddProduct', params: (i) => ({ id: i.subscription }) },
      { op: 'shipmentsCreate', save: 'shipment' },
      { op: 'shipmentsUpdate', params: (i) => ({ id: i.shipment }) },
      { op: 'shipmentsCreateTrackingCode', params: (i) => ({ id: i.shipment }), save: 'trackingCode' },
      { op: 'shipmentsUpdateTrackingCode', params: (i) => ({ id: i.shipment, code: i.trackingCode }) },
      { op: 'quotesCreate', save: 'quote' },
      { op: 'quotesUpdate', params: (i) => ({ id: i.quote }) },
      { op: 'quotesSend', params: (i) => ({ id: i.quote }) },
      // After send-quote: an ordered quote can no longer be sent.
      { op: 'ordersConvert', params: (i) => ({ id: i.quote }), save: 'order' },
      { op: 'ordersUpdate', params: (i) => ({ id: i.order }) },
      { op: 'webhooksCreate', save: 'webhook' },
      { op: 'webhooksUpdate', params: (i) => ({ id: i.webhook }) },
    ];

    // The plan covers exactly the operations whose body has an example, and every body has one.
    const withBody = operations().filter(({ op }) => op.requestBody);
    expect(withBody.filter(({ op }) => !op.requestBody.content['application/json'].examples).map(({ op }) => op.operationId)).toEqual([]);
    expect(steps.map((s) => s.op).sort()).toEqual(withBody.map(({ op }) => op.operationId).sort());

    // Not an example: the product custom field the product custom field example sets.
    await t.http
      .post('/customfielddefinitions')
      .set(auth)
      .send({ name: 'origin', label: 'Origin', entity: 'product', type: 'string' })
      .expect(201);

    const substituted = (value: unknown, key = ''): unknown => {
      const ref: Record<string, string> = {
        customer_id: 'customer',
        billing_plan_id: 'plan',
        x_billing_plan_id: 'plan',
        product_id: 'product',
        variant_id: 'variant',
        tax_class_id: 'taxClass',
        category_id: 'category',
        category_ids: 'category',
        parent_id: 'category',
        customer_group_id: 'group',
      };
      if (Array.isArray(value)) return value.map((v) => substituted(v, key));
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituted(v, k)]));
      }
      return Object.hasOwn(ref, key) && typeof value === 'number' ? ids[ref[key]] : value;
    };

    for (const step of steps) {
      const { path, method, op } = withBody.find(({ op }) => op.operationId === step.op)!;
      const media = op.requestBody.content['application/json'] as Json;
      const [ref] = Object.values(media.examples as Json) as { $ref: string }[];
      const example = exampleValue(ref);
      const schemaAt = `/${pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema')}`;
      expect({ op: step.op, errors: errorsOf(schemaAt, example) }).toEqual({ op: step.op, errors: [] });

      const params = step.params?.(ids) ?? {};
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
      const res = await t.http[method as 'post' | 'patch'](url)
        .set(auth)
        .send(substituted(example) as object);
      expect({ op: step.op, url, status: res.status, body: res.status < 300 ? 'ok' : res.body }).toEqual({
        op: step.op,
        url,
        status: Number(Object.keys(op.responses).find((s) => /^2\d\d$/.test(s))),
        body: 'ok',
      });
      if (step.save) ids[step.save] = step.save === 'trackingCode' ? res.body.data.code : res.body.data.id;
      await step.after?.(ids, res.body.data as Json);
    }
  });
});
