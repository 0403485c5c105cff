import { Field } from '../../openapi/fields.js';
import { ProductView } from '../catalog/catalog.views.js';
import { AddressView, CustomerView } from '../customers/customers.views.js';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './domain/order-status.js';

/** Response views of orders, as orders.presenter.ts builds them. */

const MONEY = 'Two-decimal string.';

export class OrderItemExtraView {
  @Field.text({ example: 'DEMO-GIFT-WRAP' }) sku: string;
  @Field.text({ example: 'Gift wrap' }) name: string;
  @Field.money({ description: MONEY, example: '2.00' }) price: string;
}

export class OrderItemView {
  @Field.id() id: number;
  @Field.id({ example: 1001 }) order_id: number;
  @Field.integer({ nullable: true, example: 1, description: 'The product quoted (kept when the product is deleted later).' })
  shop_product_id: number | null;
  @Field.integer({ nullable: true, example: null }) shop_product_variant_id: number | null;
  @Field.text({ nullable: true, example: 'DEMO-MUG', description: 'The product’s SKU at conversion.' }) sku: string | null;
  @Field.text({ example: 'Espresso Mug', description: 'The product’s name at conversion.' }) name: string;
  @Field.stringMap({ description: 'Option name → value.' }) options: Record<string, string>;
  @Field.list(() => OrderItemExtraView, { description: 'The extras with their names and prices at conversion.' })
  extras: OrderItemExtraView[];
  @Field.integer({ minimum: 1, example: 2 }) quantity: number;
  @Field.money({ description: `Unit price with extras. ${MONEY}`, example: '12.50' }) price: string;
  @Field.money({ description: MONEY, example: '0.00' }) discount: string;
  @Field.money({ description: MONEY, example: '2.50' }) tax: string;
  @Field.money({ description: `Line subtotal less discount. ${MONEY}`, example: '25.00' }) total: string;
  @Field.embed(() => ProductView, {
    nullable: true,
    description: 'Present with `embed=items.product`; `data` is null when the product is gone.',
  })
  product?: { data: ProductView | null };
}

export class OrderView {
  @Field.id({ example: 1001 }) id: number;
  @Field.text({ pattern: '^O\\d+$', example: 'O1001', description: "`O` + the next of the store's order numbers (`O1001`, …)." })
  number: string;
  @Field.id({ description: 'The quote the order was made from.' }) quote_id: number;
  @Field.integer({ nullable: true, example: 1 }) customer_id: number | null;
  @Field.strings({ nullable: true, example: ['buyer@example.com'] }) customer_emails: string[] | null;
  @Field.enum(ORDER_STATUSES, { description: '`open`, then `completed` (PATCH) or `cancelled` (POST …/cancel, final).' }) status: string;
  @Field.enum(PAYMENT_STATUSES) payment_status: string;
  @Field.enum(FULFILLMENT_STATUSES, {
    description: 'Follows the shipments that name the order: none `unfulfilled`, some `partial`, one `delivered` `fulfilled`.',
  })
  fulfillment_status: string;
  @Field.text({ pattern: '^[A-Z]{3}$', example: 'USD' }) currency: string;
  @Field.text({ nullable: true, example: null }) coupon_code: string | null;
  @Field.money({ description: MONEY, example: '25.00' }) subtotal: string;
  @Field.money({ description: MONEY, example: '0.00' }) total_discount: string;
  @Field.money({ description: MONEY, example: '2.50' }) total_tax: string;
  @Field.money({ description: MONEY, example: '27.50' }) total: string;
  @Field.object(() => AddressView, {
    nullable: true,
    description: 'The customer’s default shipping address at conversion, as GET showed it then; null without one.',
  })
  shipping_address: AddressView | null;
  @Field.text({ nullable: true, example: 'Deliver after 2 pm' }) notes: string | null;
  @Field.list(() => OrderItemView) items: OrderItemView[];
  @Field.timestamp({ nullable: true, example: null }) cancelled_at: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.embed(() => CustomerView, { nullable: true, description: 'Present with `embed=customer`; `data` is null without a customer.' })
  customer?: { data: CustomerView | null };
}
