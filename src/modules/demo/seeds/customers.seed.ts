import type { EntityManager } from 'typeorm';
import { demoRepository as demo } from '../demo.repository.js';

const GROUPS = [
  { api_code: 'wholesale', name: 'Wholesale', description: 'Trade customers buying in volume.', is_tax_exempt: false },
  { api_code: 'nonprofit', name: 'Non-profit', description: 'Tax-exempt organisations.', is_tax_exempt: true },
];

const CUSTOMERS: {
  email: string;
  first_name: string;
  last_name: string;
  company: string | null;
  group: string | null;
  shipping: { street_address: string; city: string; postal_code: string; country: string; state: string } | null;
}[] = [
  {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: 'Analytical Engines Ltd',
    group: 'wholesale',
    shipping: { street_address: '1 Market St', city: 'San Francisco', postal_code: '94105', country: 'US', state: 'CA' },
  },
  { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', company: 'Code for Good', group: 'nonprofit', shipping: null },
  {
    email: 'alan@example.com',
    first_name: 'Alan',
    last_name: 'Turing',
    company: null,
    group: null,
    shipping: { street_address: '350 5th Ave', city: 'New York', postal_code: '10118', country: 'US', state: 'NY' },
  },
];

const COUPONS = [
  { code: 'WELCOME10', name: '10% off for new customers', discount_type: 'percentage' as const, discount_value: '10.00' },
  { code: 'FIVEOFF', name: '5.00 off any quote', discount_type: 'fixed_amount' as const, discount_value: '5.00' },
];

const PLANS = [{ name: 'Monthly', interval_unit: 'month' as const, interval_count: 1, trial_days: 0, renewal_cycles: null }];

/** Runs after the geography seed (the addresses are in US/CA and US/NY). Existing rows, matched by their keys, are left alone. */
export async function seedCustomers(m: EntityManager): Promise<string> {
  const added = { groups: 0, customers: 0, coupons: 0, plans: 0 };
  for (const g of GROUPS) {
    if (await demo.customerGroupExists(m, g.api_code)) continue;
    await demo.insertCustomerGroup(m, g);
    added.groups++;
  }
  for (const c of CUSTOMERS) {
    if (await demo.customerEmailExists(m, c.email)) continue;
    const group = c.group ? await demo.customerGroupByCode(m, c.group) : null;
    const customerId = await demo.insertCustomer(m, {
      email: c.email,
      first_name: c.first_name,
      last_name: c.last_name,
      company: c.company,
      customer_group_id: group?.id ?? null,
    });
    if (c.shipping) {
      const { country: countryCode, state: stateCode, ...place } = c.shipping;
      const country = await demo.countryByCode(m, countryCode);
      const state = await demo.stateByCode(m, country.id, stateCode);
      await demo.insertAddress(m, {
        ...place,
        customer_id: customerId,
        kind: 'shipping',
        first_name: c.first_name,
        last_name: c.last_name,
        country_id: country.id,
        state_id: state.id,
        is_default: true,
      });
    }
    added.customers++;
  }
  for (const coupon of COUPONS) {
    if (await demo.couponCodeExists(m, coupon.code)) continue;
    await demo.insertCoupon(m, coupon);
    added.coupons++;
  }
  for (const plan of PLANS) {
    if (await demo.billingPlanExists(m, plan.name)) continue;
    await demo.insertBillingPlan(m, plan);
    added.plans++;
  }
  return `Customers: added ${added.groups} groups, ${added.customers} customers, ${added.coupons} coupons, ${added.plans} billing plans.`;
}
