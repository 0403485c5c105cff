import { Field } from '../../openapi/fields.js';
import { ADDRESS_KINDS } from './domain/address-kinds.js';

/** Response views of customers and customer groups, as customers.presenter.ts builds them. */

export class CustomerGroupView {
  @Field.id() id: number;
  @Field.text({ example: 'Wholesale' }) name: string;
  @Field.text({ nullable: true, example: 'Trade customers.' }) description: string | null;
  @Field.text({ example: 'wholesale', pattern: '^[A-Za-z0-9_-]{1,64}$' }) api_code: string;
  @Field.flag({ example: 0 }) show_tax_inclusive: 0 | 1;
  @Field.flag({ example: 0 }) is_tax_exempt: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.integer({ minimum: 0, description: 'Customers in the group.', example: 12 }) customers_count: number;
}

export class AddressView {
  @Field.id() id: number;
  @Field.id() customer_id: number;
  @Field.enum(ADDRESS_KINDS) kind: string;
  @Field.text({ nullable: true, example: 'Ada' }) first_name: string | null;
  @Field.text({ nullable: true, example: 'Lovelace' }) last_name: string | null;
  @Field.text({ nullable: true, example: null }) company: string | null;
  @Field.text({ nullable: true, example: '+1 555 0100' }) phone: string | null;
  @Field.text({ nullable: true, example: '1 Main St' }) street_address: string | null;
  @Field.text({ nullable: true, example: 'Albany' }) city: string | null;
  @Field.text({ nullable: true, example: '12207' }) postal_code: string | null;
  @Field.text({ pattern: '^[A-Z]{2}$', example: 'US' }) country_code: string;
  @Field.text({ nullable: true, example: 'NY' }) state_code: string | null;
  @Field.text({ description: 'Name of the country (derived).', example: 'United States' }) country: string;
  @Field.text({ nullable: true, description: 'Name of the state (derived).', example: 'New York' }) state: string | null;
  @Field.flag() is_default: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

export class CustomerView {
  @Field.id() id: number;
  @Field.text({ nullable: true, example: 'Ada' }) first_name: string | null;
  @Field.text({ nullable: true, example: 'Lovelace' }) last_name: string | null;
  @Field.text({ example: 'ada@example.com' }) email: string;
  @Field.text({ nullable: true, example: null }) company: string | null;
  @Field.text({ nullable: true, example: '+1 555 0100' }) phone: string | null;
  @Field.text({ nullable: true, example: null }) notes: string | null;
  @Field.flag({ example: 0 }) is_guest: 0 | 1;
  @Field.integer({ nullable: true, example: 1 }) customer_group_id: number | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.embed(() => CustomerGroupView, { nullable: true, description: 'Present with `embed=group`; `data` is null without a group.' })
  group?: { data: CustomerGroupView | null };
  @Field.embed(() => AddressView, { many: true }) shipping_addresses?: { data: AddressView[] };
  @Field.embed(() => AddressView, { many: true }) billing_addresses?: { data: AddressView[] };
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    CustomerView: CustomerView;
    AddressView: AddressView;
    CustomerGroupView: CustomerGroupView;
  }
}
