/**
 * Every event type the API records, with the resource it names and the response schema of its
 * `data` (the component `GET` of that resource answers with). The OpenAPI document's `webhooks`
 * section and docs/api.md's catalog are built from / checked against this list.
 */
export interface EventCatalogEntry {
  /** `<resource>.<what happened>`. */
  type: string;
  /** The event's `resource`. */
  resource: string;
  /** The OpenAPI component of `data`. */
  schema: string;
  /** When it is recorded. */
  description: string;
  /**
   * Every name `resource` takes, when it is more than one: a bulk job's events name the member
   * resource they moved (`product.import`, `customer.import`), so a key reads them when it reads those members.
   */
  resources?: readonly string[];
}

const CHANGES = {
  created: 'created',
  updated: 'changed',
  deleted: 'deleted (`data` as it was)',
} as const;

/** An entry whose type, resource and schema keep their literal types (what EventType is derived from). */
interface Entry<T extends string, R extends string, S extends string> extends EventCatalogEntry {
  type: T;
  resource: R;
  schema: S;
}

/** The event `<resource>.<action>`. */
function event<R extends string, A extends string, S extends string>(
  resource: R,
  action: A,
  schema: S,
  description: string,
): Entry<`${R}.${A}`, R, S> {
  return { type: `${resource}.${action}`, resource, schema, description };
}

/** `<resource>.created`, `.updated` and `.deleted`. */
function changes<R extends string, S extends string>(
  resource: R,
  schema: S,
  label: string,
): [Entry<`${R}.created`, R, S>, Entry<`${R}.updated`, R, S>, Entry<`${R}.deleted`, R, S>] {
  const entry = <A extends keyof typeof CHANGES>(action: A) => event(resource, action, schema, `${label} ${CHANGES[action]}.`);
  return [entry('created'), entry('updated'), entry('deleted')];
}

/** The member resources of bulk imports and exports, as events name them (their jobs' events are `<member>.import`, `<member>.export`). */
const BULK_EVENT_RESOURCES = [
  'product',
  'customer',
  'customergroup',
  'coupon',
  'country',
  'customfielddefinition',
  'category',
  'product_type',
];

export const EVENT_CATALOG = [
  ...changes('country', 'CountryView', 'A country'),
  ...changes('country.state', 'StateView', 'A state of a country'),
  ...changes('customfielddefinition', 'CustomFieldDefinitionView', 'A custom field definition'),
  ...changes('taxclass', 'TaxClassView', 'A tax class'),
  ...changes('taxclass.rate', 'TaxRateView', 'A tax rate'),
  ...changes('category', 'CategoryView', 'A category'),
  ...changes('product_type', 'ProductTypeView', 'A product type'),
  ...changes('product', 'ProductView', 'A product'),
  event('product.category', 'created', 'CategoryView', 'A category linked to a product (`resource_id` is the product id).'),
  event('product.category', 'deleted', 'CategoryView', 'A category unlinked from a product (`resource_id` is the product id).'),
  event(
    'product.customfield',
    'updated',
    'ProductCustomFieldView',
    'A custom field value of a product set (`resource_id` is the product id).',
  ),
  event(
    'product.customfield',
    'deleted',
    'ProductCustomFieldView',
    'A custom field value of a product cleared (`data` as it was; `resource_id` is the product id).',
  ),
  ...changes('review', 'ReviewView', 'A product review'),
  event('review', 'approved', 'ReviewView', 'A review became approved (after its `review.created` or `review.updated`).'),
  ...changes('product.option', 'OptionView', 'A product option'),
  ...changes('product.variant', 'VariantView', 'A product variant'),
  ...changes('product.extra', 'ExtraView', 'A product extra'),
  ...changes('product.attribute', 'AttributeView', 'A product attribute'),
  ...changes('product.pricetier', 'ProductPriceTierView', 'A price tier of a product'),
  ...changes('product.variant.pricetier', 'VariantPriceTierView', 'A price tier of a variant'),
  ...changes('customer', 'CustomerView', 'A customer'),
  ...changes('customer.address', 'AddressView', 'A customer address'),
  ...changes('customergroup', 'CustomerGroupView', 'A customer group'),
  ...changes('coupon', 'CouponView', 'A coupon'),
  ...changes('billingplan', 'BillingPlanView', 'A billing plan'),
  event('subscription', 'created', 'SubscriptionView', 'A subscription created.'),
  event('subscription', 'updated', 'SubscriptionView', 'A subscription changed.'),
  event('subscription', 'renewed', 'SubscriptionView', 'A subscription renewed.'),
  event('subscription', 'cancelled', 'SubscriptionView', 'A subscription cancelled.'),
  event('subscription', 'expired', 'SubscriptionView', 'A subscription expired.'),
  event('subscription.product', 'created', 'SubscriptionProductView', 'A product added to a subscription.'),
  event(
    'subscription.product',
    'updated',
    'SubscriptionProductView',
    "A subscription product's quantity or price changed (by a PUT of the subscription's products).",
  ),
  event('subscription.product', 'deleted', 'SubscriptionProductView', 'A product removed from a subscription (`data` as it was).'),
  ...changes('shipment', 'ShipmentView', 'A shipment'),
  ...changes('shipment.trackingcode', 'TrackingCodeView', 'A tracking code of a shipment'),
  event('quote', 'created', 'QuoteView', 'A quote created.'),
  event('quote', 'updated', 'QuoteView', 'A quote changed (not recorded for a PATCH that changes nothing).'),
  event('quote', 'deleted', 'QuoteView', 'A quote deleted (`data` as it was).'),
  event('quote', 'sent', 'QuoteView', 'send-quote queued the quote’s deliveries.'),
  event('quote', 'accepted', 'QuoteView', 'The buyer accepted the quote on its page.'),
  event('quote', 'declined', 'QuoteView', 'The buyer declined the quote on its page (`decline_reason` holds the reason given).'),
  event('quote', 'reopened', 'QuoteView', 'An accepted or declined quote was reopened (`POST /quote/{id}/reopen`): it is `active` again.'),
  event('quote', 'ordered', 'QuoteView', 'An order was made from the quote (`POST /quote/{id}/order`): it is `ordered`, with `order_id`.'),
  event('quote.delivery', 'sent', 'QuoteDeliveryView', 'A quote e-mail reached its recipient’s mail server.'),
  event('quote.delivery', 'failed', 'QuoteDeliveryView', 'A quote e-mail could not be delivered (for good).'),
  event('order', 'created', 'OrderView', 'An order made from a quote.'),
  event(
    'order',
    'updated',
    'OrderView',
    'An order changed: a PATCH that changed something, or its `fulfillment_status` moved with its shipments.',
  ),
  event('order', 'cancelled', 'OrderView', 'An order cancelled (`POST /order/{id}/cancel`); its tracked stock was given back.'),
  {
    type: 'import.completed',
    resource: 'product.import',
    resources: BULK_EVENT_RESOURCES.map((r) => `${r}.import`),
    schema: 'ImportView',
    description:
      'An import finished its last line (`resource` is `<member>.import`: `product.import`, `customer.import`, …; `resource_id` is the import id). Each line that changed a member recorded that member’s own event.',
  },
  {
    type: 'import.failed',
    resource: 'product.import',
    resources: BULK_EVENT_RESOURCES.map((r) => `${r}.import`),
    schema: 'ImportView',
    description: 'An import stopped as a whole (`error` says why); what its applied lines changed stays.',
  },
  {
    type: 'export.completed',
    resource: 'product.export',
    resources: BULK_EVENT_RESOURCES.map((r) => `${r}.export`),
    schema: 'ExportView',
    description:
      'An export’s file is complete (`resource` is `<member>.export`; `resource_id` is the export id): `GET /export/{id}/file` serves it for 7 days.',
  },
  event('webhook', 'ping', 'WebhookView', 'Sent by `POST /webhook/{id}/ping`, to that endpoint only.'),
] as const satisfies readonly EventCatalogEntry[];

type CatalogEntry = (typeof EVENT_CATALOG)[number];

/** Every event type of the catalog, as a union of string literals: `record` accepts nothing else. */
export type EventType = CatalogEntry['type'];

/** The entry of one event type. */
export type EventEntry<T extends EventType> = Extract<CatalogEntry, { type: T }>;

/** The OpenAPI component names of the catalog's `data` (EventDataBySchema maps each to its type). */
export type EventSchema = CatalogEntry['schema'];
