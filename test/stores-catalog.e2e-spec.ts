import { fail } from './support/envelope.js';
import { type TestApp, describeE2E } from './support/test-app.js';
import { type Json, type StoreHeaders as Headers, type StoreRequest as Request, bootTwoStores, storeCalls } from './support/two-stores.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** What each store holds: the same keys in both (docs/api.md#stores). */
interface Store {
  group: Json;
  category: Json;
  origin: Json;
  tea: Json;
  size: Json;
  teaLarge: Json;
  wrap: Json;
  leaf: Json;
  tier: Json;
  variantTier: Json;
  canada: Json;
  ontario: Json;
  taxClass: Json;
  rate: Json;
  customer: Json;
  address: Json;
  plan: Json;
  quote: Json;
}

const EMBED = 'variants,options,extras,attributes,categories,pricetiers,customfields';

/**
 * A product's parts (options, variants, extras, attributes, price tiers, custom field values, category
 * links), the states of a country, the rates of a tax class, a customer's addresses and a quote's
 * items on two stores of one deployment (docs/api.md#stores): `default` (home.example) and `north`
 * (north.example) hold the same keys, each its own; another store's id in a path is 404 as an unknown
 * one, and in a body 422 with the message an unknown one gets.
 */
describeE2E("stores: a product's parts, states, tax rates, addresses and quote items, each store's own", () => {
  let t: TestApp;
  /** The headers of a request of each store: its host and a key of its own. */
  let home: Headers;
  let away: Headers;
  const mine = {} as Store;
  const theirs = {} as Store;

  const { call, made, read, answers } = storeCalls(() => t);
  /** What `answers` gives when every request is refused with `status` and `message`. */
  const refused = (requests: Request[], status: number, message: unknown) =>
    requests.map(([method, path]) => ({ request: `${method.toUpperCase()} ${path}`, status, body: fail(status, message) }));
  /** A request that must answer 200: its `data`. */
  const changed = async (headers: Headers, method: Method, path: string, body: object) => {
    const res = await call(headers, method, path, body);
    expect([method, path, res.status]).toEqual([method, path, 200]);
    return res.body.data as Json;
  };
  const ids = async (headers: Headers, path: string) => ((await read(headers, path)) as unknown as Json[]).map((r) => r.id);

  /** The same keys in a store: group `trade`, category, field `origin`, TEA with Size, TEA-L, WRAP, CA/ON, … */
  const stock = async (h: Headers, s: Store) => {
    s.group = await made(h, '/customergroup', { name: 'Trade', api_code: 'trade' });
    s.category = await made(h, '/category', { name: 'Tea' });
    s.origin = await made(h, '/customfielddefinition', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' });
    s.tea = await made(h, '/product', { name: 'Tea', sku: 'TEA', base_price: '5.00' });
    s.size = await made(h, '/product/TEA/option', { name: 'Size', values: ['S', 'L'] });
    s.teaLarge = await made(h, '/product/TEA/variant', { sku: 'TEA-L', options: { Size: 'L' }, base_price: '6.00' });
    s.wrap = await made(h, '/product/TEA/extra', { sku: 'WRAP', name: 'Gift wrap', price: '1.00' });
    s.leaf = await made(h, '/product/TEA/attribute', { name: 'Leaf', value: 'Green' });
    s.tier = await made(h, '/product/TEA/pricetier', { quantity: 10, price: '4.50', customer_group_id: s.group.id });
    s.variantTier = await made(h, '/variant/TEA-L/pricetier', { quantity: 10, price: '5.50', customer_group_id: s.group.id });
    await changed(h, 'post', '/product/TEA/categories', { category_id: s.category.id });
    await changed(h, 'patch', '/product/TEA/customfield/origin', { value: 'Assam' });
    s.canada = await made(h, '/country', { name: 'Canada', code: 'CA' });
    s.ontario = await made(h, '/country/CA', { name: 'Ontario', code: 'ON' });
    s.taxClass = await made(h, '/taxclass', { name: 'Standard' });
    s.rate = await made(h, `/taxclass/${s.taxClass.id as number}/rate`, { country: 'CA', state: 'ON', rate: '13' });
    s.customer = await made(h, '/customer', { email: 'olga@example.test' });
    s.address = await made(h, `/customer/${s.customer.id as number}/addresses`, { kind: 'shipping', country_code: 'CA', state_code: 'ON' });
    s.plan = await made(h, '/billingplan', { name: 'Monthly', interval_unit: 'month' });
    s.quote = await made(h, '/quote', {
      name: 'Tea',
      customer_id: s.customer.id,
      items: [{ product_id: s.tea.id, options: { Size: 'L' }, quantity: 2 }],
    });
  };

  beforeAll(async () => {
    ({ t, home, away } = await bootTwoStores('stores_catalog'));
    await stock(home, theirs);
    await stock(away, mine);
    // What only home has: a variant TEA-S, a product field `grade`, a cart field `gift_wrap`, the state BC, the country US.
    await made(home, '/product/TEA/variant', { sku: 'TEA-S', options: { Size: 'S' } });
    await made(home, '/customfielddefinition', { name: 'grade', label: 'Grade', entity: 'product', type: 'string' });
    await made(home, '/customfielddefinition', { name: 'gift_wrap', label: 'Gift wrap', entity: 'cart', type: 'string' });
    await made(home, '/country/CA', { name: 'British Columbia', code: 'BC' });
    await made(home, '/country', { name: 'United States', code: 'US' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the same variant SKU, option, extra, attribute, tier, country and state codes in both stores, each its own', async () => {
    const keys = Object.keys(mine) as (keyof Store)[];
    expect(keys.filter((k) => mine[k].id === theirs[k].id)).toEqual([]);
    const views = async (h: Headers, s: Store) => ({
      variant: await read(h, '/variant/TEA-L'),
      options: await read(h, '/product/TEA/options'),
      extras: await read(h, '/product/TEA/extras'),
      attributes: await read(h, '/product/TEA/attributes'),
      tiers: await read(h, '/product/TEA/pricetiers'),
      variantTiers: await read(h, '/variant/TEA-L/pricetiers'),
      categories: await ids(h, '/product/TEA/categories'),
      fields: await read(h, '/product/TEA/customfields'),
      state: await read(h, '/countries/CA/state/ON'),
      rates: await read(h, `/taxclass/${s.taxClass.id as number}/rates`),
      addresses: await read(h, `/customer/${s.customer.id as number}/addresses`),
    });
    const expected = (s: Store, fields: Json[]) => ({
      variant: s.teaLarge,
      options: [s.size],
      extras: [s.wrap],
      attributes: [s.leaf],
      tiers: [s.tier],
      variantTiers: [s.variantTier],
      categories: [s.category.id],
      fields,
      state: s.ontario,
      rates: [s.rate],
      addresses: [s.address],
    });
    const origin = { name: 'origin', label: 'Origin', type: 'string', value: 'Assam' };
    expect(await views(away, mine)).toEqual(expected(mine, [origin]));
    expect(await views(home, theirs)).toEqual(expected(theirs, [origin, { name: 'grade', label: 'Grade', type: 'string', value: null }]));
    expect(await ids(away, '/product/TEA/variants')).toEqual([mine.teaLarge.id]);
    expect((await call(away, 'get', '/variant/TEA-S')).body).toEqual(fail(404, 'Variant TEA-S was not found.'));
    expect(await ids(away, '/countries/CA/states')).toEqual([mine.ontario.id]);
    expect(await ids(away, '/countries')).toEqual([mine.canada.id]);
    expect(await ids(away, '/taxclasses')).toEqual([mine.taxClass.id]);
  });

  it.each([
    ['options', 'option', 'Option', 'size', { name: 'Colour', values: ['Red'] }],
    ['variants', 'variant', 'Variant', 'teaLarge', { sku: 'TEA-X', options: { Size: 'S' } }],
    ['extras', 'extra', 'Extra', 'wrap', { sku: 'BOX', name: 'Box' }],
    ['attributes', 'attribute', 'Attribute', 'leaf', { name: 'Estate' }],
    ['pricetiers', 'pricetier', 'Price tier', 'tier', { quantity: 20, price: '4.00' }],
  ] as [string, string, string, keyof Store, object][])(
    "%s: another store's product or member in a path is 404, and nothing of it moves",
    async (list, item, label, key, body) => {
      const before = await read(home, `/product/TEA?embed=${EMBED}`);
      const product = theirs.tea.id as number;
      const id = theirs[key].id as number;
      const byProduct: Request[] = [
        ['get', `/product/${product}/${list}`],
        ['post', `/product/${product}/${item}`, body],
        ['put', `/products/${product}/${list}`, []],
        ['get', `/product/${product}/${item}/${id}`],
        ['delete', `/product/${product}/${item}/${id}`],
      ];
      expect(await answers(away, byProduct)).toEqual(refused(byProduct, 404, `Product ${product} was not found.`));
      const byMember: Request[] = [
        ['get', `/product/TEA/${item}/${id}`],
        ['patch', `/products/TEA/${list}/${id}`, {}],
        ['put', `/product/TEA/${item}/${id}`, body],
        ['delete', `/product/TEA/${item}/${id}`],
      ];
      expect(await answers(away, byMember)).toEqual(refused(byMember, 404, `${label} ${id} was not found.`));
      expect(await read(home, `/product/TEA?embed=${EMBED}`)).toEqual(before);
    },
  );

  it("a variant's price tiers, custom field values and category links: another store's variant, tier, field or category in a path is 404", async () => {
    const before = await read(home, `/product/TEA?embed=${EMBED}`);
    const variant = theirs.teaLarge.id as number;
    const tier = theirs.variantTier.id as number;
    const byVariant: Request[] = [
      ['get', `/variant/${variant}`],
      ['get', `/variant/${variant}/pricetiers`],
      ['post', `/variant/${variant}/pricetier`, { quantity: 1, price: '1.00' }],
      ['put', `/variant/${variant}/pricetiers`, []],
      ['get', `/variant/${variant}/pricetier/${tier}`],
    ];
    expect(await answers(away, byVariant)).toEqual(refused(byVariant, 404, `Variant ${variant} was not found.`));
    const byTier: Request[] = [
      ['get', `/variant/TEA-L/pricetier/${tier}`],
      ['patch', `/variants/TEA-L/pricetiers/${tier}`, { price: '1.00' }],
      ['delete', `/variant/TEA-L/pricetier/${tier}`],
    ];
    expect(await answers(away, byTier)).toEqual(refused(byTier, 404, `Price tier ${tier} was not found.`));
    const field = theirs.origin.id as number;
    const byField: Request[] = [
      ['get', `/product/TEA/customfield/${field}`],
      ['patch', `/product/TEA/customfield/${field}`, { value: 'Darjeeling' }],
      ['put', `/product/TEA/customfield/${field}`, { value: 'Darjeeling' }],
    ];
    expect(await answers(away, byField)).toEqual(refused(byField, 404, `Custom field ${field} was not found.`));
    expect(await answers(away, [['patch', '/product/TEA/customfield/grade', { value: 'A' }]])).toEqual(
      refused([['patch', '/product/TEA/customfield/grade']], 404, 'Custom field grade was not found.'),
    );
    const product = theirs.tea.id as number;
    const byProduct: Request[] = [
      ['get', `/product/${product}/customfields`],
      ['patch', `/product/${product}/customfield/origin`, { value: 'Darjeeling' }],
      ['get', `/product/${product}/categories`],
      ['post', `/product/${product}/categories`, { category_id: mine.category.id }],
      ['delete', `/product/${product}/categories`],
      ['delete', `/product/${product}/category/${theirs.category.id as number}`],
    ];
    expect(await answers(away, byProduct)).toEqual(refused(byProduct, 404, `Product ${product} was not found.`));
    const category = theirs.category.id as number;
    const byCategory: Request[] = [
      ['get', `/product/TEA/category/${category}`],
      ['delete', `/product/TEA/category/${category}`],
    ];
    // As for a category of its own that is not linked (docs/api.md#resources).
    expect(await answers(away, byCategory)).toEqual(refused(byCategory, 404, `Category ${category} is not linked to the product.`));
    // A PUT on the other store's product id creates this store's product of that SKU (docs/api.md#put-products-and-their-parts).
    const created = await call(away, 'put', `/product/${product}`, { name: 'Numbered' });
    expect([created.status, created.body.data.sku, created.body.data.id === product]).toEqual([201, String(product), false]);
    expect((await call(away, 'delete', `/product/${product}`)).status).toBe(200);
    expect(await read(home, `/product/TEA?embed=${EMBED}`)).toEqual(before);
  });

  it("refuses another store's customer group, category, tax class, product type and custom field in a product's bodies: 422", async () => {
    const before = await read(away, `/product/TEA?embed=${EMBED}`);
    const group = theirs.group.id as number;
    const category = theirs.category.id as number;
    const type = ((await read(home, '/producttypes')) as unknown as Json[])[0].id as number;
    const tierBody = { quantity: 5, price: '4.00', customer_group_id: group };
    const noGroup = { customer_group_id: ['does not exist'] };
    expect(
      await answers(away, [
        ['post', '/product/TEA/pricetier', tierBody],
        ['patch', `/product/TEA/pricetier/${mine.tier.id as number}`, { customer_group_id: group }],
        ['put', `/product/TEA/pricetier/${mine.tier.id as number}`, tierBody],
        ['put', '/product/TEA/pricetiers', [tierBody]],
        ['post', '/variant/TEA-L/pricetier', tierBody],
        ['patch', `/variant/TEA-L/pricetier/${mine.variantTier.id as number}`, { customer_group_id: group }],
        ['put', '/variant/TEA-L/pricetiers', [{ quantity: 1, price: '1.00' }, tierBody]],
        ['post', '/product/TEA/categories', { category_id: category }],
        ['post', '/product/TEA/categories', { category_ids: [mine.category.id, category] }],
        ['put', '/product/TEA/categories', [category]],
        ['patch', '/product/TEA', { tax_class_id: theirs.taxClass.id, product_type_id: type, category_ids: [category] }],
        [
          'put',
          '/product/TEA',
          {
            name: 'Tea',
            price_tiers: [tierBody],
            variants: [{ sku: 'TEA-L', options: { Size: 'L' }, price_tiers: [tierBody] }],
            category_ids: [category],
            custom_fields: { origin: 'Assam', grade: 'A' },
          },
        ],
      ]),
    ).toEqual([
      { request: 'POST /product/TEA/pricetier', status: 422, body: fail(422, noGroup) },
      { request: `PATCH /product/TEA/pricetier/${mine.tier.id as number}`, status: 422, body: fail(422, noGroup) },
      { request: `PUT /product/TEA/pricetier/${mine.tier.id as number}`, status: 422, body: fail(422, noGroup) },
      { request: 'PUT /product/TEA/pricetiers', status: 422, body: fail(422, { '0.customer_group_id': ['does not exist'] }) },
      { request: 'POST /variant/TEA-L/pricetier', status: 422, body: fail(422, noGroup) },
      { request: `PATCH /variant/TEA-L/pricetier/${mine.variantTier.id as number}`, status: 422, body: fail(422, noGroup) },
      { request: 'PUT /variant/TEA-L/pricetiers', status: 422, body: fail(422, { '1.customer_group_id': ['does not exist'] }) },
      { request: 'POST /product/TEA/categories', status: 422, body: fail(422, { category_id: ['does not exist'] }) },
      { request: 'POST /product/TEA/categories', status: 422, body: fail(422, { 'category_ids.1': ['does not exist'] }) },
      { request: 'PUT /product/TEA/categories', status: 422, body: fail(422, { '0': ['does not exist'] }) },
      {
        request: 'PATCH /product/TEA',
        status: 422,
        body: fail(422, {
          tax_class_id: ['does not exist'],
          product_type_id: ['does not exist'],
          'category_ids.0': ['does not exist'],
        }),
      },
      {
        request: 'PUT /product/TEA',
        status: 422,
        body: fail(422, {
          'price_tiers.0.customer_group_id': ['does not exist'],
          'variants.0.price_tiers.0.customer_group_id': ['does not exist'],
          'category_ids.0': ['does not exist'],
          'custom_fields.grade': ['is not a custom field of products'],
        }),
      },
    ]);
    expect(await read(away, `/product/TEA?embed=${EMBED}`)).toEqual(before);
  });

  it("states of a country: another store's country or state in a path is 404; the same codes are each store's own", async () => {
    const country = theirs.canada.id as number;
    const state = theirs.ontario.id as number;
    const byCountry: Request[] = [
      ['get', `/country/${country}`],
      ['patch', `/countries/${country}`, { name: 'Kanada' }],
      ['delete', `/country/${country}`],
      ['get', `/countries/${country}/states`],
      ['post', `/country/${country}`, { name: 'Yukon', code: 'YT' }],
      ['put', `/country/${country}/states`, []],
      ['get', `/countries/${country}/state/ON`],
      ['patch', `/countries/${country}/state/${state}`, { name: 'Ontario' }],
      ['delete', `/country/${country}/states/ON`],
    ];
    expect(await answers(away, byCountry)).toEqual(refused(byCountry, 404, `Country ${country} was not found.`));
    const byState: Request[] = [
      ['get', `/countries/CA/state/${state}`],
      ['patch', `/country/CA/states/${state}`, { name: 'Mine' }],
      ['delete', `/countries/CA/state/${state}`],
    ];
    expect(await answers(away, byState)).toEqual(refused(byState, 404, `State ${state} was not found.`));
    expect((await call(away, 'get', '/countries/CA/state/BC')).body).toEqual(fail(404, 'State BC was not found.'));
    expect((await call(away, 'get', '/country/US')).body).toEqual(fail(404, 'Country US was not found.'));
    // Replacing its own states leaves the other store's alone.
    expect(((await changed(away, 'put', '/countries/ca/states', [{ name: 'Ontario', code: 'ON' }])) as unknown as Json[])[0]).toEqual(
      mine.ontario,
    );
    const embedded = async (h: Headers) =>
      ((await read(h, '/countries?embed=states')) as unknown as Json[]).map((c) => [
        c.code,
        (c.states as Json).data.map((s: Json) => s.id),
      ]);
    expect(await embedded(away)).toEqual([['CA', [mine.ontario.id]]]);
    expect(await embedded(home)).toEqual([
      ['CA', [theirs.ontario.id, expect.any(Number)]],
      ['US', []],
    ]);
    expect(await read(home, `/countries/CA/state/${state}`)).toEqual(theirs.ontario);
    // A PUT on the other store's state id creates this store's state of that code in its own country.
    const created = await call(away, 'put', `/countries/CA/state/${state}`, { name: 'Numbered', code: String(state) });
    expect([created.status, created.body.data.code, created.body.data.country_id]).toEqual([201, String(state), mine.canada.id]);
    expect((await call(away, 'delete', `/countries/CA/state/${state}`)).body.data).toEqual(created.body.data);
    expect(await read(home, `/countries/CA/state/${state}`)).toEqual(theirs.ontario);
  });

  it("customer addresses: another store's customer or address in a path is 404; a country or state only the other store has is 422", async () => {
    const customer = theirs.customer.id as number;
    const address = theirs.address.id as number;
    const body = { kind: 'billing', country_code: 'CA' };
    const byCustomer: Request[] = [
      ['get', `/customer/${customer}/addresses`],
      ['post', `/customers/${customer}/addresses`, body],
      ['get', `/customer/${customer}/address/${address}`],
      ['patch', `/customers/${customer}/addresses/${address}`, { city: 'Toronto' }],
      ['put', `/customer/${customer}/address/${address}`, body],
      ['delete', `/customer/${customer}/address/${address}`],
    ];
    expect(await answers(away, byCustomer)).toEqual(refused(byCustomer, 404, `Customer ${customer} was not found.`));
    const own = mine.customer.id as number;
    const byAddress: Request[] = [
      ['get', `/customer/${own}/address/${address}`],
      ['patch', `/customer/${own}/address/${address}`, { city: 'Toronto' }],
      ['put', `/customers/${own}/address/${address}`, body],
      ['delete', `/customer/${own}/addresses/${address}`],
    ];
    expect(await answers(away, byAddress)).toEqual(refused(byAddress, 404, `Address ${address} was not found.`));
    const ownAddress = `/customer/${own}/address/${mine.address.id as number}`;
    expect(
      await answers(away, [
        ['post', `/customer/${own}/addresses`, { kind: 'billing', country_code: 'US' }],
        ['post', `/customer/${own}/addresses`, { kind: 'billing', country_code: 'CA', state_code: 'BC' }],
        ['patch', ownAddress, { state_code: 'BC' }],
        ['put', ownAddress, { kind: 'shipping', country_code: 'us' }],
      ]),
    ).toEqual([
      { request: `POST /customer/${own}/addresses`, status: 422, body: fail(422, { country_code: ['does not exist'] }) },
      { request: `POST /customer/${own}/addresses`, status: 422, body: fail(422, { state_code: ['is not a state of CA'] }) },
      { request: `PATCH ${ownAddress}`, status: 422, body: fail(422, { state_code: ['is not a state of CA'] }) },
      { request: `PUT ${ownAddress}`, status: 422, body: fail(422, { country_code: ['does not exist'] }) },
    ]);
    expect(await read(away, `/customer/${own}/addresses`)).toEqual([mine.address]);
    expect(await read(home, `/customer/${customer}/addresses`)).toEqual([theirs.address]);
  });

  it("tax rates of a tax class: another store's class or rate in a path is 404; each store lists its own", async () => {
    const taxClass = theirs.taxClass.id as number;
    const rate = theirs.rate.id as number;
    const byClass: Request[] = [
      ['get', `/taxclass/${taxClass}/rates`],
      ['post', `/taxclasses/${taxClass}/rate`, { rate: '5' }],
      ['put', `/taxclass/${taxClass}/rates`, []],
      ['get', `/taxclass/${taxClass}/rate/${rate}`],
      ['patch', `/taxclasses/${taxClass}/rates/${rate}`, { rate: '5' }],
      ['put', `/taxclass/${taxClass}/rate/${rate}`, { rate: '5' }],
      ['delete', `/taxclass/${taxClass}/rate/${rate}`],
    ];
    expect(await answers(away, byClass)).toEqual(refused(byClass, 404, `Tax class ${taxClass} was not found.`));
    const own = mine.taxClass.id as number;
    const byRate: Request[] = [
      ['get', `/taxclass/${own}/rate/${rate}`],
      ['patch', `/taxclass/${own}/rates/${rate}`, { rate: '5' }],
      ['put', `/taxclasses/${own}/rate/${rate}`, { rate: '5' }],
      ['delete', `/taxclass/${own}/rate/${rate}`],
    ];
    expect(await answers(away, byRate)).toEqual(refused(byRate, 404, `Tax rate ${rate} was not found.`));
    expect(await read(away, `/taxclass/${own}/rates`)).toEqual([mine.rate]);
    expect(await read(home, `/taxclass/${taxClass}/rates`)).toEqual([theirs.rate]);
  });

  it("a quote and its items: another store's quote in a path is 404; an item naming the other store's product, plan or field is 422", async () => {
    const quote = theirs.quote.id as number;
    const byQuote: Request[] = [
      ['get', `/quote/${quote}`],
      ['patch', `/quotes/${quote}`, { items: [] }],
      ['put', `/quote/${quote}`, { name: 'Mine' }],
      ['post', `/quote/${quote}/send-quote`],
      ['post', `/quotes/${quote}/reopen`],
      ['get', `/quote/${quote}/pdf`],
      ['get', `/quote/${quote}/deliveries`],
      ['delete', `/quote/${quote}`],
    ];
    expect(await answers(away, byQuote)).toEqual(refused(byQuote, 404, `Quote ${quote} was not found.`));
    const items = [
      { product_id: theirs.tea.id, options: { Size: 'L' } },
      { product_id: mine.tea.id, options: { Size: 'L' }, x_billing_plan_id: theirs.plan.id, custom_fields: { gift_wrap: 'paper' } },
      { product_id: mine.tea.id, options: { Size: 'S' } },
    ];
    const message = {
      'items.0.product_id': ['does not exist'],
      'items.1.x_billing_plan_id': ['does not exist'],
      'items.1.custom_fields.gift_wrap': ['is not a custom field of carts'],
      'items.2.options': ['does not select an enabled variant of the product'],
    };
    expect(
      await answers(away, [
        ['post', '/quote', { name: 'Borrowed', items }],
        ['patch', '/quote/Q1001', { items }],
        ['put', `/quote/${mine.quote.id as number}`, { name: 'Borrowed', items }],
      ]),
    ).toEqual([
      { request: 'POST /quote', status: 422, body: fail(422, message) },
      { request: 'PATCH /quote/Q1001', status: 422, body: fail(422, message) },
      { request: `PUT /quote/${mine.quote.id as number}`, status: 422, body: fail(422, message) },
    ]);
    // Each store's Q1001 is its own TEA in its own TEA-L, and nothing of it moved.
    const lines = async (h: Headers) =>
      ((await read(h, '/quote/Q1001')).items as Json[]).map((i) => [i.shop_product_id, i.shop_product_variant_id, i.price]);
    expect(await lines(away)).toEqual([[mine.tea.id, mine.teaLarge.id, 6]]);
    expect(await lines(home)).toEqual([[theirs.tea.id, theirs.teaLarge.id, 6]]);
    expect(await read(away, '/quote/Q1001')).toEqual(mine.quote);
    expect(await read(home, '/quote/Q1001')).toEqual(theirs.quote);
  });
});
