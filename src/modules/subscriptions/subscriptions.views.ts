import { Field } from '../../openapi/fields.js';
import { ProductView } from '../catalog/catalog.views.js';
import { BillingPlanView } from '../customers/billing-plans/billing-plans.views.js';
import { CustomerView } from '../customers/customers.views.js';
import { SUBSCRIPTION_STATUSES } from './domain/subscription-state.js';

/** The JSON of a subscription product (presentSubscriptionProduct). */
export class SubscriptionProductView {
  @Field.id() id: number;
  @Field.id() subscription_id: number;
  @Field.id() product_id: number;
  @Field.integer({ nullable: true, example: null, description: 'Null: the product itself.' }) variant_id: number | null;
  @Field.integer({ minimum: 1, example: 2 }) quantity: number;
  @Field.money({ description: 'Unit price.' }) price: string;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.embed(() => ProductView) product?: { data: ProductView };
}

/** The JSON of a subscription (presentSubscription). */
export class SubscriptionView {
  @Field.id() id: number;
  @Field.text({ pattern: '^S\\d+$', example: 'S1001' }) number: string;
  @Field.id() customer_id: number;
  @Field.id() billing_plan_id: number;
  @Field.enum(SUBSCRIPTION_STATUSES) status: string;
  @Field.timestamp() started_at: string | null;
  @Field.timestamp() current_period_start: string | null;
  @Field.timestamp() current_period_end: string | null;
  @Field.integer({ minimum: 0, example: 0 }) renewal_count: number;
  @Field.timestamp({ nullable: true, example: null }) cancelled_at: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.embed(() => CustomerView) customer?: { data: CustomerView };
  @Field.embed(() => BillingPlanView) billing_plan?: { data: BillingPlanView };
  @Field.embed(() => SubscriptionProductView, { many: true }) products?: { data: SubscriptionProductView[] };
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    SubscriptionView: SubscriptionView;
    SubscriptionProductView: SubscriptionProductView;
  }
}
