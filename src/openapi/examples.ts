import type { JsonSchema } from './dto-schema.js';

/**
 * Examples of the document. Request bodies: one per body class, written as one story on the demo data
 * (`npm start` on an empty store, src/modules/demo/seeds/): a hoodie added next to the Classic T-shirt,
 * Ada Lovelace (customer 1, wholesale) quoting white T-shirts in L gift-wrapped and espresso mugs with
 * gift wrap under WELCOME10, France and Oregon added to the geography. Ids are those the demo data
 * gets in an empty store (product 1 DEMO-TSHIRT, 2 DEMO-COFFEE, 3 DEMO-MUG; customer 1 Ada; tax class 1
 * Standard; category 1 Apparel, 2 Kitchen; customer group 1 wholesale; billing plan 1 Monthly);
 * test/openapi-examples.e2e-spec.ts sends every one, unchanged, to a demo store. Responses: sampled
 * from the schemas' own property examples (`sampleOf`), each with its own status.
 */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  CountryCreate: { name: 'France', code: 'FR', code_3: 'FRA', enabled: 1 },
  CountryPut: { name: 'France', code: 'FR', code_3: 'FRA', enabled: 1, states: [{ name: 'Île-de-France', code: 'IDF' }] },
  ExportCreate: { resource: 'products', updated_at_min: '2026-01-31 23:00:00' },
  CountryPatch: { name: 'United States of America' },
  StateCreate: { name: 'Oregon', code: 'OR' },
  StatePatch: { name: 'State of New York' },
  CustomFieldDefinitionCreate: {
    name: 'packaging',
    label: 'Packaging',
    entity: 'cart',
    type: 'select',
    options: ['standard', 'recycled'],
    default_value: 'standard',
  },
  CustomFieldDefinitionPatch: { label: 'Gift wrapping' },
  StorePatch: { mail_from: 'Demo Store Sales <sales@demo-store.example>', store_email: 'orders@demo-store.example' },
  TaxClassCreate: { name: 'Zero rate', description: 'Goods taxed at 0%.', is_default: 0 },
  TaxClassPatch: { description: 'Goods taxed at a reduced rate: food and books.' },
  TaxRateCreate: { country: 'US', state: 'NY', zip: '*', city: '*', rate: '4.000', priority: 1, tax_name: 'NY State Tax', is_compound: 0 },
  TaxRatePatch: { tax_name: 'New York State Tax' },
  CategoryCreate: { name: 'Drinkware', url_name: 'drinkware', title: 'Mugs and cups', api_code: 'drinkware', parent_id: 2, is_visible: 1 },
  CategoryBatchMemberList: [
    { name: 'Drinkware', api_code: 'drinkware', title: 'Mugs and cups', parent_id: 2 },
    { name: 'Tea', api_code: 'tea', parent_id: 2, sort_order: 1 },
  ],
  CategoryPatch: { title: 'Shirts, hoodies and gift cards' },
  ProductCreate: {
    name: 'Hoodie',
    sku: 'DEMO-HOODIE',
    base_price: '39.99',
    description: '<p>Brushed <b>organic cotton</b>.</p>',
    weight: '0.60',
    manufacturer: 'Demo Mills',
    tax_class_id: 1,
    category_ids: [1],
  },
  ProductPatch: { short_description: 'Organic cotton hoodie' },
  ProductTypeCreate: { name: 'Gift card', api_code: 'gift-card', has_shipping: 0, has_inventory: 0, has_variants: 0 },
  ProductTypePatch: { name: 'Physical goods' },
  ReviewCreate: {
    author_name: 'Ada Lovelace',
    author_email: 'ada@example.com',
    customer_id: 1,
    rating: 5,
    title: 'Soft and warm',
    text: 'Washed ten times, still like new.',
  },
  ReviewPatch: { status: 'approved', reply: 'Thank you, Ada!' },
  OptionCreate: { name: 'Size', values: ['S', 'M', 'L'] },
  OptionPatch: { sort_order: 1 },
  VariantCreate: { sku: 'DEMO-HOODIE-L', base_price: '41.99', options: { Size: 'L' } },
  VariantPatch: { in_stock_amount: 12 },
  ExtraCreate: { sku: 'DEMO-SPOON', name: 'Espresso spoon', price: '1.50' },
  ExtraPatch: { price: '3.00' },
  AttributeCreate: { name: 'Material', value: 'Organic cotton' },
  AttributePatch: { value: '100% organic cotton' },
  PriceTierCreate: { quantity: 10, price: '17.99' },
  PriceTierPatch: { price: '16.99' },
  CategoryLinkInput: { category_ids: [1] },
  ProductPut: {
    name: 'Hoodie',
    sku: 'DEMO-HOODIE',
    base_price: '39.99',
    description: '<p>Brushed <b>organic cotton</b>.</p>',
    weight: '0.60',
    tax_class_id: 1,
    category_ids: [1],
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: [{ sku: 'DEMO-HOODIE-L', base_price: '41.99', options: { Size: 'L' }, price_tiers: [{ quantity: 10, price: '37.99' }] }],
    price_tiers: [{ quantity: 10, price: '35.99' }],
    attributes: [{ name: 'Material', value: 'Organic cotton' }],
  },
  ProductBatchMember: {
    sku: 'DEMO-SWEATER',
    name: 'Sweater',
    base_price: '49.99',
    category_ids: [1],
    options: [{ name: 'Size', values: ['M', 'L'] }],
    variants: [
      { sku: 'DEMO-SWEATER-M', options: { Size: 'M' } },
      { sku: 'DEMO-SWEATER-L', options: { Size: 'L' }, base_price: '51.99' },
    ],
    price_tiers: [{ quantity: 5, price: '45.99' }],
  },
  VariantPut: { sku: 'DEMO-HOODIE-L', base_price: '41.99', options: { Size: 'L' }, price_tiers: [{ quantity: 10, price: '37.99' }] },
  CustomFieldValueInput: { value: 'Colombia' },
  CustomerGroupCreate: { name: 'Retail partners', api_code: 'partners', is_tax_exempt: 0 },
  CustomerGroupPatch: { description: 'Trade customers buying in volume, on 30 days.' },
  CustomerCreate: { email: 'katherine@example.com', first_name: 'Katherine', last_name: 'Johnson', customer_group_id: 1 },
  CustomerPut: {
    email: 'katherine@example.com',
    first_name: 'Katherine',
    last_name: 'Johnson',
    customer_group_id: 1,
    addresses: [
      {
        kind: 'shipping',
        first_name: 'Katherine',
        street_address: '1 Market St',
        city: 'San Francisco',
        country_code: 'US',
        state_code: 'CA',
      },
    ],
  },
  CustomerPatch: { phone: '+1 555 0100' },
  AddressCreate: {
    kind: 'billing',
    first_name: 'Ada',
    street_address: '1 Market St',
    city: 'San Francisco',
    postal_code: '94105',
    country_code: 'US',
    state_code: 'CA',
    is_default: 1,
  },
  AddressPatch: { street_address: '2 Market St' },
  CouponCreate: {
    code: 'SPRING10',
    name: 'Spring sale',
    discount_type: 'percentage',
    discount_value: '10',
    is_active: 1,
    starts_at: '2025-03-01 00:00:00',
    ends_at: '2099-06-01 00:00:00',
  },
  CouponPatch: { name: '10% off your first quote' },
  BillingPlanCreate: { name: 'Yearly', interval_unit: 'year', interval_count: 1, trial_days: 0 },
  BillingPlanPatch: { trial_days: 14 },
  SubscriptionCreate: { customer_id: 1, billing_plan_id: 1, products: [{ product_id: 2, quantity: 1 }] },
  SubscriptionPatch: { billing_plan_id: 1 },
  SubscriptionPut: { billing_plan_id: 1, status: 'active' },
  SubscriptionProductCreate: { product_id: 3, quantity: 2, price: '8.55' },
  ShipmentCreate: { number: 'SH-1001', order_reference: 'O1001', status: 'pending', shipping_method: 'Ground' },
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
    coupon_code: 'WELCOME10',
    expires_x_days: 30,
    items: [
      { product_id: 1, quantity: 12, options: { Color: 'White', Size: 'L' }, custom_fields: { gift_wrap: 'paper' } },
      { product_id: 3, quantity: 2, extras: ['DEMO-GIFT-WRAP'] },
    ],
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
