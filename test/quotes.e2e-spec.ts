import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

const STORE = 'https://shop.example';

/** The item `key`: what the line is (product, variant, options, extras), hashed. */
const lineKey = (productId: number, variantId: number | null, options: Record<string, string>, extras: string[]) =>
  createHash('sha1')
    .update(JSON.stringify([productId, variantId, Object.entries(options).sort(), [...extras].sort()]))
    .digest('hex');

/** `YYYY-MM-DD HH:MM:SS` + whole days, in UTC. */
const plusDays = (ts: string, days: number) => {
  const d = new Date(`${ts.replace(' ', 'T')}Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

describeE2E('quotes: CRUD, validation, expiry, sending and scopes', () => {
  let t: TestApp;
  let dataDir: string;
  let auth: Record<string, string>;
  let planId: number;
  let wholesale: Json;
  let retail: Json;
  let alice: Json;
  let bob: Json;
  let carol: Json;
  let mug: Json;
  let shirt: Json;
  let retired: Json;
  let variantM: Json;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quotes-e2e-'));
    t = await bootTestApp('quotes', { DATA_DIR: dataDir, STORE_URL: STORE });
    auth = { Authorization: `Bearer ${await t.token()}` };
    const post = apiSteps(
      () => t,
      () => auth,
    ).create;
    planId = (await post('/billingplan', { name: 'Monthly', interval_unit: 'month' })).id;
    wholesale = await post('/customergroup', { name: 'Wholesale', api_code: 'wholesale', description: 'Bulk buyers' });
    retail = await post('/customergroup', { name: 'Retail', api_code: 'retail' });
    alice = await post('/customer', { email: 'alice@example.com', first_name: 'Alice', customer_group_id: wholesale.id });
    bob = await post('/customer', { email: 'Bob@Example.com', customer_group_id: wholesale.id });
    carol = await post('/customer', { email: 'carol@example.com' });
    await post('/customfielddefinitions', { name: 'engraving', label: 'Engraving', entity: 'cart', type: 'string' });
    await post('/customfielddefinitions', { name: 'floor', label: 'Floor', entity: 'cart', type: 'integer' });
    await post('/customfielddefinitions', { name: 'material', label: 'Material', entity: 'product', type: 'string' });
    await post('/coupon', { code: 'SAVE10', discount_type: 'percentage', discount_value: 10 });

    await post('/product', { name: 'Mug', sku: 'MUG', base_price: '12.50' });
    await post('/product/MUG/extra', { sku: 'GIFT-WRAP', name: 'Gift wrap', price: '2.00' });
    await post('/product', { name: 'Shirt', sku: 'SHIRT', base_price: '18.00' });
    await post('/product/SHIRT/option', { name: 'Size', values: ['S', 'M', 'L'] });
    await post('/product/SHIRT/option', { name: 'Color', values: ['Red', 'Blue'] });
    await post('/product/SHIRT/variant', { sku: 'SHIRT-S-RED', options: { Size: 'S', Color: 'Red' } });
    variantM = await post('/product/SHIRT/variant', { sku: 'SHIRT-M-RED', base_price: '20.00', options: { Size: 'M', Color: 'Red' } });
    await post('/product/SHIRT/variant', { sku: 'SHIRT-L-BLUE', enabled: 0, options: { Size: 'L', Color: 'Blue' } });
    await post('/product', { name: 'Retired', sku: 'RETIRED', base_price: '1.00', enabled: 0 });
    // Read back after every sub-resource: the product object a quote embeds is GET /product's.
    mug = (await t.http.get('/product/MUG').set(auth)).body.data;
    shirt = (await t.http.get('/product/SHIRT').set(auth)).body.data;
    retired = (await t.http.get('/product/RETIRED').set(auth)).body.data;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A quote with every default, as POST /quote answers `{name}`. */
  const emptyQuote = (id: number, number: string, name: string, cartLinkId: unknown = expect.stringMatching(/^[A-Za-z0-9]{16}$/)) => ({
    id,
    number,
    name,
    billing_plan_id: null,
    type: 'draft',
    status: 'active',
    checkout_step: 'billing_info',
    customer_id: null,
    customer_groups: [],
    customer_emails: null,
    cart_link_id: cartLinkId,
    cart_link:
      typeof cartLinkId === 'string'
        ? `${STORE}/cart/${cartLinkId}`
        : expect.stringMatching(/^https:\/\/shop\.example\/cart\/[A-Za-z0-9]{16}$/),
    coupon_code: null,
    expires_x_days: null,
    expires_at: null,
    subtotal: '0.00',
    total_discount: '0.00',
    total: '0.00',
    total_tax: '0.00',
    last_sent_at: null,
    revision: 1,
    accepted_at: null,
    declined_at: null,
    decline_reason: null,
    order_id: null,
    created_at: TS,
    updated_at: TS,
    items: [],
  });

  const groupInQuote = (group: Json, quoteId: number, customersCount: number) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    api_code: group.api_code,
    show_tax_inclusive: 0,
    is_tax_exempt: 0,
    created_at: group.created_at,
    updated_at: group.updated_at,
    customers_count: customersCount,
    pivot: { shop_cart_id: quoteId, shop_customer_group_id: group.id },
  });

  const createQuote = (body: object) => t.http.post('/quote').set(auth).send(body);

  describe('create and read', () => {
    let full: Json;

    it('creates a quote from a name alone with every default (201)', async () => {
      const res = await createQuote({ name: 'Empty' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(ok(201, emptyQuote(1, 'Q1001', 'Empty')));
      expect(res.body.data.cart_link).toBe(`${STORE}/cart/${res.body.data.cart_link_id}`);
      expect(res.body.data.updated_at).toBe(res.body.data.created_at);
      // Two quotes never share a generated cart link.
      const other = await createQuote({ name: 'Empty too' });
      expect(other.body.data).toEqual(emptyQuote(2, 'Q1002', 'Empty too'));
      expect(other.body.data.cart_link_id).not.toBe(res.body.data.cart_link_id);
    });

    it('creates a quote with every attribute, its groups (with pivot and customers_count), items and embedded products', async () => {
      const res = await createQuote({
        name: 'Office order',
        type: 'saved',
        customer_id: alice.id,
        customer_groups: ['wholesale'],
        customer_emails: ['buyer@example.com', 'Desk@Example.com'],
        coupon_code: 'save10', // any case; the coupon's own spelling is stored
        cart_link_id: 'OfficeLink42Spring',
        expires_x_days: 30,
        x_billing_plan_id: planId,
        items: [
          {
            product_id: mug.id,
            quantity: 2,
            extras: ['GIFT-WRAP'],
            custom_fields: { engraving: 'Best boss', floor: 3 },
            x_billing_plan_id: planId,
            is_trial_product: 1,
          },
          { product_id: shirt.id, options: { Size: 'M', Color: 'Red' }, is_trial_product: false },
        ],
      });
      expect(res.status).toBe(201);
      const q = res.body.data;
      const [mugItem, shirtItem] = q.items;
      // Mug: 12.50 + gift wrap 2.00 = 14.50 × 2 = 29.00; SAVE10 → 2.90 off → 26.10.
      // Shirt M/Red: the variant's 20.00 × 1 (quantity defaults to 1); 2.00 off → 18.00.
      // No tax: Alice has no shipping address. Subtotal 49.00, discount 4.90, total 44.10.
      expect(res.body).toEqual(
        ok(201, {
          ...emptyQuote(3, 'Q1003', 'Office order', 'OfficeLink42Spring'),
          billing_plan_id: planId,
          type: 'saved',
          customer_id: alice.id,
          customer_groups: [groupInQuote(wholesale, 3, 2)],
          customer_emails: ['buyer@example.com', 'Desk@Example.com'],
          coupon_code: 'SAVE10',
          expires_x_days: 30,
          expires_at: plusDays(q.created_at, 30),
          subtotal: '49.00',
          total_discount: '4.90',
          total: '44.10',
          total_tax: '0.00',
          items: [
            {
              id: mugItem.id,
              cart_id: 3,
              shop_product_id: mug.id,
              shop_products_related_id: null,
              shop_product_variant_id: null,
              extras: ['GIFT-WRAP'],
              options: {},
              custom_fields: { engraving: 'Best boss', floor: '3' },
              quantity: 2,
              postponed: 0,
              key: lineKey(mug.id, null, {}, ['GIFT-WRAP']),
              created_at: TS,
              updated_at: TS,
              x_billing_plan_id: planId,
              is_trial_product: 1,
              price: 14.5,
              discount: '2.90',
              total: 26.1,
              product: mug,
            },
            {
              id: shirtItem.id,
              cart_id: 3,
              shop_product_id: shirt.id,
              shop_products_related_id: null,
              shop_product_variant_id: variantM.id,
              extras: [],
              options: { Size: 'M', Color: 'Red' },
              custom_fields: {},
              quantity: 1,
              postponed: 0,
              key: lineKey(shirt.id, variantM.id, { Size: 'M', Color: 'Red' }, []),
              created_at: TS,
              updated_at: TS,
              x_billing_plan_id: null,
              is_trial_product: 0,
              price: 20,
              discount: '2.00',
              total: 18,
              product: shirt,
            },
          ],
        }),
      );
      expect(shirtItem.id).toBe(mugItem.id + 1);
      // The embedded product object is exactly the catalog's, options included.
      expect(shirt.options.map((o: Json) => o.name)).toEqual(['Size', 'Color']);
      full = q;
    });

    it('reads a quote by id and by number in any case, on both spellings', async () => {
      for (const path of ['/quote/3', '/quotes/3', '/quote/Q1003', '/quote/q1003', '/quotes/q1003']) {
        const res = await t.http.get(path).set(auth);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(ok(200, full));
      }
    });

    it('answers 404 for unknown ids and numbers, and for a digit segment that is no id (numbers are Q…)', async () => {
      for (const key of ['999', '1003', 'Q999', 'nope', '99999999999']) {
        const res = await t.http.get(`/quote/${key}`).set(auth);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(fail(404, `Quote ${key} was not found.`));
      }
      expect((await t.http.patch('/quote/Q999').set(auth).send({ name: 'x' })).status).toBe(404);
      expect((await t.http.delete('/quotes/999').set(auth)).status).toBe(404);
      expect((await t.http.post('/quote/Q999/send-quote').set(auth).send({})).status).toBe(404);
    });
  });

  describe('PATCH', () => {
    let base: Json;

    beforeAll(async () => {
      base = (
        await createQuote({
          name: 'Patch me',
          customer_groups: ['wholesale', 'retail'],
          customer_emails: ['one@example.com'],
          items: [
            { product_id: mug.id, quantity: 1 },
            { product_id: mug.id, quantity: 3, extras: ['GIFT-WRAP'] },
          ],
        })
      ).body.data;
    });

    it('changes only the attributes sent: items, groups and e-mails stay (same item ids)', async () => {
      const res = await t.http.patch(`/quote/${base.number}`).set(auth).send({ name: 'Patched', type: 'guest', x_billing_plan_id: planId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ok(200, { ...base, name: 'Patched', type: 'guest', billing_plan_id: planId, revision: 2, updated_at: TS }));
      base = res.body.data;
      expect(base.customer_groups.map((g: Json) => g.api_code)).toEqual(['wholesale', 'retail']);
      expect(base.items.map((i: Json) => i.quantity)).toEqual([1, 3]);
      // An empty body changes nothing.
      const same = await t.http.patch(`/quotes/${base.id}`).set(auth).send({});
      expect(same.body).toEqual(ok(200, base));
    });

    it('replaces the whole set of customer_emails, customer_groups and items when present', async () => {
      const emails = await t.http
        .patch(`/quote/${base.id}`)
        .set(auth)
        .send({ customer_emails: ['two@example.com', 'three@example.com'] });
      expect(emails.status).toBe(200);
      expect(emails.body.data).toEqual({ ...base, customer_emails: ['two@example.com', 'three@example.com'], revision: 3, updated_at: TS });

      const groups = await t.http
        .patch(`/quote/${base.id}`)
        .set(auth)
        .send({ customer_groups: ['retail'] });
      expect(groups.body.data.customer_groups).toEqual([groupInQuote(retail, base.id, 0)]);
      expect(groups.body.data.items).toEqual(base.items);
      expect(groups.body.data.customer_emails).toEqual(['two@example.com', 'three@example.com']);

      const cleared = await t.http.patch(`/quote/${base.id}`).set(auth).send({ customer_groups: [], customer_emails: null });
      expect(cleared.body.data.customer_groups).toEqual([]);
      expect(cleared.body.data.customer_emails).toBeNull();
      expect(await t.sql('SELECT * FROM quote_customer_groups WHERE quote_id = $1', [base.id])).toEqual([]);

      const oldIds = base.items.map((i: Json) => i.id);
      const items = await t.http
        .patch(`/quote/${base.id}`)
        .set(auth)
        .send({ items: [{ product_id: shirt.id, quantity: 2, options: { Color: 'Red', Size: 'S' } }] });
      expect(items.status).toBe(200);
      // Shirt S/Red has no price of its own: the product's 18.00 × 2.
      expect(items.body.data).toMatchObject({ subtotal: '36.00', total_discount: '0.00', total: '36.00', total_tax: '0.00' });
      expect(items.body.data.items).toHaveLength(1);
      expect(items.body.data.items[0]).toMatchObject({
        shop_product_variant_id: expect.any(Number),
        price: 18,
        total: 36,
        discount: '0.00',
      });
      expect(oldIds).not.toContain(items.body.data.items[0].id);
      expect(await t.sql('SELECT count(*)::int AS n FROM quote_items WHERE id = ANY($1)', [oldIds])).toEqual([{ n: 0 }]);

      const none = await t.http.patch(`/quote/${base.id}`).set(auth).send({ items: [] });
      expect(none.body.data).toMatchObject({ items: [], subtotal: '0.00', total: '0.00' });
      base = none.body.data;
    });

    it('re-prices the stored items when the coupon or the customer changes, keeping their ids', async () => {
      const withItems = await t.http
        .patch(`/quote/${base.id}`)
        .set(auth)
        .send({ items: [{ product_id: mug.id, quantity: 4 }] });
      const ids = withItems.body.data.items.map((i: Json) => i.id);
      const coupon = await t.http.patch(`/quote/${base.id}`).set(auth).send({ coupon_code: 'SAVE10' });
      expect(coupon.status).toBe(200);
      // 12.50 × 4 = 50.00, 10 % off = 5.00.
      expect(coupon.body.data).toMatchObject({ coupon_code: 'SAVE10', subtotal: '50.00', total_discount: '5.00', total: '45.00' });
      expect(coupon.body.data.items.map((i: Json) => [i.id, i.discount, i.total])).toEqual([[ids[0], '5.00', 45]]);
      const customer = await t.http.patch(`/quote/${base.id}`).set(auth).send({ customer_id: carol.id });
      expect(customer.body.data.items.map((i: Json) => i.id)).toEqual(ids);
      const removed = await t.http.patch(`/quote/${base.id}`).set(auth).send({ coupon_code: null });
      expect(removed.body.data).toMatchObject({
        coupon_code: null,
        customer_id: carol.id,
        subtotal: '50.00',
        total_discount: '0.00',
        total: '50.00',
      });
      expect(removed.body.data.items.map((i: Json) => [i.id, i.discount, i.total])).toEqual([[ids[0], '0.00', 50]]);
      // An empty code is no coupon either.
      expect((await t.http.patch(`/quote/${base.id}`).set(auth).send({ coupon_code: '' })).body.data.coupon_code).toBeNull();
      base = removed.body.data;
    });

    it('a new cart_link_id is kept; an empty one is generated anew', async () => {
      const set = await t.http.patch(`/quote/${base.id}`).set(auth).send({ cart_link_id: 'abcDEF123ghiJKL45' });
      expect(set.body.data).toMatchObject({ cart_link_id: 'abcDEF123ghiJKL45', cart_link: `${STORE}/cart/abcDEF123ghiJKL45` });
      const regenerated = await t.http.patch(`/quote/${base.id}`).set(auth).send({ cart_link_id: '' });
      expect(regenerated.body.data.cart_link_id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(regenerated.body.data.cart_link).toBe(`${STORE}/cart/${regenerated.body.data.cart_link_id}`);
    });

    it('answers 412 when If-Match does not match the current representation', async () => {
      const current = await t.http.get(`/quote/${base.id}`).set(auth);
      const stale = await t.http.patch(`/quote/${base.id}`).set(auth).set('If-Match', '"stale"').send({ name: 'Nope' });
      expect(stale.status).toBe(412);
      expect(stale.body.meta).toEqual({ status: 412, success: false });
      expect((await t.http.get(`/quote/${base.id}`).set(auth)).body.data.name).toBe(current.body.data.name);
      const fresh = await t.http.patch(`/quote/${base.id}`).set(auth).set('If-Match', current.headers.etag).send({ name: 'Matched' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.name).toBe('Matched');
    });
  });

  describe('DELETE', () => {
    it('answers 200 with the deleted quote, then 404; its number is never reused', async () => {
      const created = (await createQuote({ name: 'Doomed', customer_groups: ['retail'], items: [{ product_id: mug.id }] })).body.data;
      const deleted = await t.http.delete(`/quote/${created.number.toLowerCase()}`).set(auth);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(ok(200, created));
      expect((await t.http.get(`/quote/${created.id}`).set(auth)).status).toBe(404);
      expect((await t.http.delete(`/quote/${created.id}`).set(auth)).status).toBe(404);
      expect(await t.sql('SELECT count(*)::int AS n FROM quote_items WHERE quote_id = $1', [created.id])).toEqual([{ n: 0 }]);
      const next = (await createQuote({ name: 'After' })).body.data;
      expect(next.id).toBe(created.id + 1);
      expect(next.number).toBe(`Q${Number(created.number.slice(1)) + 1}`);
      // A product on a quote cannot be deleted.
      const stillUsed = await t.http.delete(`/product/${mug.id}`).set(auth);
      expect(stillUsed.status).toBe(409);
    });
  });

  describe('validation (422 with the exact field paths)', () => {
    const expect422 = async (body: object, errors: Record<string, string[]>, method: 'post' | 'patch' = 'post', path = '/quote') => {
      const res = await t.http[method](path).set(auth).send(body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: fail(422, errors) });
    };
    const item = (over: object) => ({ name: 'Bad', items: [{ product_id: mug.id, ...over }] });

    it('name is required on create and cannot be null or blank', async () => {
      await expect422({}, { name: ['is required'] });
      await expect422({ name: null }, { name: ['must be a string'] });
      await expect422({ name: '  ' }, { name: ['must not be blank'] });
      await expect422({ name: 'x'.repeat(256) }, { name: ['must be at most 255 characters'] });
      await expect422({ name: null }, { name: ['must be a string'] }, 'patch', '/quote/1');
      await expect422({ type: 'final' }, { type: ['must be one of: draft, saved, registered, guest'] }, 'patch', '/quote/1');
    });

    it('refuses unknown fields, at the top and inside items', async () => {
      await expect422(
        { name: 'x', total: '1.00', status: 'expired' },
        { total: ['is not a known field'], status: ['is not a known field'] },
      );
      await expect422(item({ price: 1 }), { 'items.0.price': ['is not a known field'] });
    });

    it('items.N.product_id: missing, unknown, 0, not an integer, disabled', async () => {
      await expect422({ name: 'x', items: [{}] }, { 'items.0.product_id': ['is required'] });
      await expect422({ name: 'x', items: [{ product_id: mug.id }, { product_id: 999999 }] }, { 'items.1.product_id': ['does not exist'] });
      await expect422({ name: 'x', items: [{ product_id: 0 }] }, { 'items.0.product_id': ['must be at least 1'] });
      await expect422({ name: 'x', items: [{ product_id: 'abc' }] }, { 'items.0.product_id': ['must be an integer'] });
      await expect422({ name: 'x', items: [{ product_id: 2147483648 }] }, { 'items.0.product_id': ['must be at most 2147483647'] });
      await expect422({ name: 'x', items: [{ product_id: retired.id }] }, { 'items.0.product_id': ['is not enabled'] });
      await expect422({ name: 'x', items: 'all' }, { items: ['must be an array of items'] });
    });

    it('items.N.quantity is an integer of at least 1', async () => {
      await expect422(item({ quantity: 0 }), { 'items.0.quantity': ['must be at least 1'] });
      await expect422(item({ quantity: 1.5 }), { 'items.0.quantity': ['must be an integer'] });
      await expect422(item({ quantity: '2' }), { 'items.0.quantity': ['must be an integer'] });
    });

    it('items.N.options name the product options and values and select an enabled variant', async () => {
      const shirtItem = (options: object) => ({ name: 'Bad', items: [{ product_id: shirt.id, options }] });
      await expect422(shirtItem({ Size: 'M', Color: 'Red', Fabric: 'Silk' }), {
        'items.0.options': ['"Fabric" is not an option of the product (options: Size, Color)'],
      });
      await expect422(shirtItem({ Size: 'XL', Color: 'Red' }), { 'items.0.options': ['"Size" must be one of: S, M, L'] });
      await expect422(shirtItem({ Size: 'S' }), {
        'items.0.options': ['must choose a value for every option of the product; missing: Color'],
      });
      await expect422(
        { name: 'Bad', items: [{ product_id: shirt.id }] },
        {
          'items.0.options': ['must choose a value for every option of the product; missing: Size, Color'],
        },
      );
      // L/Blue exists but is disabled; S/Blue does not exist.
      await expect422(shirtItem({ Size: 'L', Color: 'Blue' }), {
        'items.0.options': ['does not select an enabled variant of the product'],
      });
      await expect422(shirtItem({ Size: 'S', Color: 'Blue' }), {
        'items.0.options': ['does not select an enabled variant of the product'],
      });
      await expect422(item({ options: { Size: 'M' } }), { 'items.0.options': ['"Size" is not an option of the product'] });
      await expect422(item({ options: ['M'] }), { 'items.0.options': ['must be an object of option name to value'] });
    });

    it('items.N.extras are distinct extra SKUs of the product', async () => {
      await expect422(item({ extras: ['NOPE'] }), { 'items.0.extras': ['"NOPE" is not an extra of the product'] });
      await expect422(item({ extras: ['GIFT-WRAP', 'GIFT-WRAP'] }), { 'items.0.extras': ['must not repeat an extra'] });
      await expect422(item({ extras: 'GIFT-WRAP' }), { 'items.0.extras': ['must be an array of extra SKUs'] });
    });

    it('items.N.custom_fields.NAME are cart definitions with values valid for their type', async () => {
      await expect422(item({ custom_fields: { material: 'oak' } }), {
        'items.0.custom_fields.material': ['is not a custom field of carts'],
      });
      await expect422(item({ custom_fields: { nothing: 'x' } }), { 'items.0.custom_fields.nothing': ['is not a custom field of carts'] });
      await expect422(item({ custom_fields: { floor: 'high', engraving: 'ok' } }), {
        'items.0.custom_fields.floor': ['must be an integer'],
      });
      await expect422(item({ custom_fields: { engraving: 'x'.repeat(256) } }), {
        'items.0.custom_fields.engraving': ['must be at most 255 characters'],
      });
    });

    it('billing plans, customer, groups, coupon and e-mails must exist / be valid', async () => {
      await expect422(item({ x_billing_plan_id: 999 }), { 'items.0.x_billing_plan_id': ['does not exist'] });
      await expect422({ name: 'x', x_billing_plan_id: 999 }, { x_billing_plan_id: ['does not exist'] });
      await expect422({ name: 'x', x_billing_plan_id: 'monthly' }, { x_billing_plan_id: ['must be an integer'] });
      await expect422({ name: 'x', customer_id: 999 }, { customer_id: ['does not exist'] });
      await expect422(
        { name: 'x', customer_groups: ['wholesale', 'nope', 'WHOLESALE'] },
        {
          'customer_groups.1': ['is not the api_code of a customer group'],
          'customer_groups.2': ['is not the api_code of a customer group'],
        },
      );
      await expect422({ name: 'x', customer_groups: 'wholesale' }, { customer_groups: ['must be an array of customer group api_codes'] });
      await expect422({ name: 'x', coupon_code: 'NOPE' }, { coupon_code: ['does not match a coupon'] });
      await expect422(
        { name: 'x', customer_emails: ['ok@example.com', 'not-an-email', 7, '"a\r\nb"@example.com', 'b\u200D@example.com'] },
        {
          'customer_emails.1': ['must be an e-mail address'],
          'customer_emails.2': ['must be an e-mail address'],
          'customer_emails.3': ['must be an e-mail address'],
          'customer_emails.4': ['must be an e-mail address'],
        },
      );
      await expect422({ name: 'x', customer_emails: 'a@example.com' }, { customer_emails: ['must be an array of e-mail addresses'] });
    });

    it('cart_link_id is alphanumeric, at most 64, unique', async () => {
      for (const bad of ['abc-def', 'abcdefghijklmno-', 'a', 'a'.repeat(15), 'a'.repeat(65), 'abcdefghijklmnop\n', 'abcdéfghijklmnopq']) {
        await expect422({ name: 'x', cart_link_id: bad }, { cart_link_id: ['must be 16 to 64 letters and digits'] });
        await expect422({ cart_link_id: bad }, { cart_link_id: ['must be 16 to 64 letters and digits'] }, 'patch', '/quote/1');
      }
      expect((await createQuote({ name: 'x', cart_link_id: 'a'.repeat(16) })).status).toBe(201);
      await expect422({ name: 'x', cart_link_id: 42 }, { cart_link_id: ['must be a string'] });
      expect((await createQuote({ name: 'x', cart_link_id: 'a'.repeat(64) })).status).toBe(201);
      await expect422({ name: 'x', cart_link_id: 'OfficeLink42Spring' }, { cart_link_id: ['is already in use'] });
      await expect422({ cart_link_id: 'OfficeLink42Spring' }, { cart_link_id: ['is already in use'] }, 'patch', '/quote/1');
    });

    it('expires_x_days is an integer of at least 0', async () => {
      await expect422({ name: 'x', expires_x_days: -1 }, { expires_x_days: ['must be at least 0'] });
      await expect422({ name: 'x', expires_x_days: 1.5 }, { expires_x_days: ['must be an integer'] });
    });

    it('reports every problem at once, across items, and writes nothing', async () => {
      const before = await t.sql('SELECT count(*)::int AS n FROM quotes');
      await expect422(
        {
          name: 'x',
          customer_id: 999,
          items: [{ product_id: mug.id, quantity: 0 }, { product_id: mug.id, extras: ['NOPE'] }, { product_id: 999999 }],
        },
        // Shape errors come first: the service's checks run only on well-formed input.
        { 'items.0.quantity': ['must be at least 1'] },
      );
      await expect422(
        { name: 'x', customer_id: 999, items: [{ product_id: mug.id, extras: ['NOPE'] }, { product_id: 999999 }] },
        {
          customer_id: ['does not exist'],
          'items.0.extras': ['"NOPE" is not an extra of the product'],
          'items.1.product_id': ['does not exist'],
        },
      );
      expect(await t.sql('SELECT count(*)::int AS n FROM quotes')).toEqual(before);
    });

    it('a PATCH with bad items changes nothing', async () => {
      const before = (await t.http.get('/quote/3').set(auth)).body.data;
      await expect422(
        { name: 'Changed', items: [{ product_id: mug.id, extras: ['NOPE'] }] },
        {
          'items.0.extras': ['"NOPE" is not an extra of the product'],
        },
        'patch',
        '/quote/3',
      );
      expect((await t.http.get('/quote/3').set(auth)).body.data).toEqual(before);
    });
  });

  describe('expiry', () => {
    it('expires_at is created_at + expires_x_days; past it the quote reads expired and cannot be sent (409)', async () => {
      const res = await createQuote({ name: 'Soon', expires_x_days: 2, customer_id: carol.id });
      const q = res.body.data;
      expect(q).toMatchObject({ status: 'active', expires_x_days: 2, expires_at: plusDays(q.created_at, 2) });
      const [row] = await t.sql<{ ok: boolean }>(`SELECT expires_at = created_at + interval '2 days' AS ok FROM quotes WHERE id = $1`, [
        q.id,
      ]);
      expect(row.ok).toBe(true);

      // PATCH counts from creation, not from now.
      await t.sql(`UPDATE quotes SET created_at = created_at - interval '10 days' WHERE id = $1`, [q.id]);
      const patched = await t.http.patch(`/quote/${q.id}`).set(auth).send({ expires_x_days: 12 });
      expect(patched.body.data).toMatchObject({
        status: 'active',
        expires_x_days: 12,
        expires_at: plusDays(patched.body.data.created_at, 12),
      });
      const cleared = await t.http.patch(`/quote/${q.id}`).set(auth).send({ expires_x_days: null });
      expect(cleared.body.data).toMatchObject({ status: 'active', expires_x_days: null, expires_at: null });

      await t.sql(`UPDATE quotes SET expires_at = now() - interval '1 minute' WHERE id = $1`, [q.id]);
      const read = await t.http.get(`/quote/${q.id}`).set(auth);
      expect(read.body.data.status).toBe('expired');
      const send = await t.http.post(`/quote/${q.id}/send-quote`).set(auth).send({});
      expect(send.status).toBe(409);
      expect(send.body).toEqual(fail(409, `Quote ${q.number} has expired and cannot be sent.`));
      expect(await t.sql('SELECT count(*)::int AS n FROM quote_deliveries WHERE quote_id = $1', [q.id])).toEqual([{ n: 0 }]);

      // 0 days: it expires as it is created.
      const zero = await createQuote({ name: 'Gone', expires_x_days: 0 });
      expect(zero.body.data).toMatchObject({ status: 'expired', expires_x_days: 0, expires_at: zero.body.data.created_at });
    });
  });

  describe('send-quote', () => {
    it('queues one delivery per recipient, de-duplicated case-insensitively, in recipient order (202)', async () => {
      const q = (
        await createQuote({
          name: 'Send me',
          customer_id: alice.id,
          customer_emails: ['ALICE@example.com', 'extra@example.com', 'bob@example.com'],
          customer_groups: ['wholesale'],
          items: [{ product_id: mug.id, quantity: 2 }],
        })
      ).body.data;
      const res = await t.http
        .post(`/quote/${q.number}/send-quote`)
        .set(auth)
        .send({ message: 'Here is your quote', bcc: ['boss@example.com'] });
      expect(res.status).toBe(202);
      const ids = res.body.data.deliveries.map((d: Json) => d.id);
      // Customer first, then customer_emails, then the group's customers (Alice and Bob are already in).
      expect(res.body).toEqual(
        ok(202, {
          quote_id: q.id,
          deliveries: [
            { id: ids[0], recipient: 'alice@example.com', status: 'queued' },
            { id: ids[1], recipient: 'extra@example.com', status: 'queued' },
            { id: ids[2], recipient: 'bob@example.com', status: 'queued' },
          ],
        }),
      );
      expect(ids).toEqual([ids[0], ids[0] + 1, ids[0] + 2]);
      const rows = await t.sql('SELECT recipient, message, bcc FROM quote_deliveries WHERE quote_id = $1 ORDER BY id', [q.id]);
      expect(rows).toEqual(
        // The blind copy rides with the first message only: one copy per send.
        ['alice@example.com', 'extra@example.com', 'bob@example.com'].map((recipient, n) => ({
          recipient,
          message: 'Here is your quote',
          bcc: n === 0 ? ['boss@example.com'] : [],
        })),
      );

      const list = await t.http.get(`/quote/${q.id}/deliveries`).set(auth);
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(3);
      list.body.data.forEach((d: Json, n: number) => {
        expect(d).toEqual({
          id: ids[n],
          recipient: res.body.data.deliveries[n].recipient,
          status: d.status === 'sent' ? 'sent' : 'queued',
          attempts: expect.any(Number),
          last_error: null,
          message_id: d.status === 'sent' ? expect.any(String) : null,
          sent_at: d.status === 'sent' ? TS : null,
          created_at: TS,
        });
      });
      expect(list.body.meta.pagination).toEqual({ total: 3, count: 3, limit: 250, page: 1, total_pages: 1, next_cursor: null });
      const byNumber = await t.http.get(`/quotes/${q.number.toLowerCase()}/deliveries?limit=2`).set(auth);
      expect(byNumber.body.data.map((d: Json) => d.id)).toEqual(ids.slice(0, 2));
      expect((await t.http.get('/quote/Q999/deliveries').set(auth)).status).toBe(404);
    });

    it('accepts a request without a body, and group customers after the e-mails', async () => {
      const q = (await createQuote({ name: 'Group only', customer_groups: ['wholesale'], customer_emails: ['z@example.com'] })).body.data;
      const res = await t.http.post(`/quotes/${q.id}/send-quote`).set(auth);
      expect(res.status).toBe(202);
      expect(res.body.data.deliveries.map((d: Json) => d.recipient)).toEqual(['z@example.com', alice.email, bob.email]);
    });

    it('refuses a quote with no one to send to (422) and bad input', async () => {
      const q = (await createQuote({ name: 'Nobody', customer_groups: ['retail'], customer_emails: [] })).body.data;
      const res = await t.http.post(`/quote/${q.id}/send-quote`).set(auth).send({});
      expect(res.status).toBe(422);
      expect(res.body).toEqual(
        fail(422, { recipients: ['the quote has no one to send to: set customer_id, customer_emails or customer_groups'] }),
      );
      const bad = await t.http
        .post(`/quote/${q.id}/send-quote`)
        .set(auth)
        .send({ bcc: ['"x,y"@example.com'], cc: 1 });
      expect(bad.status).toBe(422);
      expect(bad.body.error.message).toEqual({ bcc: ['each entry must be an e-mail address'], cc: ['is not a known field'] });
      expect(await t.sql('SELECT count(*)::int AS n FROM quote_deliveries WHERE quote_id = $1', [q.id])).toEqual([{ n: 0 }]);
    });

    it('needs the quotes:send scope', async () => {
      const q = (await createQuote({ name: 'Scoped', customer_id: carol.id })).body.data;
      const writer = { Authorization: `Bearer ${await t.token(['quotes:read', 'quotes:write'])}` };
      const res = await t.http.post(`/quote/${q.id}/send-quote`).set(writer).send({});
      expect(res.status).toBe(403);
      expect(res.body).toEqual(fail(403, 'The access token lacks the scope "quotes:send".'));
      const sender = { Authorization: `Bearer ${await t.token(['quotes:send'])}` };
      const sent = await t.http.post(`/quote/${q.id}/send-quote`).set(sender).send({});
      expect(sent.status).toBe(202);
      expect(sent.body.data.deliveries.map((d: Json) => d.recipient)).toEqual(['carol@example.com']);
    });
  });

  describe('scopes', () => {
    it('quotes:read reads but cannot write', async () => {
      const reader = { Authorization: `Bearer ${await t.token(['quotes:read'])}` };
      expect((await t.http.get('/quotes').set(reader)).status).toBe(200);
      expect((await t.http.get('/quote/Q1003').set(reader)).status).toBe(200);
      expect((await t.http.get('/quote/3/deliveries').set(reader)).status).toBe(200);
      for (const res of [
        await t.http.post('/quote').set(reader).send({ name: 'x' }),
        await t.http.patch('/quote/3').set(reader).send({ name: 'x' }),
        await t.http.delete('/quote/3').set(reader),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual(fail(403, 'The access token lacks the scope "quotes:write".'));
      }
      expect((await t.http.get('/quote/3').set(auth)).status).toBe(200);
    });

    it('a catalog-only token cannot read quotes', async () => {
      const catalog = { Authorization: `Bearer ${await t.token(['catalog:read', 'catalog:write'])}` };
      for (const path of ['/quotes', '/quote/3', '/quote/3/deliveries']) {
        const res = await t.http.get(path).set(catalog);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(fail(403, 'The access token lacks the scope "quotes:read".'));
      }
    });
  });
});
