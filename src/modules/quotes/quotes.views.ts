import { Field } from '../../openapi/fields.js';
import { ProductView } from '../catalog/catalog.views.js';
import { CustomerGroupView, CustomerView } from '../customers/customers.views.js';
import { QUOTE_STATUSES } from './domain/quote-status.js';
import { QUOTE_TYPES } from './quote.entity.js';

/** Response views of quotes, as quotes.presenter.ts (and the delivery presenter) build them. */

const MONEY_STRING = 'Two-decimal string.';
const MONEY_NUMBER = 'A JSON number with at most two decimals (the specification types it as a number).';

export class QuoteGroupPivotView {
  @Field.id({ description: 'The quote id.' }) shop_cart_id: number;
  @Field.id({ description: 'The group id.' }) shop_customer_group_id: number;
}

/** A customer group of a quote: the group object plus the specification's `pivot`. */
export class QuoteCustomerGroupView extends CustomerGroupView {
  @Field.object(() => QuoteGroupPivotView) pivot: QuoteGroupPivotView;
}

export class QuoteItemView {
  @Field.id() id: number;
  @Field.id({ description: 'The quote id.' }) cart_id: number;
  @Field.id() shop_product_id: number;
  @Field.integer({ nullable: true, example: null }) shop_products_related_id: number | null;
  @Field.integer({ nullable: true, example: null, description: 'The selected variant (from `options`).' }) shop_product_variant_id:
    number | null;
  @Field.strings({ description: 'SKUs of the selected extras.', example: ['DEMO-GIFT-WRAP'] }) extras: string[];
  @Field.stringMap({ description: 'Option name → value.' }) options: Record<string, string>;
  @Field.stringMap({ description: 'Cart custom field name → canonical value.', example: { gift_note: 'Happy birthday' } })
  custom_fields: Record<string, string>;
  @Field.integer({ minimum: 1, example: 2 }) quantity: number;
  @Field.flag({ example: 0 }) postponed: 0 | 1;
  @Field.text({ nullable: true, example: null }) key: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.integer({ nullable: true, example: null }) x_billing_plan_id: number | null;
  @Field.flag({ example: 0 }) is_trial_product: 0 | 1;
  @Field.moneyNumber({ description: `Unit price with extras. ${MONEY_NUMBER}`, example: 24.49 }) price: number;
  @Field.money({ description: MONEY_STRING, example: '2.45' }) discount: string;
  @Field.moneyNumber({ description: `Line subtotal less discount. ${MONEY_NUMBER}`, example: 46.53 }) total: number;
  @Field.object(() => ProductView, { nullable: true, description: 'The full product object; null if it is gone.' })
  product: ProductView | null;
}

export class QuoteView {
  @Field.id() id: number;
  @Field.text({ pattern: '^Q\\d+$', example: 'Q1001' }) number: string;
  @Field.text({ example: 'Office chairs' }) name: string;
  @Field.integer({ nullable: true, example: null }) billing_plan_id: number | null;
  @Field.enum(QUOTE_TYPES) type: string;
  @Field.enum(QUOTE_STATUSES, {
    description:
      '`active` (open: editable, sendable); `expired` once `expires_at` has passed while open; `accepted` or `declined` by the buyer on its cart page (final until `POST /quote/{id}/reopen`); `ordered` once an order was made from it (for good).',
    example: 'active',
  })
  status: string;
  @Field.text({ example: 'billing_info' }) checkout_step: string;
  @Field.integer({ nullable: true, example: 1 }) customer_id: number | null;
  @Field.list(() => QuoteCustomerGroupView) customer_groups: QuoteCustomerGroupView[];
  @Field.strings({ nullable: true, example: ['buyer@example.com'] }) customer_emails: string[] | null;
  @Field.text({ pattern: '^[A-Za-z0-9]{1,64}$', example: 'aZ3kP9qL2mX8vB1c' }) cart_link_id: string;
  @Field.text({ description: '`STORE_URL` + `/cart/` + `cart_link_id`.', example: 'http://localhost:3000/cart/aZ3kP9qL2mX8vB1c' })
  cart_link: string;
  @Field.text({ nullable: true, example: 'WELCOME10' }) coupon_code: string | null;
  @Field.integer({ nullable: true, minimum: 0, example: 30 }) expires_x_days: number | null;
  @Field.timestamp({ nullable: true }) expires_at: string | null;
  @Field.money({ description: MONEY_STRING, example: '48.98' }) subtotal: string;
  @Field.money({ description: MONEY_STRING, example: '2.45' }) total_discount: string;
  @Field.money({ description: MONEY_STRING, example: '50.66' }) total: string;
  @Field.money({ description: MONEY_STRING, example: '4.13' }) total_tax: string;
  @Field.timestamp({ nullable: true, example: null }) last_sent_at: string | null;
  @Field.integer({ minimum: 1, example: 1, description: '1 at creation, +1 on every PATCH that changes something.' })
  revision: number;
  @Field.timestamp({
    nullable: true,
    example: null,
    description:
      'When the buyer accepted the quote with the button on its cart page (`POST /cart/{cart_link_id}/accept`); null until then (and again after a reopen).',
  })
  accepted_at: string | null;
  @Field.timestamp({
    nullable: true,
    example: null,
    description: 'When the buyer declined the quote on its cart page (`POST /cart/{cart_link_id}/decline`); null until then.',
  })
  declined_at: string | null;
  @Field.text({ nullable: true, example: null, description: 'The reason the buyer gave when declining (at most 500 characters).' })
  decline_reason: string | null;
  @Field.integer({
    nullable: true,
    example: null,
    description: 'The order made from the quote (`POST /quote/{id}/order`); null until then.',
  })
  order_id: number | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.list(() => QuoteItemView) items: QuoteItemView[];
  @Field.embed(() => CustomerView, {
    nullable: true,
    description: 'Present with `embed=customer…`; `data` is null when the quote has no customer.',
  })
  customer?: { data: CustomerView | null };
}

/** A send-quote delivery as `GET /quote/{id}/deliveries` lists it. */
export class QuoteDeliveryView {
  @Field.id() id: number;
  @Field.text({ example: 'buyer@example.com' }) recipient: string;
  @Field.enum(['queued', 'sent', 'failed']) status: string;
  @Field.integer({ minimum: 0, example: 1 }) attempts: number;
  @Field.text({ nullable: true, example: null }) last_error: string | null;
  @Field.text({ nullable: true, example: '<20250131140500.1@localhost>' }) message_id: string | null;
  @Field.timestamp({ nullable: true }) sent_at: string | null;
  @Field.timestamp() created_at: string | null;
}

export class QueuedDeliveryView {
  @Field.id() id: number;
  @Field.text({ example: 'buyer@example.com' }) recipient: string;
  @Field.enum(['queued']) status: string;
}

/** What `POST /quote/{id}/send-quote` answers (202). */
export class SendQuoteResultView {
  @Field.id() quote_id: number;
  @Field.list(() => QueuedDeliveryView) deliveries: QueuedDeliveryView[];
}
