import type { JsonSchema } from './dto-schema.js';

/**
 * Examples of the document. Request bodies: one per body class, written as one story (a T-shirt with
 * a size option and a variant, a wholesale customer, a quote for them), so that posting them in
 * dependency order works against an empty store (test/openapi-examples.e2e-spec.ts does exactly that;
 * ids are 1 in an empty store and substituted by the test otherwise). Responses: sampled from the
 * schemas' own property examples (`sampleOf`), each with its own status.
 */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  CountryCreate: { name: 'United States', code: 'US', code_3: 'USA', enabled: 1 },
  CountryPatch: { name: 'United States of America' },
  StateCreate: { name: 'New York', code: 'NY' },
  StatePatch: { name: 'New York State' },
  CustomFieldDefinitionCreate: {
    name: 'gift_wrap',
    label: 'Gift wrap',
    entity: 'cart',
    type: 'select',
    options: ['none', 'paper'],
    default_value: 'none',
  },
  CustomFieldDefinitionPatch: { label: 'Gift wrapping' },
  TaxClassCreate: { name: 'Standard', description: 'Most goods.', is_default: 1 },
  TaxClassPatch: { description: 'Most goods and services.' },
  TaxRateCreate: { country: 'US', state: 'NY', zip: '*', city: '*', rate: '8.875', priority: 1, tax_name: 'NY sales tax', is_compound: 0 },
  TaxRatePatch: { tax_name: 'New York sales tax' },
  CategoryCreate: { name: 'Shirts', url_name: 'shirts', title: 'All our shirts', is_visible: 1 },
  CategoryPatch: { title: 'Shirts and tops' },
  ProductCreate: {
    name: 'T-shirt',
    sku: 'TSHIRT',
    base_price: '19.99',
    description: '<p>Soft <b>cotton</b>.</p>',
    weight: '0.20',
    manufacturer: 'Acme',
    tax_class_id: 1,
    category_ids: [1],
  },
  ProductPatch: { short_description: 'Soft cotton.' },
  OptionCreate: { name: 'Size', values: ['S', 'M', 'L'] },
  OptionPatch: { sort_order: 1 },
  VariantCreate: { sku: 'TSHIRT-L', base_price: '21.99', options: { Size: 'L' } },
  VariantPatch: { in_stock_amount: 12 },
  ExtraCreate: { sku: 'GIFT-BOX', name: 'Gift box', price: '2.50' },
  ExtraPatch: { price: '3.00' },
  AttributeCreate: { name: 'Material', value: 'Cotton' },
  AttributePatch: { value: 'Organic cotton' },
  PriceTierCreate: { quantity: 10, price: '17.99' },
  PriceTierPatch: { price: '16.99' },
  CategoryLinkInput: { category_ids: [1] },
  CustomFieldValueInput: { value: 'Portugal' },
  CustomerGroupCreate: { name: 'Wholesale', api_code: 'wholesale', is_tax_exempt: 0 },
  CustomerGroupPatch: { description: 'Trade customers.' },
  CustomerCreate: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', customer_group_id: 1 },
  CustomerPatch: { phone: '+1 555 0100' },
  AddressCreate: {
    kind: 'shipping',
    first_name: 'Ada',
    street_address: '1 Main St',
    city: 'Albany',
    postal_code: '12207',
    country_code: 'US',
    state_code: 'NY',
    is_default: 1,
  },
  AddressPatch: { street_address: '2 Main St' },
  CouponCreate: {
    code: 'SPRING10',
    name: 'Spring sale',
    discount_type: 'percentage',
    discount_value: '10',
    is_active: 1,
    starts_at: '2025-03-01 00:00:00',
    ends_at: '2099-06-01 00:00:00',
  },
  CouponPatch: { name: 'Spring sale 2025' },
  BillingPlanCreate: { name: 'Monthly', interval_unit: 'month', interval_count: 1, trial_days: 0 },
  BillingPlanPatch: { trial_days: 14 },
  SubscriptionCreate: { customer_id: 1, billing_plan_id: 1, products: [{ product_id: 1, quantity: 2 }] },
  SubscriptionPatch: { billing_plan_id: 1 },
  SubscriptionProductCreate: { product_id: 1, quantity: 1, price: '18.00' },
  ShipmentCreate: { number: 'SH-1001', order_reference: 'ORDER-42', status: 'pending', shipping_method: 'Ground' },
  ShipmentPatch: { status: 'shipped' },
  TrackingCodeCreate: { code: '1Z999AA10123456784', carrier: 'UPS', url: 'https://carrier.example/track/1Z999AA10123456784' },
  TrackingCodePatch: { carrier: 'UPS Ground' },
  WebhookCreate: {
    url: 'https://erp.example.com/store-events',
    events: ['quote.*', 'product.updated'],
    description: 'ERP sync',
    is_active: 1,
  },
  WebhookPatch: { events: ['quote.*', 'product.*'] },
  QuoteCreate: {
    name: 'Office T-shirts',
    customer_id: 1,
    customer_groups: ['wholesale'],
    customer_emails: ['buyer@example.com'],
    coupon_code: 'SPRING10',
    expires_x_days: 30,
    items: [{ product_id: 1, quantity: 12, options: { Size: 'L' }, extras: ['GIFT-BOX'], custom_fields: { gift_wrap: 'paper' } }],
  },
  QuotePatch: { name: 'Office T-shirts (revised)', customer_emails: ['buyer@example.com', 'accounts@example.com'] },
  SendQuoteInput: { message: 'Here is the quote we discussed.', bcc: ['sales@example.com'] },
  OrderCreate: { payment_status: 'pending', notes: 'Deliver to the loading dock.' },
  OrderPatch: { payment_status: 'paid', notes: 'Paid by wire on receipt.' },
};

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/**
 * A value of a schema built from its examples: `example` where given, else the first enum value,
 * const, or branch of a oneOf/anyOf, and for objects every required property (an embedded relation,
 * optional, is left out). What comes out is checked against the schema by the e2e test.
 */
export function sampleOf(schema: JsonSchema, schemas: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 64) return null;
  if (typeof schema.$ref === 'string') return sampleOf(schemas[refName(schema.$ref)] ?? {}, schemas, depth + 1);
  if (schema.example !== undefined) return structuredClone(schema.example);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((s) => sampleOf(s, schemas, depth + 1))) as unknown;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key] as JsonSchema[] | undefined;
    if (Array.isArray(branches)) return sampleOf(branches.find((b) => b.type !== 'null') ?? branches[0], schemas, depth + 1);
  }
  const type = ([] as unknown[]).concat(schema.type ?? []).find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name] ?? {}, schemas, depth + 1)]));
    }
    case 'array':
      return schema.items ? [sampleOf(schema.items as JsonSchema, schemas, depth + 1)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      return 'text';
    default:
      return null;
  }
}
