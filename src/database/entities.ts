import { Cluster, StoreFence, StoreMoveMark } from './clusters/cluster.entity.js';
import { BULK_ENTITIES } from '../modules/bulk/bulk.entities.js';
import { IdempotencyKey } from '../common/idempotency/idempotency-key.entity.js';
import { ApiKey } from '../modules/api-keys/api-key.entity.js';
import { CATALOG_ENTITIES } from '../modules/catalog/catalog.entities.js';
import { CustomFieldDefinition } from '../modules/custom-fields/custom-field-definition.entity.js';
import { ServerSecret } from '../modules/cart/server-secret.entity.js';
import { CUSTOMERS_ENTITIES } from '../modules/customers/customers.entities.js';
import { Country } from '../modules/geography/country.entity.js';
import { State } from '../modules/geography/state.entity.js';
import { ORDERS_ENTITIES } from '../modules/orders/orders.entities.js';
import { QUOTES_ENTITIES } from '../modules/quotes/quotes.entities.js';
import { REVIEWS_ENTITIES } from '../modules/reviews/reviews.entities.js';
import { SHIPMENTS_ENTITIES } from '../modules/shipments/shipments.entities.js';
import { STORES_ENTITIES } from '../modules/stores/store.entity.js';
import { SUBSCRIPTIONS_ENTITIES } from '../modules/subscriptions/subscriptions.entities.js';
import { TAX_ENTITIES } from '../modules/tax/tax.entities.js';
import { WEBHOOKS_ENTITIES } from '../modules/webhooks/webhooks.entities.js';

/** Every mapped entity; the schema test proves the migrations create exactly these. */
export const ENTITIES = [
  ...STORES_ENTITIES,
  Cluster,
  StoreFence,
  StoreMoveMark,
  ApiKey,
  IdempotencyKey,
  ServerSecret,
  Country,
  State,
  CustomFieldDefinition,
  ...TAX_ENTITIES,
  ...CATALOG_ENTITIES,
  ...CUSTOMERS_ENTITIES,
  ...SHIPMENTS_ENTITIES,
  ...QUOTES_ENTITIES,
  ...ORDERS_ENTITIES,
  ...SUBSCRIPTIONS_ENTITIES,
  ...REVIEWS_ENTITIES,
  ...WEBHOOKS_ENTITIES,
  ...BULK_ENTITIES,
];
