import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * Quote pricing (docs/api.md#quote-pricing) to the cent, on a catalog built only through the API. Every expected
 * amount is worked out by hand in the comments.
 *
 * Tax at the customers' default shipping address (US / CA / 90001 / Los Angeles):
 * - Standard (the default class): CA state 7.25 % and "los angeles" 2.25 % at priority 1, plus a
 *   compound 1.5 % at priority 2 on (total + priority-1 tax). So tax = t × 9.5 % + t × 1.095 × 1.5 %
 *   = t × 11.1425 %. A New York rate must not apply.
 * - Reduced: 2.5 % for zip 90001 (a 9 % rate for zip 90002 must not apply).
 */
describeE2E('quotes: pricing', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const ids: Record<string, number> = {};

  const post = apiSteps(
    () => t,
    () => auth,
  ).create;

  beforeAll(async () => {
    t = await bootTestApp('quotes_pricing');
    auth = { Authorization: `Bearer ${await t.token()}` };

    await post('/country', { name: 'United States', code: 'US' });
    await post('/country/US', { name: 'California', code: 'CA' });
    await post('/country/US', { name: 'New York', code: 'NY' });

    const standard = await post('/taxclass', { name: 'Standard', is_default: 1 });
    const reduced = await post('/taxclass', { name: 'Reduced' });
    ids.standard = standard.id;
    ids.reduced = reduced.id;
    await post(`/taxclass/${standard.id}/rate`, { country: 'US', state: 'CA', rate: '7.25', priority: 1, tax_name: 'CA state' });
    await post(`/taxclass/${standard.id}/rate`, {
      country: 'US',
      state: 'CA',
      city: 'los angeles',
      rate: '2.25',
      priority: 1,
      tax_name: 'LA',
    });
    await post(`/taxclass/${standard.id}/rate`, { country: 'US', rate: '1.5', priority: 2, is_compound: 1, tax_name: 'Federal' });
    await post(`/taxclass/${standard.id}/rate`, { country: 'US', state: 'NY', rate: '8.875', priority: 1, tax_name: 'NY' });
    await post(`/taxclass/${reduced.id}/rate`, { country: 'US', state: 'CA', zip: '90001', rate: '2.5', priority: 1 });
    await post(`/taxclass/${reduced.id}/rate`, { country: 'US', state: 'CA', zip: '90002', rate: '9', priority: 1 });

    ids.trade = (await post('/customergroup', { name: 'Trade', api_code: 'trade' })).id;
    ids.charity = (await post('/customergroup', { name: 'Charity', api_code: 'charity', is_tax_exempt: 1 })).id;
    const la = { kind: 'shipping', country_code: 'US', state_code: 'CA', city: 'Los Angeles', postal_code: '90001' };
    const customer = async (email: string, groupId: number | null, withAddress = true) => {
      const c = await post('/customer', { email, customer_group_id: groupId });
      if (withAddress) await post(`/customer/${c.id}/addresses`, la);
      return c.id as number;
    };
    ids.trader = await customer('trader@example.com', ids.trade);
    // The trader's billing address and a second shipping address are in New York: only the default shipping address counts.
    await post(`/customer/${ids.trader}/addresses`, { ...la, kind: 'billing', state_code: 'NY', city: 'New York', postal_code: '10001' });
    await post(`/customer/${ids.trader}/addresses`, { ...la, state_code: 'NY', city: 'New York', postal_code: '10001', is_default: 0 });
    ids.charityCustomer = await customer('charity@example.com', ids.charity);
    ids.plain = await customer('plain@example.com', null);
    ids.homeless = await customer('homeless@example.com', ids.trade, false);

    // Widget: 10.00, no tax class (→ Standard, the default); tiers 5 → 9.00, 5 → 8.50 for Trade, 10 → 8.00, 3 → 7.00 for Charity.
    ids.widget = (await post('/product', { name: 'Widget', sku: 'WIDGET', base_price: '10.00' })).id;
    await post('/product/WIDGET/pricetier', { quantity: 5, price: '9.00' });
    await post('/product/WIDGET/pricetier', { quantity: 5, price: '8.50', customer_group_id: ids.trade });
    await post('/product/WIDGET/pricetier', { quantity: 10, price: '8.00' });
    await post('/product/WIDGET/pricetier', { quantity: 3, price: '7.00', customer_group_id: ids.charity });
    // Gadget: 40.00, Reduced, on sale 15 % off; extras.
    ids.gadget = (
      await post('/product', {
        name: 'Gadget',
        sku: 'GADGET',
        base_price: '40',
        tax_class_id: reduced.id,
        is_on_sale: 1,
        sale_price_or_discount: '15%',
      })
    ).id;
    await post('/product/GADGET/extra', { sku: 'CASE', name: 'Case', price: '5.25' });
    await post('/product/GADGET/extra', { sku: 'CHARGER', name: 'Charger', price: '3.10' });
    await post('/product/GADGET/extra', { sku: 'STRAP', name: 'Strap', price: '1.00' });
    // Tee: 18.00 with sizes; S uses the product price, M costs 21.00 and is on sale 2.50 off, with its own tiers.
    ids.tee = (await post('/product', { name: 'Tee', sku: 'TEE', base_price: '18.00' })).id;
    await post('/product/TEE/option', { name: 'Size', values: ['S', 'M'] });
    ids.teeS = (await post('/product/TEE/variant', { sku: 'TEE-S', options: { Size: 'S' } })).id;
    ids.teeM = (
      await post('/product/TEE/variant', {
        sku: 'TEE-M',
        base_price: '21.00',
        is_on_sale: 1,
        sale_price_or_discount: '-2.50',
        options: { Size: 'M' },
      })
    ).id;
    await post('/variant/TEE-M/pricetier', { quantity: 3, price: '19.00', customer_group_id: ids.trade });
    await post('/variant/TEE-M/pricetier', { quantity: 2, price: '20.00' });
    // Poster: 12.00, Standard named explicitly, on sale at 9.99.
    ids.poster = (
      await post('/product', {
        name: 'Poster',
        sku: 'POSTER',
        base_price: '12',
        tax_class_id: standard.id,
        is_on_sale: 1,
        sale_price_or_discount: '9.99',
      })
    ).id;

    await post('/coupon', { code: 'PCT12', discount_type: 'percentage', discount_value: '12.5' });
    await post('/coupon', { code: 'FIFTY', discount_type: 'fixed_amount', discount_value: '50' });
    await post('/coupon', { code: 'TENOFF', discount_type: 'fixed_amount', discount_value: '10' });
    await post('/coupon', { code: 'HUGE', discount_type: 'fixed_amount', discount_value: '500' });
    await post('/coupon', { code: 'ALL', discount_type: 'percentage', discount_value: '100' });
    await post('/coupon', { code: 'PAUSED', discount_type: 'percentage', discount_value: '50', is_active: 0 });
    await post('/coupon', { code: 'OLD', discount_type: 'percentage', discount_value: '50', ends_at: '2020-01-01 00:00:00' });
    await post('/coupon', { code: 'LATER', discount_type: 'percentage', discount_value: '50', starts_at: '2999-01-01 00:00:00' });
  });
  afterAll(() => t?.close());

  const quote = async (body: object) => {
    const res = await t.http
      .post('/quote')
      .set(auth)
      .send({ name: 'Priced', ...body });
    expect(res.status).toBe(201);
    return res.body.data as Json;
  };
  const lines = (q: Json) =>
    q.items.map((i: Json) => ({
      product: i.shop_product_id,
      variant: i.shop_product_variant_id,
      quantity: i.quantity,
      price: i.price,
      discount: i.discount,
      total: i.total,
    }));
  const totals = (q: Json) => ({ subtotal: q.subtotal, total_discount: q.total_discount, total_tax: q.total_tax, total: q.total });
  const storedTaxes = async (quoteId: number) =>
    (await t.sql<{ tax: string }>('SELECT tax FROM quote_items WHERE quote_id = $1 ORDER BY position', [quoteId])).map((r) => r.tax);

  const mixed = () => [
    { product_id: ids.widget, quantity: 6 },
    { product_id: ids.gadget, quantity: 2, extras: ['CASE', 'CHARGER'] },
    { product_id: ids.tee, quantity: 3, options: { Size: 'M' } },
    { product_id: ids.tee, quantity: 1, options: { Size: 'S' } },
    { product_id: ids.poster, quantity: 4 },
  ];

  it('prices a mixed quote for a Trade customer with a percentage coupon, field by field', async () => {
    const q = await quote({ customer_id: ids.trader, coupon_code: 'pct12', items: mixed() });
    // Unit prices:
    //   Widget ×6: tiers ≤ 6 are 5 → 9.00 and 5 → 8.50 (Trade); the group tier wins the tie → 8.50; subtotal 51.00
    //   Gadget ×2: 40.00 − 15 % = 34.00, + CASE 5.25 + CHARGER 3.10 = 42.35; subtotal 84.70
    //   Tee M ×3: variant tiers 3 → 19.00 (Trade) beats 2 → 20.00; − 2.50 sale = 16.50; subtotal 49.50
    //   Tee S ×1: no price of its own → 18.00; subtotal 18.00
    //   Poster ×4: sale price 9.99; subtotal 39.96
    // PCT12 (12.5 %), rounded per line half-up:
    //   51.00 → 6.375 → 6.38 (total 44.62); 84.70 → 10.5875 → 10.59 (74.11); 49.50 → 6.1875 → 6.19 (43.31);
    //   18.00 → 2.25 (15.75); 39.96 → 4.995 → 5.00 (34.96)
    expect(lines(q)).toEqual([
      { product: ids.widget, variant: null, quantity: 6, price: 8.5, discount: '6.38', total: 44.62 },
      { product: ids.gadget, variant: null, quantity: 2, price: 42.35, discount: '10.59', total: 74.11 },
      { product: ids.tee, variant: ids.teeM, quantity: 3, price: 16.5, discount: '6.19', total: 43.31 },
      { product: ids.tee, variant: ids.teeS, quantity: 1, price: 18, discount: '2.25', total: 15.75 },
      { product: ids.poster, variant: null, quantity: 4, price: 9.99, discount: '5.00', total: 34.96 },
    ]);
    // Tax per item, rounded once:
    //   Widget 44.62 × 11.1425 % = 4.9717835 → 4.97; Gadget (Reduced) 74.11 × 2.5 % = 1.85275 → 1.85;
    //   Tee M 43.31 × 11.1425 % = 4.82581675 → 4.83; Tee S 15.75 × 11.1425 % = 1.75494375 → 1.75;
    //   Poster 34.96 × 11.1425 % = 3.895418 → 3.90. Σ 17.30.
    expect(await storedTaxes(q.id)).toEqual(['4.97', '1.85', '4.83', '1.75', '3.90']);
    // Subtotal 243.16, discount 30.41, items 212.75 + tax 17.30 = 230.05.
    expect(totals(q)).toEqual({ subtotal: '243.16', total_discount: '30.41', total_tax: '17.30', total: '230.05' });
    expect(q.coupon_code).toBe('PCT12');
    expect((await t.http.get(`/quote/${q.id}`).set(auth)).body.data).toEqual(q);
  });

  it('splits a fixed-amount coupon by largest remainder', async () => {
    const q = await quote({ customer_id: ids.trader, coupon_code: 'FIFTY', items: mixed() });
    // 50.00 = 5000 cents over weights 5100, 8470, 4950, 1800, 3996 (Σ 24316):
    //   5000 × w / 24316 → 1048 r16832, 1741 r15844, 1017 r20628, 370 r3080, 821 r16564 (Σ 4997);
    //   the 3 cents left go to the largest remainders: line 3, line 1, line 5 → 10.49, 17.41, 10.18, 3.70, 8.22.
    // Totals 40.51, 67.29, 39.32, 14.30, 31.74 (Σ 193.16).
    expect(lines(q).map((l: Json) => [l.discount, l.total])).toEqual([
      ['10.49', 40.51],
      ['17.41', 67.29],
      ['10.18', 39.32],
      ['3.70', 14.3],
      ['8.22', 31.74],
    ]);
    // Tax: 40.51 → 4.51382675 → 4.51; 67.29 × 2.5 % = 1.68225 → 1.68; 39.32 → 4.381231 → 4.38;
    //   14.30 → 1.5933775 → 1.59; 31.74 → 3.5366295 → 3.54. Σ 15.70; total 193.16 + 15.70 = 208.86.
    expect(await storedTaxes(q.id)).toEqual(['4.51', '1.68', '4.38', '1.59', '3.54']);
    expect(totals(q)).toEqual({ subtotal: '243.16', total_discount: '50.00', total_tax: '15.70', total: '208.86' });
  });

  it('gives equal remainders to the earlier line, and never discounts more than the subtotal', async () => {
    const widget = { product_id: ids.widget, quantity: 1 };
    // Three lines of 10.00, TENOFF 10.00: 333 cents each, the cent left goes to the first line.
    const q = await quote({ coupon_code: 'TENOFF', items: [widget, widget, widget] });
    expect(lines(q).map((l: Json) => [l.price, l.discount, l.total])).toEqual([
      [10, '3.34', 6.66],
      [10, '3.33', 6.67],
      [10, '3.33', 6.67],
    ]);
    expect(totals(q)).toEqual({ subtotal: '30.00', total_discount: '10.00', total_tax: '0.00', total: '20.00' });

    // HUGE is 500.00 off a 9.99 + 8.50 × 6 quote: everything is free, and free things carry no tax.
    const free = await quote({
      customer_id: ids.trader,
      coupon_code: 'HUGE',
      items: [{ product_id: ids.poster }, { product_id: ids.widget, quantity: 6 }],
    });
    expect(lines(free).map((l: Json) => [l.discount, l.total])).toEqual([
      ['9.99', 0],
      ['51.00', 0],
    ]);
    expect(totals(free)).toEqual({ subtotal: '60.99', total_discount: '60.99', total_tax: '0.00', total: '0.00' });
    const all = await quote({ customer_id: ids.trader, coupon_code: 'ALL', items: [{ product_id: ids.poster, quantity: 3 }] });
    expect(totals(all)).toEqual({ subtotal: '29.97', total_discount: '29.97', total_tax: '0.00', total: '0.00' });
  });

  it('a coupon that is paused, over or not yet started is saved but gives no discount', async () => {
    for (const code of ['PAUSED', 'old', 'LATER']) {
      const q = await quote({ customer_id: ids.plain, coupon_code: code, items: [{ product_id: ids.poster, quantity: 4 }] });
      expect(q.coupon_code).toBe(code.toUpperCase());
      // 39.96 + 39.96 × 11.1425 % = 4.452543 → 4.45.
      expect(totals(q)).toEqual({ subtotal: '39.96', total_discount: '0.00', total_tax: '4.45', total: '44.41' });
      expect(q.items[0].discount).toBe('0.00');
    }
  });

  it('a larger quantity tier beats a group tier at a smaller quantity', async () => {
    const q = await quote({ customer_id: ids.trader, items: [{ product_id: ids.widget, quantity: 10 }] });
    // Tiers ≤ 10: 5 → 9.00, 5 → 8.50 (Trade), 10 → 8.00: the largest quantity wins → 8.00 × 10 = 80.00.
    // Tax 80.00 × 11.1425 % = 8.914 → 8.91.
    expect(lines(q)[0]).toMatchObject({ price: 8, total: 80 });
    expect(totals(q)).toEqual({ subtotal: '80.00', total_discount: '0.00', total_tax: '8.91', total: '88.91' });
  });

  it('a tax-exempt group pays no tax; the same items for a customer without group do', async () => {
    const items = [
      { product_id: ids.poster, quantity: 4 },
      { product_id: ids.widget, quantity: 3 },
    ];
    // Charity: Poster 39.96; Widget ×3 takes the Charity tier 3 → 7.00 = 21.00. Exempt: no tax.
    const exempt = await quote({ customer_id: ids.charityCustomer, items });
    expect(lines(exempt).map((l: Json) => [l.price, l.total])).toEqual([
      [9.99, 39.96],
      [7, 21],
    ]);
    expect(totals(exempt)).toEqual({ subtotal: '60.96', total_discount: '0.00', total_tax: '0.00', total: '60.96' });
    // No group: Widget ×3 has no tier (5 is too many, 3 is Charity's) → 30.00.
    // Tax: 39.96 → 4.45; 30.00 × 11.1425 % = 3.34275 → 3.34. Σ 7.79; total 69.96 + 7.79 = 77.75.
    const taxed = await quote({ customer_id: ids.plain, items });
    expect(totals(taxed)).toEqual({ subtotal: '69.96', total_discount: '0.00', total_tax: '7.79', total: '77.75' });
    expect(await storedTaxes(taxed.id)).toEqual(['4.45', '3.34']);
  });

  it('a quote without customer, or with a customer without shipping address, gets no tax and no group tiers without a group', async () => {
    const q = await quote({ items: mixed() });
    // No group: Widget ×6 → 5 → 9.00 = 54.00; Gadget 84.70; Tee M ×3 → 2 → 20.00 − 2.50 = 17.50 = 52.50;
    // Tee S 18.00; Poster 39.96. Σ 249.16; no tax.
    expect(lines(q).map((l: Json) => [l.price, l.total])).toEqual([
      [9, 54],
      [42.35, 84.7],
      [17.5, 52.5],
      [18, 18],
      [9.99, 39.96],
    ]);
    expect(totals(q)).toEqual({ subtotal: '249.16', total_discount: '0.00', total_tax: '0.00', total: '249.16' });
    expect(await storedTaxes(q.id)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00']);

    // A Trade customer without an address: Trade prices (as the first test, 243.16), no tax.
    const homeless = await quote({ customer_id: ids.homeless, items: mixed() });
    expect(totals(homeless)).toEqual({ subtotal: '243.16', total_discount: '0.00', total_tax: '0.00', total: '243.16' });
  });

  it('moving a quote to another customer prices it again: tiers and tax follow the customer', async () => {
    const q = await quote({ items: mixed(), coupon_code: 'PCT12' });
    const moved = await t.http.patch(`/quote/${q.id}`).set(auth).send({ customer_id: ids.trader });
    expect(moved.status).toBe(200);
    expect(totals(moved.body.data)).toEqual({ subtotal: '243.16', total_discount: '30.41', total_tax: '17.30', total: '230.05' });
    expect(moved.body.data.items.map((i: Json) => i.id)).toEqual(q.items.map((i: Json) => i.id));
    const exempt = await t.http.patch(`/quote/${q.id}`).set(auth).send({ customer_id: ids.charityCustomer });
    expect(exempt.body.data.total_tax).toBe('0.00');
    const back = await t.http.patch(`/quote/${q.id}`).set(auth).send({ customer_id: null });
    expect(totals(back.body.data)).toEqual({ subtotal: '249.16', total_discount: '31.15', total_tax: '0.00', total: '218.01' });
  });

  it('refuses amounts that do not fit the quote columns with 422 on the item that causes them', async () => {
    const yacht = await post('/product', { name: 'Yacht', sku: 'YACHT', base_price: '9999999999.99' });
    await post('/product/YACHT/extra', { sku: 'GOLD', name: 'Gold plating', price: '9999999999.99' });
    const bad = async (items: object[], errors: Record<string, string[]>) => {
      const res = await t.http.post('/quote').set(auth).send({ name: 'Too much', items });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: { meta: { status: 422, success: false }, error: { message: errors } },
      });
    };
    // A unit price is at most 9999999999.99, a line or quote amount at most 999999999999.99.
    await bad([{ product_id: yacht.id, extras: ['GOLD'] }], { 'items.0.extras': ['make the unit price larger than 9999999999.99'] });
    await bad([{ product_id: ids.poster }, { product_id: yacht.id, quantity: 1000 }], {
      'items.1.quantity': ['makes the line subtotal larger than 999999999999.99'],
    });
    await bad(
      [
        { product_id: yacht.id, quantity: 60 },
        { product_id: yacht.id, quantity: 60 },
      ],
      { items: ['make the quote subtotal larger than 999999999999.99'] },
    );
    // The largest line that fits: 99 × 9999999999.99 = 989999999999.01.
    const big = await quote({ items: [{ product_id: yacht.id, quantity: 99 }] });
    expect(totals(big)).toEqual({ subtotal: '989999999999.01', total_discount: '0.00', total_tax: '0.00', total: '989999999999.01' });
    expect(big.items[0]).toMatchObject({ price: 9999999999.99, total: 989999999999.01 });
    expect((await t.http.delete(`/quote/${big.id}`).set(auth)).status).toBe(200);
  });

  it('prices are fixed when the quote is written: catalog changes show only when it is priced again', async () => {
    const q = await quote({ customer_id: ids.plain, items: [{ product_id: ids.poster, quantity: 4 }] });
    expect(totals(q)).toEqual({ subtotal: '39.96', total_discount: '0.00', total_tax: '4.45', total: '44.41' });
    expect((await t.http.patch('/product/POSTER').set(auth).send({ sale_price_or_discount: '5.00' })).status).toBe(200);

    const read = await t.http.get(`/quote/${q.id}`).set(auth);
    expect(totals(read.body.data)).toEqual(totals(q));
    expect(read.body.data.items[0].price).toBe(9.99);
    const renamed = await t.http
      .patch(`/quote/${q.id}`)
      .set(auth)
      .send({ name: 'Renamed', customer_emails: ['x@example.com'] });
    expect(totals(renamed.body.data)).toEqual(totals(q));

    // Sending the customer again prices again: 5.00 × 4 = 20.00; tax 20.00 × 11.1425 % = 2.2285 → 2.23.
    const repriced = await t.http.patch(`/quote/${q.id}`).set(auth).send({ customer_id: ids.plain });
    expect(repriced.body.data.items[0]).toMatchObject({ id: q.items[0].id, price: 5, total: 20 });
    expect(totals(repriced.body.data)).toEqual({ subtotal: '20.00', total_discount: '0.00', total_tax: '2.23', total: '22.23' });
  });
});
