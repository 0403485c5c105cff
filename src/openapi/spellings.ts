/**
 * The spelling under which each endpoint is documented: the specification's own (its endpoint tables,
 * `online-store-api.md`), then the contract's additions (CONTRACT §2, §9, §10). The API answers every
 * singular/plural alias a controller declares; the document lists each endpoint once, under the first
 * of its paths found here, and names the others in the description. An endpoint found in neither
 * (a route added later) is documented under the first path its controller declares.
 *
 * Path parameters are written `{}`: only the literal segments are compared.
 */
export const SPEC_ENDPOINTS: readonly string[] = [
  // Quotes
  'GET /quotes',
  'GET /quote/{}',
  'POST /quote',
  'PATCH /quote/{}',
  'DELETE /quote/{}',
  'POST /quote/{}/send-quote',
  'GET /quote/{}/deliveries',
  // Country states
  'GET /countries/{}/state/{}',
  'PATCH /countries/{}/state/{}',
  'DELETE /countries/{}/state/{}',
  'POST /country/{}',
  'GET /countries/{}/states',
  // Countries
  'GET /country/{}',
  'PATCH /country/{}',
  'DELETE /countries/{}',
  'GET /countries',
  'POST /country',
  // Custom field definitions
  'GET /customfielddefinitions',
  'GET /customfielddefinitions/{}',
  'POST /customfielddefinitions',
  'PATCH /customfielddefinitions/{}',
  'DELETE /customfielddefinitions/{}',
  // Products and their sub-resources
  'GET /product/{}',
  'PATCH /product/{}',
  'DELETE /product/{}',
  'POST /product/{}',
  'POST /product',
  'GET /products',
  'GET /product/{}/pricetier/{}',
  'PATCH /product/{}/pricetier/{}',
  'DELETE /product/{}/pricetier/{}',
  'POST /product/{}/pricetier',
  'GET /product/{}/pricetiers',
  'GET /product/{}/attribute/{}',
  'PATCH /product/{}/attribute/{}',
  'DELETE /product/{}/attribute/{}',
  'POST /product/{}/attribute',
  'GET /product/{}/attributes',
  'GET /product/{}/category/{}',
  'DELETE /product/{}/category/{}',
  'POST /product/{}/categories',
  'DELETE /product/{}/categories',
  'GET /product/{}/categories',
  'GET /product/{}/variant/{}',
  'PATCH /product/{}/variant/{}',
  'DELETE /product/{}/variant/{}',
  'POST /product/{}/variant',
  'GET /product/{}/variants',
  'GET /product/{}/option/{}',
  'PATCH /product/{}/option/{}',
  'DELETE /product/{}/option/{}',
  'POST /product/{}/option',
  'GET /product/{}/options',
  'GET /product/{}/extra/{}',
  'PATCH /product/{}/extra/{}',
  'DELETE /product/{}/extra/{}',
  'POST /product/{}/extra',
  'GET /product/{}/extras',
  'GET /product/{}/customfield/{}',
  'PATCH /product/{}/customfield/{}',
  'GET /product/{}/customfields',
  // Variants and their price tiers
  'GET /variant/{}',
  'GET /variant/{}/pricetier/{}',
  'PATCH /variant/{}/pricetier/{}',
  'DELETE /variant/{}/pricetier/{}',
  'POST /variant/{}/pricetier',
  'GET /variant/{}/pricetiers',
  // Categories
  'GET /categories',
  'POST /category',
  'GET /category/{}',
  'PATCH /category/{}',
  'DELETE /category/{}',
  // Shipments and tracking codes
  'GET /shipments',
  'POST /shipment',
  'GET /shipment/{}',
  'PATCH /shipment/{}',
  'DELETE /shipment/{}',
  'GET /shipment/{}/trackingcode/{}',
  'PATCH /shipment/{}/trackingcode/{}',
  'DELETE /shipment/{}/trackingcode/{}',
  'POST /shipment/{}/trackingcode',
  'GET /shipment/{}/trackingcodes',
  // Product types
  'GET /producttypes',
  'POST /producttype',
  'GET /producttype/{}',
  'PATCH /producttype/{}',
  'DELETE /producttype/{}',
  // Tax classes and rates
  'GET /taxclasses',
  'POST /taxclass',
  'GET /taxclass/{}',
  'PATCH /taxclass/{}',
  'DELETE /taxclass/{}',
  'GET /taxclass/{}/rates/{}',
  'PATCH /taxclass/{}/rate/{}',
  'DELETE /taxclass/{}/rate/{}',
  'POST /taxclass/{}/rate',
  'GET /taxclass/{}/rates',
  // Subscriptions and their products
  'GET /subscriptions',
  'POST /subscriptions',
  'GET /subscription/{}',
  'PATCH /subscription/{}',
  'POST /subscription/{}/renew',
  'GET /subscription/{}/products',
  'GET /subscription/{}/product/{}',
  'POST /subscription/{}/products',
  'DELETE /subscription/{}/product/{}',
  // Customers, addresses, groups, coupons, billing plans
  'GET /customers',
  'POST /customer',
  'GET /customer/{}',
  'PATCH /customer/{}',
  'DELETE /customer/{}',
  'GET /customer/{}/addresses',
  'POST /customer/{}/addresses',
  'GET /customer/{}/address/{}',
  'PATCH /customer/{}/address/{}',
  'DELETE /customer/{}/address/{}',
  'GET /customergroups',
  'POST /customergroup',
  'GET /customergroup/{}',
  'PATCH /customergroup/{}',
  'DELETE /customergroup/{}',
  'GET /coupons',
  'POST /coupon',
  'GET /coupon/{}',
  'PATCH /coupon/{}',
  'DELETE /coupon/{}',
  'GET /billingplans',
  'POST /billingplan',
  'GET /billingplan/{}',
  'PATCH /billingplan/{}',
  'DELETE /billingplan/{}',
];

/** `GET /country/{id}` → `GET /country/{}`, case-insensitively as Express routes. */
export const endpointKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}').toLowerCase()}`;

const SPEC = new Set(SPEC_ENDPOINTS.map((e) => e.toLowerCase().replace(/^\w+/, (m) => m.toUpperCase())));

/** The path an endpoint is documented under: the first of its paths the specification spells, else the first declared. */
export function documentedPath(method: string, paths: string[]): string {
  return paths.find((p) => SPEC.has(endpointKey(method, p))) ?? paths[0];
}
