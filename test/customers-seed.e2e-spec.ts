import { DataSource } from 'typeorm';
import { seedCustomers } from '../src/modules/demo/seeds/customers.seed.js';
import { seedGeography } from '../src/modules/demo/seeds/geography.seed.js';
import { type TestApp, asDefaultStore, bootTestApp, describeE2E } from './support/test-app.js';

describeE2E('customers demo seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp('customers_seed');
  });
  afterAll(() => t?.close());

  it('adds groups, customers with addresses, coupons and a plan once; a second run adds nothing', async () => {
    const ds = t.app.get(DataSource);
    await asDefaultStore(() => ds.transaction((m) => seedGeography(m)));
    expect(await asDefaultStore(() => ds.transaction((m) => seedCustomers(m)))).toBe(
      'Customers: added 2 groups, 3 customers, 2 coupons, 1 billing plans.',
    );
    expect(await asDefaultStore(() => ds.transaction((m) => seedCustomers(m)))).toBe(
      'Customers: added 0 groups, 0 customers, 0 coupons, 0 billing plans.',
    );

    const auth = { Authorization: `Bearer ${await t.token()}` };
    const customers = await t.http.get('/customers?embed=group,shippingAddresses').set(auth);
    expect(
      customers.body.data.map(
        (c: {
          email: string;
          group: { data: { api_code: string; is_tax_exempt: number } | null };
          shipping_addresses: { data: { country_code: string; state_code: string; is_default: number }[] };
        }) => [
          c.email,
          c.group.data && [c.group.data.api_code, c.group.data.is_tax_exempt],
          c.shipping_addresses.data.map((a) => `${a.country_code}/${a.state_code}/${a.is_default}`),
        ],
      ),
    ).toEqual([
      ['ada@example.com', ['wholesale', 0], ['US/CA/1']],
      ['grace@example.com', ['nonprofit', 1], []],
      ['alan@example.com', null, ['US/NY/1']],
    ]);
    const coupons = await t.http.get('/coupons').set(auth);
    expect(
      coupons.body.data.map((c: { code: string; discount_type: string; discount_value: string; is_active: number }) => [
        c.code,
        c.discount_type,
        c.discount_value,
        c.is_active,
      ]),
    ).toEqual([
      ['WELCOME10', 'percentage', '10.00', 1],
      ['FIVEOFF', 'fixed_amount', '5.00', 1],
    ]);
    const plans = await t.http.get('/billingplans').set(auth);
    expect(plans.body.data).toEqual([
      expect.objectContaining({ name: 'Monthly', interval_unit: 'month', interval_count: 1, trial_days: 0, renewal_cycles: null }),
    ]);
  });
});
