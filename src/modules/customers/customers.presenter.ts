import { embedded } from '../../common/embed/embed.js';
import { blank, flag, timestamp } from '../../common/format/format.js';
import type { CustomerAddress } from './customer-address.entity.js';
import type { CustomerGroup } from './customer-group.entity.js';
import type { Customer } from './customer.entity.js';
import type { CustomerRecord, Place } from './customers.repository.js';
import type { AddressView, CustomerGroupView, CustomerView } from './customers.views.js';

export type GroupJson = ReturnType<typeof presentGroup>;
export type AddressJson = ReturnType<typeof presentAddress>;
export type CustomerJson = ReturnType<typeof presentCustomer>;

/** The specification's customer group object, without the quote-only `pivot`. */
export function presentGroup(g: CustomerGroup, customersCount: number): CustomerGroupView {
  return {
    id: g.id,
    name: g.name,
    description: blank(g.description),
    api_code: g.api_code,
    show_tax_inclusive: flag(g.show_tax_inclusive),
    is_tax_exempt: flag(g.is_tax_exempt),
    created_at: timestamp(g.created_at),
    updated_at: timestamp(g.updated_at),
    customers_count: customersCount,
  };
}

export function presentAddress(a: CustomerAddress, place: Place): AddressView {
  return {
    id: a.id,
    customer_id: a.customer_id,
    kind: a.kind,
    first_name: blank(a.first_name),
    last_name: blank(a.last_name),
    company: blank(a.company),
    phone: blank(a.phone),
    street_address: blank(a.street_address),
    city: blank(a.city),
    postal_code: blank(a.postal_code),
    country_code: place.country_code,
    state_code: place.state_code,
    country: place.country,
    state: place.state,
    is_default: flag(a.is_default),
    created_at: timestamp(a.created_at),
    updated_at: timestamp(a.updated_at),
  };
}

export interface CustomerEmbeds {
  group?: GroupJson | null;
  shipping_addresses?: AddressJson[];
  billing_addresses?: AddressJson[];
}

export function presentCustomer(c: Customer, embeds: CustomerEmbeds = {}): CustomerView {
  return {
    id: c.id,
    first_name: blank(c.first_name),
    last_name: blank(c.last_name),
    email: c.email,
    company: blank(c.company),
    phone: blank(c.phone),
    notes: blank(c.notes),
    is_guest: flag(c.is_guest),
    customer_group_id: c.customer_group_id,
    created_at: timestamp(c.created_at),
    updated_at: timestamp(c.updated_at),
    ...(embeds.group !== undefined ? { group: embedded(embeds.group) } : {}),
    ...(embeds.shipping_addresses ? { shipping_addresses: embedded(embeds.shipping_addresses) } : {}),
    ...(embeds.billing_addresses ? { billing_addresses: embedded(embeds.billing_addresses) } : {}),
  };
}

/** A customer of a read query (customers.repository.ts) with the embeds it carries. */
export function presentCustomerRecord(c: CustomerRecord): CustomerJson {
  const embeds: CustomerEmbeds = {};
  if (c.group !== undefined) embeds.group = c.group === null ? null : presentGroup(c.group.row, c.group.customers_count);
  if (c.shipping_addresses) embeds.shipping_addresses = c.shipping_addresses.map((a) => presentAddress(a.row, a.place));
  if (c.billing_addresses) embeds.billing_addresses = c.billing_addresses.map((a) => presentAddress(a.row, a.place));
  return presentCustomer(c.row, embeds);
}
