import type { AttributeView, CategoryView, ExtraView, OptionView, ProductCustomFieldView } from '../catalog/catalog.views.js';
import type { ProductPriceTierView, VariantPriceTierView, VariantView } from '../catalog/catalog.views.js';
import type { ProductJson } from '../catalog/catalog.presenter.js';
import type { CustomFieldDefinitionView } from '../custom-fields/custom-fields.views.js';
import type { BillingPlanView } from '../customers/billing-plans/billing-plans.views.js';
import type { CouponView } from '../customers/coupons/coupons.views.js';
import type { AddressView, CustomerGroupView, CustomerView } from '../customers/customers.views.js';
import type { CountryView, StateView } from '../geography/geography.views.js';
import type { OrderJson } from '../orders/orders.presenter.js';
import type { QuoteJson, presentDelivery } from '../quotes/quotes.presenter.js';
import type { ShipmentView, TrackingCodeView } from '../shipments/shipments.views.js';
import type { SubscriptionProductView, SubscriptionView } from '../subscriptions/subscriptions.views.js';
import type { TaxClassView, TaxRateView } from '../tax/tax.views.js';
import type { EventEntry, EventSchema, EventType } from './domain/event-catalog.js';
import type { WebhookView } from './webhooks.views.js';

/**
 * The type of `data` for each schema of the catalog: the resource as its presenter builds it for
 * GET. A schema of the catalog missing here, or one named here that the catalog lacks, fails to
 * compile (the `satisfies` below and the lookup in EventData).
 */
interface EventDataBySchema {
  CountryView: CountryView;
  StateView: StateView;
  CustomFieldDefinitionView: CustomFieldDefinitionView;
  TaxClassView: TaxClassView;
  TaxRateView: TaxRateView;
  CategoryView: CategoryView;
  ProductView: ProductJson;
  ProductCustomFieldView: ProductCustomFieldView;
  OptionView: OptionView;
  VariantView: VariantView;
  ExtraView: ExtraView;
  AttributeView: AttributeView;
  ProductPriceTierView: ProductPriceTierView;
  VariantPriceTierView: VariantPriceTierView;
  CustomerView: CustomerView;
  AddressView: AddressView;
  CustomerGroupView: CustomerGroupView;
  CouponView: CouponView;
  BillingPlanView: BillingPlanView;
  SubscriptionView: SubscriptionView;
  SubscriptionProductView: SubscriptionProductView;
  ShipmentView: ShipmentView;
  TrackingCodeView: TrackingCodeView;
  QuoteView: QuoteJson;
  QuoteDeliveryView: ReturnType<typeof presentDelivery>;
  OrderView: OrderJson;
  WebhookView: WebhookView;
}

/** Fails to compile when the map and the catalog's schemas differ (either way). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AssertTrue<T extends true> = T;
type _SchemasMatch = AssertTrue<Same<keyof EventDataBySchema, EventSchema>>;

/** The `data` of an event type. */
export type EventData<T extends EventType> = EventDataBySchema[EventEntry<T>['schema']];

/**
 * An event as a write path records it: one of the catalog's types with its resource and the shape
 * of its data (a union over the catalog, so a wrong name or a wrong `data` fails to compile).
 */
export type ChangeEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; resource: EventEntry<K>['resource']; resource_id: number; data: EventData<K> };
}[T];

/** The resources that have `.created`, `.updated` and `.deleted` (the shared CRUD write paths). */
export type CrudEventResource = {
  [T in EventType]: T extends `${infer R}.created`
    ? `${R}.updated` extends EventType
      ? `${R}.deleted` extends EventType
        ? R
        : never
      : never
    : never;
}[EventType];

/** The event types of one resource (`EventTypeOf<'order'>`: `order.created`, `order.updated`, `order.cancelled`). */
export type EventTypeOf<R extends EventEntry<EventType>['resource']> = Extract<ChangeEvent, { resource: R }>['type'];
