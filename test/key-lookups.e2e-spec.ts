import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { queryCounter } from '../src/database/query-counter.js';
import { explainAsStore, seqScans } from './support/plans.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * Every `{id|key}` path segment finds its row through an index: each lookup shape (by id, by the
 * other key, within an owner) is requested for real, and every statement the request sent to the
 * looked-up table is EXPLAINed with its parameters, on tables of a few thousand rows (ANALYZEd) and
 * the planner's default settings. A Seq Scan of the looked-up table fails the test.
 */
const CASES: [label: string, path: string, table: string][] = [
  ['country by id', '/country/30', 'countries'],
  ['country by code, any case', '/country/bz', 'countries'],
  ['state by id', '/countries/AB/state/677', 'states'],
  ['state by code, any case', '/countries/AB/state/s677', 'states'],
  ['tax class by id', '/taxclass/1500', 'tax_classes'],
  ['tax rate by id', '/taxclass/1500/rates/1499', 'tax_rates'],
  ['product by id', '/product/1500', 'products'],
  ['product by sku', '/product/SKU-1500', 'products'],
  ['product price tier', '/product/1500/pricetier/1500', 'product_price_tiers'],
  ['product attribute', '/product/1500/attribute/1500', 'product_attributes'],
  ['product category', '/product/1500/category/1500', 'product_categories'],
  ['product variant', '/product/1500/variant/1500', 'product_variants'],
  ['variant by id', '/variant/1500', 'product_variants'],
  ['variant by sku', '/variant/V-1500', 'product_variants'],
  ['variant price tier', '/variant/1500/pricetier/1500', 'variant_price_tiers'],
  ['product option', '/product/1500/option/1500', 'product_options'],
  ['product extra', '/product/1500/extra/1500', 'product_extras'],
  ['product custom field by name', '/product/1500/customfield/field_1500', 'custom_field_definitions'],
  ['custom field definition by name', '/customfielddefinitions/field_1500', 'custom_field_definitions'],
  ['category by id', '/category/1500', 'categories'],
  ['product type by id', '/producttype/1500', 'product_types'],
  ['product type by api code, any case', '/producttype/TYPE-1500', 'product_types'],
  ['review by id', '/review/1500', 'reviews'],
  ['review of a product', '/product/1500/review/1500', 'reviews'],
  ['reviews of a product', '/product/1500/reviews', 'reviews'],
  ['customer by id', '/customer/1500', 'customers'],
  ['customer address by id', '/customer/1500/address/1500', 'customer_addresses'],
  ['customer group by id', '/customergroup/1500', 'customer_groups'],
  ['customer group by api code', '/customergroup/group-1500', 'customer_groups'],
  ['coupon by id', '/coupon/1500', 'coupons'],
  ['coupon by code, any case', '/coupon/save1500', 'coupons'],
  ['billing plan by id', '/billingplan/1500', 'billing_plans'],
  ['shipment by id', '/shipment/1500', 'shipments'],
  ['shipment by number', '/shipment/SH-1500', 'shipments'],
  ['tracking code by id', '/shipment/1500/trackingcode/1500', 'tracking_codes'],
  ['tracking code by code', '/shipment/1500/trackingcode/TC-1500', 'tracking_codes'],
  ['subscription by id', '/subscription/1500', 'subscriptions'],
  ['subscription by number', '/subscription/SUB-1500', 'subscriptions'],
  ['subscription product', '/subscription/1500/product/1500', 'subscription_products'],
  ['quote by id', '/quote/1500', 'quotes'],
  ['quote by number, any case', '/quote/q001500', 'quotes'],
  ['quote deliveries by id', '/quote/1500/deliveries', 'quotes'],
  ['quote deliveries by number', '/quote/Q001500/deliveries', 'quotes'],
  ['quote PDF by number', '/quote/Q001500/pdf', 'quotes'],
  ['order by id', '/order/2500', 'orders'],
  ['order by number, any case', '/order/o2500', 'orders'],
  ['order items of an order', '/order/2500', 'order_items'],
  ['cart page by link', '/cart/{cart_link_id}', 'quotes'],
];

describeE2E('every {id|key} lookup uses an index', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  /** The link of a quote made through the API (its page shows it). */
  let cartLinkId: string;

  beforeAll(async () => {
    t = await bootTestApp('key_lookups');
    auth = { Authorization: `Bearer ${await t.token()}` };
    await t.sql(readFileSync(join(import.meta.dirname, 'fixtures', 'key-lookups.sql'), 'utf8'));
    const created = await t.http.post('/quote').set(auth).send({ name: 'Cart lookup' });
    expect(created.status).toBe(201);
    [{ cart_link_id: cartLinkId }] = await t.sql<{ cart_link_id: string }>('SELECT cart_link_id FROM quotes WHERE id = $1', [
      created.body.data.id,
    ]);
  }, 120_000);

  afterAll(() => t.close());

  /**
   * Sends the request, then EXPLAINs every statement it sent that reads `table`: answers its status
   * and the statements that scanned the whole table (none, for a lookup on an index).
   */
  async function scansOf(method: 'get' | 'post' | 'put', path: string, table: string, body?: unknown) {
    queryCounter.reset(true);
    const res = await t.http[method](path.replace('{cart_link_id}', cartLinkId))
      .set(auth)
      .send(body as object);
    const statements = queryCounter.statements.map((sql, i) => ({ sql, params: queryCounter.parameters[i] }));
    queryCounter.reset();
    const names = new RegExp(`(^|[^\\w])"?${table}"?([^\\w]|$)`);
    const touching = statements.filter((s) => names.test(s.sql) && /^\s*(WITH|SELECT)\b/i.test(s.sql));
    const scanned: { sql: string; tables: string[] }[] = [];
    for (const s of touching) {
      const tables = seqScans(await explainAsStore(t.dbUrl, s.sql, s.params)).filter((name) => name === table);
      if (tables.length) scanned.push({ sql: s.sql, tables });
    }
    return { status: res.status, touching: touching.length, scanned };
  }

  it.each(CASES)('%s: %s', async (_label, path, table) => {
    const seen = await scansOf('get', path, table);
    expect(seen).toEqual({ status: 200, touching: expect.any(Number), scanned: [] });
    expect(seen.touching).toBeGreaterThan(0);
  });

  /**
   * What a database whose migrations ran without a superuser has: `lower()`, `regexp_replace()`, `~`
   * and `LIKE` not leakproof, so under row-level security no condition that applies them to a
   * column may use an index. The lookups by a key in any case and by a URL name compare the stored
   * `<column>_key` and `url_name_base` columns with `=` instead, and still read one index entry.
   */
  describe('without leakproof lower(), regexp_replace(), ~ and LIKE', () => {
    const FUNCTIONS = ['lower(text)', 'regexp_replace(text, text, text)', 'textregexeq(text, text)', 'textlike(text, text)'];
    const mark = (leakproof: boolean) =>
      t.sql(FUNCTIONS.map((f) => `ALTER FUNCTION pg_catalog.${f} ${leakproof ? '' : 'NOT '}LEAKPROOF`).join('; '));

    beforeAll(() => mark(false));
    afterAll(() => mark(true));

    it('the markings are gone', async () => {
      const rows = await t.sql<{ fn: string; leakproof: boolean }>(
        'SELECT p.oid::regprocedure::text AS fn, p.proleakproof AS leakproof FROM pg_proc p WHERE p.oid = ANY($1::regprocedure[]) ORDER BY 1',
        [FUNCTIONS.map((f) => `pg_catalog.${f}`)],
      );
      expect(rows).toEqual(
        ['lower(text)', 'regexp_replace(text,text,text)', 'textlike(text,text)', 'textregexeq(text,text)'].map((fn) => ({
          fn,
          leakproof: false,
        })),
      );
    });

    it.each([
      ['coupon by code, any case', 'get', '/coupon/save1500', 'coupons', undefined, 200],
      ['product type by api code, any case', 'get', '/producttype/TYPE-1500', 'product_types', undefined, 200],
      ['a product named as another: its URL name', 'post', '/product', 'products', { name: 'Product 1500', base_price: '1.00' }, 201],
      [
        'a batch of products: their URL names',
        'put',
        '/products',
        'products',
        [{ sku: 'NEW-1500', name: 'Product 1500', base_price: '1.00' }],
        200,
      ],
      ['a category named as another: its URL name', 'post', '/category', 'categories', { name: 'Category 1500' }, 201],
      [
        'a batch of customers by e-mail, any case',
        'put',
        '/customers',
        'customers',
        [{ email: 'BUYER1500@example.com', first_name: 'Bo' }],
        200,
      ],
    ] as const)('%s: one index entry', async (_label, method, path, table, body, status) => {
      const seen = await scansOf(method, path, table, body);
      expect(seen).toEqual({ status, touching: expect.any(Number), scanned: [] });
      expect(seen.touching).toBeGreaterThan(0);
    });
  });
});
