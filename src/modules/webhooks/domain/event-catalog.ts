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

/** `<resource>.created`, `.updated` and `.deleted`. */
function changes<R extends string, S extends string>(
  resource: R,
  schema: S,
  label: string,
): [Entry<`${R}.created`, R, S>, Entry<`${R}.updated`, R, S>, Entry<`${R}.deleted`, R, S>] {
  const entry = <A extends keyof typeof CHANGES>(action: A): Entry<`${R}.${A}`, R, S> => ({
    type: `${resource}.${action}`,
    resource,
    schema,
    description: `${label} ${CHANGES[action]}.`,
  });
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
  {
    type: 'product.category.created',
    resource: 'product.category',
    schema: 'CategoryView',
    description: 'A category linked to a product (`resource_id` is the product id).',
  },
  {
    type: 'product.category.deleted',
    resource: 'product.category',
    schema: 'CategoryView',
    description: 'A category unlinked from a product (`resource_id` is the product id).',
  },
  {
    type: 'product.customfield.updated',
    resource: 'product.customfield',
    schema: 'ProductCustomFieldView',
    description: 'A custom field value of a product set (`resource_id` is the product id).',
  },
  {
    type: 'product.customfield.deleted',
    resource: 'product.customfield',
    schema: 'ProductCustomFieldView',
    description: 'A custom field value of a product cleared (`data` as it was; `resource_id` is the product id).',
  },
  ...changes('review', 'ReviewView', 'A product review'),
  {
    type: 'review.approved',
    resource: 'review',
    schema: 'ReviewView',
    description: 'A review became approved (after its `review.created` or `review.updated`).',
  },
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
  { type: 'subscription.created', resource: 'subscription', schema: 'SubscriptionView', description: 'A subscription created.' },
  { type: 'subscription.updated', resource: 'subscription', schema: 'SubscriptionView', description: 'A subscription changed.' },
  { type: 'subscription.renewed', resource: 'subscription', schema: 'SubscriptionView', description: 'A subscription renewed.' },
  { type: 'subscription.cancelled', resource: 'subscription', schema: 'SubscriptionView', description: 'A subscription cancelled.' },
  { type: 'subscription.expired', resource: 'subscription', schema: 'SubscriptionView', description: 'A subscription expired.' },
  {
    type: 'subscription.product.created',
    resource: 'subscription.product',
    schema: 'SubscriptionProductView',
    description: 'A product added to a subscription.',
  },
  {
    type: 'subscription.product.updated',
    resource: 'subscription.product',
    schema: 'SubscriptionProductView',
    description: "A subscription product's quantity or price changed (by a PUT of the subscription's products).",
  },
  {
    type: 'subscription.product.deleted',
    resource: 'subscription.product',
    schema: 'SubscriptionProductView',
    description: 'A product removed from a subscription (`data` as it was).',
  },
  ...changes('shipment', 'ShipmentView', 'A shipment'),
  ...changes('shipment.trackingcode', 'TrackingCodeView', 'A tracking code of a shipment'),
  { type: 'quote.created', resource: 'quote', schema: 'QuoteView', description: 'A quote created.' },
  {
    type: 'quote.updated',
    resource: 'quote',
    schema: 'QuoteView',
    description: 'A quote changed (not recorded for a PATCH that changes nothing).',
  },
  { type: 'quote.deleted', resource: 'quote', schema: 'QuoteView', description: 'A quote deleted (`data` as it was).' },
  { type: 'quote.sent', resource: 'quote', schema: 'QuoteView', description: 'send-quote queued the quote’s deliveries.' },
  { type: 'quote.accepted', resource: 'quote', schema: 'QuoteView', description: 'The buyer accepted the quote on its page.' },
  {
    type: 'quote.declined',
    resource: 'quote',
    schema: 'QuoteView',
    description: 'The buyer declined the quote on its page (`decline_reason` holds the reason given).',
  },
  {
    type: 'quote.reopened',
    resource: 'quote',
    schema: 'QuoteView',
    description: 'An accepted or declined quote was reopened (`POST /quote/{id}/reopen`): it is `active` again.',
  },
  {
    type: 'quote.ordered',
    resource: 'quote',
    schema: 'QuoteView',
    description: 'An order was made from the quote (`POST /quote/{id}/order`): it is `ordered`, with `order_id`.',
  },
  {
    type: 'quote.delivery.sent',
    resource: 'quote.delivery',
    schema: 'QuoteDeliveryView',
    description: 'A quote e-mail reached its recipient’s mail server.',
  },
  {
    type: 'quote.delivery.failed',
    resource: 'quote.delivery',
    schema: 'QuoteDeliveryView',
    description: 'A quote e-mail could not be delivered (for good).',
  },
  { type: 'order.created', resource: 'order', schema: 'OrderView', description: 'An order made from a quote.' },
  {
    type: 'order.updated',
    resource: 'order',
    schema: 'OrderView',
    description: 'An order changed: a PATCH that changed something, or its `fulfillment_status` moved with its shipments.',
  },
  {
    type: 'order.cancelled',
    resource: 'order',
    schema: 'OrderView',
    description: 'An order cancelled (`POST /order/{id}/cancel`); its tracked stock was given back.',
  },
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
  {
    type: 'webhook.ping',
    resource: 'webhook',
    schema: 'WebhookView',
    description: 'Sent by `POST /webhook/{id}/ping`, to that endpoint only.',
  },
] as const satisfies readonly EventCatalogEntry[];

type CatalogEntry = (typeof EVENT_CATALOG)[number];

/** Every event type of the catalog, as a union of string literals: `record` accepts nothing else. */
export type EventType = CatalogEntry['type'];

/** The entry of one event type. */
export type EventEntry<T extends EventType> = Extract<CatalogEntry, { type: T }>;

/** The OpenAPI component names of the catalog's `data` (EventDataBySchema maps each to its type). */
export type EventSchema = CatalogEntry['schema'];
