import type { EntityManager } from 'typeorm';
import { Country } from '../../geography/country.entity.js';
import { State } from '../../geography/state.entity.js';
import { BillingPlan } from '../../customers/billing-plans/billing-plan.entity.js';
import { Coupon } from '../../customers/coupons/coupon.entity.js';
import { CustomerAddress } from '../../customers/customer-address.entity.js';
import { CustomerGroup } from '../../customers/customer-group.entity.js';
import { Customer } from '../../customers/customer.entity.js';

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
    if (await m.getRepository(CustomerGroup).existsBy({ api_code: g.api_code })) continue;
    await m.getRepository(CustomerGroup).insert(g);
    added.groups++;
  }
  for (const c of CUSTOMERS) {
    const exists = await m
      .getRepository(Customer)
      .createQueryBuilder('c')
      .where('lower(c.email) = lower(:email)', { email: c.email })
      .getExists();
    if (exists) continue;
    const group = c.group ? await m.getRepository(CustomerGroup).findOneByOrFail({ api_code: c.group }) : null;
    const { identifiers } = await m.getRepository(Customer).insert({
      email: c.email,
      first_name: c.first_name,
      last_name: c.last_name,
      company: c.company,
      customer_group_id: group?.id ?? null,
    });
    if (c.shipping) {
      const { country: countryCode, state: stateCode, ...place } = c.shipping;
      const country = await m.getRepository(Country).findOneByOrFail({ code: countryCode });
      const state = await m.getRepository(State).findOneByOrFail({ country_id: country.id, code: stateCode });
      await m.getRepository(CustomerAddress).insert({
        ...place,
        customer_id: identifiers[0].id as number,
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
    const exists = await m
      .getRepository(Coupon)
      .createQueryBuilder('c')
      .where('lower(c.code) = lower(:code)', { code: coupon.code })
      .getExists();
    if (exists) continue;
    await m.getRepository(Coupon).insert(coupon);
    added.coupons++;
  }
  for (const plan of PLANS) {
    if (await m.getRepository(BillingPlan).existsBy({ name: plan.name })) continue;
    await m.getRepository(BillingPlan).insert(plan);
    added.plans++;
  }
  return `Customers: added ${added.groups} groups, ${added.customers} customers, ${added.coupons} coupons, ${added.plans} billing plans.`;
}
