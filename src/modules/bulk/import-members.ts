import type { BatchKey } from '../../common/batch/batch-body.pipe.js';
import { CATEGORY_BATCH_KEY, CategoryBatchMember } from '../catalog/dto/category.input.js';
import { PRODUCT_BATCH_KEY, ProductBatchMember } from '../catalog/dto/product-put.input.js';
import { PRODUCT_TYPE_BATCH_KEY, ProductTypeCreate } from '../catalog/dto/product-type.input.js';
import { CUSTOM_FIELD_BATCH_KEY, CustomFieldDefinitionCreate } from '../custom-fields/dto/custom-field-definition.input.js';
import { COUPON_BATCH_KEY, CouponCreate } from '../customers/coupons/dto/coupon.input.js';
import { CUSTOMER_GROUP_BATCH_KEY, CustomerGroupCreate } from '../customers/dto/customer-group.input.js';
import { CUSTOMER_BATCH_KEY, CustomerCreate } from '../customers/dto/customer.input.js';
import { COUNTRY_BATCH_KEY, CountryCreate } from '../geography/dto/country.input.js';
import type { BulkResource } from './domain/bulk-resources.js';

/** What a member of a resource's batch PUT is: the class its route validates with, and its key. */
export interface ImportMember<T extends object = object> {
  member: new () => T;
  key: BatchKey<T>;
}

/**
 * The member of each resource an import takes, as its batch PUT (docs/api.md#put-replace-a-resource) validates it. Classes
 * and keys only, no service: the line-checking threads (line-worker.ts) load this and nothing else of
 * the app.
 */
export const IMPORT_MEMBERS = {
  products: { member: ProductBatchMember, key: PRODUCT_BATCH_KEY },
  customers: { member: CustomerCreate, key: CUSTOMER_BATCH_KEY },
  customergroups: { member: CustomerGroupCreate, key: CUSTOMER_GROUP_BATCH_KEY },
  coupons: { member: CouponCreate, key: COUPON_BATCH_KEY },
  countries: { member: CountryCreate, key: COUNTRY_BATCH_KEY },
  customfielddefinitions: { member: CustomFieldDefinitionCreate, key: CUSTOM_FIELD_BATCH_KEY },
  categories: { member: CategoryBatchMember, key: CATEGORY_BATCH_KEY },
  producttypes: { member: ProductTypeCreate, key: PRODUCT_TYPE_BATCH_KEY },
} satisfies Record<BulkResource, { member: new () => object; key: { field: string } }>;

/** The member of `resource`, as a caller that takes any resource sees it. */
export function importMember(resource: BulkResource): ImportMember {
  return IMPORT_MEMBERS[resource] as unknown as ImportMember;
}
