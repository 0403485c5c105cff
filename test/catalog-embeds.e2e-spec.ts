import { DataSource } from 'typeorm';
import { requestContext } from '../src/common/http/request-context.js';
import { queryCounter } from '../src/database/query-counter.js';
import { ProductsService } from '../src/modules/catalog/products/products.service.js';
import { seedCatalog } from '../src/modules/demo/seeds/catalog.seed.js';
import { type TestApp, asDefaultStore, bootTestApp, describeE2E } from './support/test-app.js';

const ALL = 'variants,options,extras,attributes,categories,pricetiers,customfields';

/** Runs service calls the way a request does, so the query counter sees their statements. */
const inRequest = <T>(fn: () => Promise<T>) => requestContext.run({ principal: null, ifMatch: null }, fn);

describeE2E('catalog: product embeds, batch loaders and the demo seed', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await bootTestApp('catalog_embeds');
    token = await t.token(['catalog:*', 'custom_fields:*']);
  });
  afterAll(() => t?.close());

  describe('embeds on one product', () => {
    it('wraps every relation as {"data": [...]}; embedded options carry their values', async () => {
      const post = (path: string, body: object) => t.http.post(path).set(auth()).send(body);
      const category = (await post('/category', { name: 'Cups' })).body.data;
      const product = (await post('/product', { name: 'Cup', sku: 'CUP', category_ids: [category.id] })).body.data;
      const option = (await post('/product/CUP/option', { name: 'Color', values: ['Red', 'Blue'] })).body.data;
      const variant = (await post('/product/CUP/variant', { sku: 'CUP-RED', options: { Color: 'Red' } })).body.data;
      const extra = (await post('/product/CUP/extra', { sku: 'LID', name: 'Lid', price: '1.5' })).body.data;
      const attribute = (await post('/product/CUP/attribute', { name: 'Volume', value: '250 ml' })).body.data;
      const tier = (await post('/product/CUP/pricetier', { quantity: 6, price: '4' })).body.data;
      await post('/customfielddefinitions', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' });
      const field = (await t.http.patch('/product/CUP/customfield/origin').set(auth()).send({ value: 'Delft' })).body.data;
      const plain = (await t.http.get('/product/CUP').set(auth())).body.data;

      const res = await t.http.get(`/product/CUP?embed=${ALL}`).set(auth());
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ...plain,
        options: { data: [option] },
        variants: { data: [variant] },
        extras: { data: [extra] },
        attributes: { data: [attribute] },
        categories: { data: [category] },
        pricetiers: { data: [tier] },
        customfields: { data: [field] },
      });
      expect(plain.options).toEqual([{ id: option.id, product_id: product.id, sort_order: 0, name: 'Color', deleted_at: null }]);
      expect(Object.keys(res.body.data).slice(-6)).toEqual([
        'variants',
        'extras',
        'attributes',
        'categories',
        'pricetiers',
        'customfields',
      ]);

      const list = await t.http.get('/products?embed=variants,pricetiers').set(auth());
      expect(list.body.data).toEqual([{ ...plain, variants: { data: [variant] }, pricetiers: { data: [tier] } }]);
    });

    it('refuses unknown embeds with the allowed names', async () => {
      const res = await t.http.get('/products?embed=variants,questions').set(auth());
      expect(res.status).toBe(422);
      expect(res.body.error.message).toEqual({
        embed: [
          'unknown "questions"; allowed: variants, options, extras, attributes, categories, pricetiers, customfields, product_type, reviews',
        ],
      });
      expect((await t.http.get('/product/CUP?embed=variants.tiers').set(auth())).status).toBe(422);
      expect((await t.http.get('/product/CUP/variants?embed=tiers').set(auth())).status).toBe(422);
    });
  });

  describe('a page of 250 products costs the same queries as a page of 5', () => {
    beforeAll(async () => {
      await t.sql(`DELETE FROM products`);
      const [{ id: taxClass }] = await t.sql<{ id: number }>(`INSERT INTO tax_classes (name) VALUES ('Standard') RETURNING id`);
      const [{ id: category }] = await t.sql<{ id: number }>(
        `INSERT INTO categories (name, url_name) VALUES ('Bulk', 'bulk') RETURNING id`,
      );
      const [{ id: definition }] = await t.sql<{ id: number }>(`SELECT id FROM custom_field_definitions WHERE name = 'origin'`);
      await t.sql(
        `INSERT INTO products (name, sku, url_name, base_price, tax_class_id)
         SELECT 'Bulk ' || g, 'BULK-' || g, 'bulk-' || g, g, $1 FROM generate_series(1, 250) g`,
        [taxClass],
      );
      await t.sql(`INSERT INTO product_options (product_id, name, values) SELECT id, 'Size', '["S","M"]' FROM products`);
      await t.sql(`INSERT INTO product_variants (product_id, sku, options) SELECT id, 'BULK-V-' || id, '{"Size":"S"}' FROM products`);
      await t.sql(`INSERT INTO product_extras (product_id, sku, name, price) SELECT id, 'WRAP', 'Wrap', 1 FROM products`);
      await t.sql(`INSERT INTO product_attributes (product_id, name, value) SELECT id, 'Material', 'Clay' FROM products`);
      await t.sql(`INSERT INTO product_categories (product_id, category_id) SELECT id, $1 FROM products`, [category]);
      await t.sql(`INSERT INTO product_price_tiers (product_id, quantity, price) SELECT id, 10, 1 FROM products`);
      await t.sql(`INSERT INTO product_variants (product_id, sku, options) SELECT id, 'BULK-W-' || id, '{"Size":"M"}' FROM products`);
      await t.sql(`INSERT INTO variant_price_tiers (variant_id, quantity, price) SELECT id, 3, 2 FROM product_variants`);
      await t.sql(`INSERT INTO product_custom_field_values (product_id, definition_id, value) SELECT id, $1, 'NL' FROM products`, [
        definition,
      ]);
    });

    it('GET /products with every embed', async () => {
      // Warm-up: the key's last_used_at is written on its first use in a minute, not on the counted requests.
      await t.http.get(`/products?limit=250&embed=${ALL}`).set(auth());

      queryCounter.reset();
      const big = await t.http.get(`/products?limit=250&embed=${ALL}`).set(auth());
      const bigCount = queryCounter.count;
      queryCounter.reset();
      const small = await t.http.get(`/products?limit=5&embed=${ALL}`).set(auth());
      const smallCount = queryCounter.count;

      expect(big.status).toBe(200);
      expect(big.body.data).toHaveLength(250);
      for (const p of big.body.data) {
        expect([p.variants.data.length, p.options.data.length, p.extras.data.length, p.attributes.data.length]).toEqual([2, 1, 1, 1]);
        expect([p.categories.data.length, p.pricetiers.data.length, p.customfields.data[0].value, p.category, p.tax_class]).toEqual([
          1,
          1,
          'NL',
          'Bulk',
          'Standard',
        ]);
      }
      expect(small.body.data).toHaveLength(5);
      // The key is cached (warm-up above): one statement, the page, its capped count and every relation and embed.
      expect(bigCount).toBe(1);
      expect(smallCount).toBe(1);
    });

    it('productViews loads any number of products in one statement', async () => {
      const products = t.app.get(ProductsService);
      const m = t.app.get(DataSource).manager;
      const ids = (await t.sql<{ id: number }>(`SELECT id FROM products ORDER BY id`)).map((r) => r.id);

      queryCounter.reset();
      const views = await inRequest(() => products.productViews(m, [...ids, 999999]));
      expect(queryCounter.count).toBe(1);
      expect(views.size).toBe(250);
      const first = (await t.http.get(`/product/${ids[0]}`).set(auth())).body.data;
      expect(views.get(ids[0])).toEqual(first);
    });
  });

  describe('demo seed', () => {
    it('adds a small catalog once and leaves it alone the second time', async () => {
      const ds = t.app.get(DataSource);
      expect(await asDefaultStore(() => ds.transaction((m) => seedCatalog(m)))).toBe(
        'Catalog: 4 demo products present (4 added), 2 categories.',
      );
      expect(await asDefaultStore(() => ds.transaction((m) => seedCatalog(m)))).toBe(
        'Catalog: 4 demo products present (0 added), 2 categories.',
      );

      const shirt = await t.http.get(`/product/DEMO-TSHIRT?embed=variants,options`).set(auth());
      expect(shirt.body.data.category).toBe('Apparel');
      expect(shirt.body.data.options.data.map((o: { name: string; values: string[] }) => [o.name, o.values])).toEqual([
        ['Color', ['Black', 'White']],
        ['Size', ['S', 'M', 'L']],
      ]);
      expect(shirt.body.data.variants.data.map((v: { sku: string }) => v.sku)).toEqual([
        'DEMO-TSHIRT-BLK-S',
        'DEMO-TSHIRT-BLK-M',
        'DEMO-TSHIRT-WHT-M',
        'DEMO-TSHIRT-WHT-L',
      ]);
      const coffee = await t.http.get('/product/DEMO-COFFEE/pricetiers').set(auth());
      expect(coffee.body.data.map((x: { quantity: number; price: string }) => [x.quantity, x.price])).toEqual([
        [5, '22.00'],
        [10, '20.00'],
      ]);
      const ground = await t.http.get('/variant/DEMO-COFFEE-GROUND/pricetiers').set(auth());
      expect(ground.body.data.map((x: { quantity: number; price: string }) => [x.quantity, x.price])).toEqual([[10, '21.00']]);
      const mug = await t.http.get('/product/DEMO-MUG/extras').set(auth());
      expect(mug.body.data.map((x: { sku: string; price: string }) => [x.sku, x.price])).toEqual([
        ['DEMO-GIFT-WRAP', '2.50'],
        ['DEMO-SAUCER', '3.00'],
      ]);
    });
  });
});
