import { Initial1795290079767 } from './1795290079767-Initial.js';
import { StoreResources1795290830029 } from './1795290830029-StoreResources.js';
import { SequencesAndCaseInsensitiveKeys1795290830030 } from './1795290830030-SequencesAndCaseInsensitiveKeys.js';
import { IdempotencyKeys1795291255711 } from './1795291255711-IdempotencyKeys.js';
import { ApiKeyChangeNotify1795292000000 } from './1795292000000-ApiKeyChangeNotify.js';
import { ListIndexes1795300000000 } from './1795300000000-ListIndexes.js';
import { QuoteAcceptance1795310000000 } from './1795310000000-QuoteAcceptance.js';
import { EventsAndWebhooks1795478704786 } from './1795478704786-EventsAndWebhooks.js';
import { LeasedClaims1795500000000 } from './1795500000000-LeasedClaims.js';
import { ServerSecrets1795537154076 } from './1795537154076-ServerSecrets.js';
import { QuoteLifecycle1795538630689 } from './1795538630689-QuoteLifecycle.js';
import { DecisionNotices1795539155496 } from './1795539155496-DecisionNotices.js';
import { Orders1795539391575 } from './1795539391575-Orders.js';
import { WebhookSecretRotation1795640000000 } from './1795640000000-WebhookSecretRotation.js';
import { WebhookAttemptLog1795640000001 } from './1795640000001-WebhookAttemptLog.js';
import { ApiKeyWithoutSecret1795640000002 } from './1795640000002-ApiKeyWithoutSecret.js';
import { WebhookOwnerScopes1795650000100 } from './1795650000100-WebhookOwnerScopes.js';
import { CartLinkVersion1795650000101 } from './1795650000101-CartLinkVersion.js';
import { UpdatedAtIndexes1795651320000 } from './1795651320000-UpdatedAtIndexes.js';
import { ProductTypes1795700000033 } from './1795700000033-ProductTypes.js';
import { Reviews1795700000034 } from './1795700000034-Reviews.js';
import { TypeAndReviewUpdatedAtIndexes1795700000035 } from './1795700000035-TypeAndReviewUpdatedAtIndexes.js';
import { BulkImportsExports1795800000036 } from './1795800000036-BulkImportsExports.js';
import { BulkLoadIndexes1795800000037 } from './1795800000037-BulkLoadIndexes.js';
import { DeferrableProductUniques1795800000038 } from './1795800000038-DeferrableProductUniques.js';
import { ImportChunkAttempts1795800000045 } from './1795800000045-ImportChunkAttempts.js';
import { BulkBounds1795800000245 } from './1795800000245-BulkBounds.js';
import { ExportSnapshotAt1795800000345 } from './1795800000345-ExportSnapshotAt.js';
import { DeferrableDefaultAddress1795800000445 } from './1795800000445-DeferrableDefaultAddress.js';
import { Stores1795953620604 } from './1795953620604-Stores.js';
import { ApiKeysPerStore1795956171106 } from './1795956171106-ApiKeysPerStore.js';
import { StoreScopedData1795990000000 } from './1795990000000-StoreScopedData.js';
import { StoreReferenceKeys1796000000000 } from './1796000000000-StoreReferenceKeys.js';
import { LookupColumns1796100000000 } from './1796100000000-LookupColumns.js';
import { Clusters1796200000000 } from './1796200000000-Clusters.js';

/** Every migration, oldest first. The schema changes only through these. */
export const MIGRATIONS = [
  Initial1795290079767,
  StoreResources1795290830029,
  SequencesAndCaseInsensitiveKeys1795290830030,
  IdempotencyKeys1795291255711,
  ApiKeyChangeNotify1795292000000,
  ListIndexes1795300000000,
  QuoteAcceptance1795310000000,
  EventsAndWebhooks1795478704786,
  LeasedClaims1795500000000,
  ServerSecrets1795537154076,
  QuoteLifecycle1795538630689,
  DecisionNotices1795539155496,
  Orders1795539391575,
  WebhookSecretRotation1795640000000,
  WebhookAttemptLog1795640000001,
  ApiKeyWithoutSecret1795640000002,
  WebhookOwnerScopes1795650000100,
  CartLinkVersion1795650000101,
  UpdatedAtIndexes1795651320000,
  ProductTypes1795700000033,
  Reviews1795700000034,
  TypeAndReviewUpdatedAtIndexes1795700000035,
  BulkImportsExports1795800000036,
  BulkLoadIndexes1795800000037,
  DeferrableProductUniques1795800000038,
  ImportChunkAttempts1795800000045,
  BulkBounds1795800000245,
  ExportSnapshotAt1795800000345,
  DeferrableDefaultAddress1795800000445,
  Stores1795953620604,
  ApiKeysPerStore1795956171106,
  StoreScopedData1795990000000,
  StoreReferenceKeys1796000000000,
  LookupColumns1796100000000,
  Clusters1796200000000,
];
