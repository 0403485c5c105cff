import { Index } from 'typeorm';
import { Category } from '../modules/catalog/category.entity.js';
import { Country } from '../modules/geography/country.entity.js';
import { Customer } from '../modules/customers/customer.entity.js';
import { CustomerGroup } from '../modules/customers/customer-group.entity.js';
import { Coupon } from '../modules/customers/coupons/coupon.entity.js';
import { CustomFieldDefinition } from '../modules/custom-fields/custom-field-definition.entity.js';
import { TaxClass } from '../modules/tax/tax-class.entity.js';
import { Shipment } from '../modules/shipments/shipment.entity.js';
import { BillingPlan } from '../modules/customers/billing-plans/billing-plan.entity.js';
import { Subscription } from '../modules/subscriptions/subscription.entity.js';
import { Order } from '../modules/orders/order.entity.js';
import { Webhook } from '../modules/webhooks/webhook.entity.js';
import { Product } from '../modules/catalog/product.entity.js';
import { ProductType } from '../modules/catalog/product-type.entity.js';
import { Review } from '../modules/reviews/review.entity.js';
import { QuoteItem } from '../modules/quotes/quote-item.entity.js';
import { Quote } from '../modules/quotes/quote.entity.js';

/**
 * Indexes that serve the collection endpoints: a list orders by `<sort column>, id` (id breaks
 * ties, docs/api.md#collections), so each sortable or filterable column gets a `(column, id)` index and a page
 * is read in index order instead of sorting the table. Created by migrations 1795300000000-ListIndexes,
 * 1795651320000-UpdatedAtIndexes and 1795700000035-TypeAndReviewUpdatedAtIndexes.
 *
 * They are declared here, next to the other schema wiring, rather than on the entity classes so the
 * list queries of quotes and products can change without this list moving with them; the schema test
 * sees them exactly like `@Index` on the class (it is the same decorator, applied to the class).
 */
const LIST_INDEXES: [target: Function, name: string, columns: string[]][] = [
  [Quote, 'IDX_quotes_customer_id_id', ['customer_id', 'id']],
  [Quote, 'IDX_quotes_type_id', ['type', 'id']],
  [Quote, 'IDX_quotes_status_expires_at_id', ['status', 'expires_at', 'id']],
  [Quote, 'IDX_quotes_expires_at_id', ['expires_at', 'id']],
  [Quote, 'IDX_quotes_updated_at_id', ['updated_at', 'id']],
  [Quote, 'IDX_quotes_created_at_id', ['created_at', 'id']],
  [Quote, 'IDX_quotes_name_id', ['name', 'id']],
  [Quote, 'IDX_quotes_billing_plan_id_id', ['billing_plan_id', 'id']],
  // A quote's items are read in position order for a whole page of quotes at once.
  [QuoteItem, 'IDX_quote_items_quote_id_position_id', ['quote_id', 'position', 'id']],
  [Product, 'IDX_products_name_id', ['name', 'id']],
  [Product, 'IDX_products_base_price_id', ['base_price', 'id']],
  [Product, 'IDX_products_created_at_id', ['created_at', 'id']],
  [Product, 'IDX_products_updated_at_id', ['updated_at', 'id']],
  [Product, 'IDX_products_sort_order_id', ['sort_order', 'id']],
  // Created by migration 1795700000033-ProductTypes.
  [Product, 'IDX_products_rating_average_id', ['rating_average', 'id']],
  // `updated_at_min` / `updated_at_max` and `sort=updated_at` of every other top-level collection
  // (migration 1795651320000-UpdatedAtIndexes): a client keeping a copy in step reads a range of it.
  [Category, 'IDX_categories_updated_at_id', ['updated_at', 'id']],
  [Country, 'IDX_countries_updated_at_id', ['updated_at', 'id']],
  [Customer, 'IDX_customers_updated_at_id', ['updated_at', 'id']],
  [CustomerGroup, 'IDX_customer_groups_updated_at_id', ['updated_at', 'id']],
  [Coupon, 'IDX_coupons_updated_at_id', ['updated_at', 'id']],
  [CustomFieldDefinition, 'IDX_custom_field_definitions_updated_at_id', ['updated_at', 'id']],
  [TaxClass, 'IDX_tax_classes_updated_at_id', ['updated_at', 'id']],
  [Shipment, 'IDX_shipments_updated_at_id', ['updated_at', 'id']],
  [BillingPlan, 'IDX_billing_plans_updated_at_id', ['updated_at', 'id']],
  [Subscription, 'IDX_subscriptions_updated_at_id', ['updated_at', 'id']],
  [Order, 'IDX_orders_updated_at_id', ['updated_at', 'id']],
  [Webhook, 'IDX_webhooks_updated_at_id', ['updated_at', 'id']],
  [ProductType, 'IDX_product_types_updated_at_id', ['updated_at', 'id']],
  [Review, 'IDX_reviews_updated_at_id', ['updated_at', 'id']],
];

for (const [target, name, columns] of LIST_INDEXES) Index(name, columns)(target);
