import { Injectable } from '@nestjs/common';
import type { BatchKey } from '../../common/batch/batch-body.pipe.js';
import type { UpsertOutcome } from '../../common/batch/batch-result.js';
import { CategoriesService } from '../catalog/categories.service.js';
import { CATEGORY_BATCH_KEY, CategoryBatchMember } from '../catalog/dto/category.input.js';
import { PRODUCT_BATCH_KEY, ProductBatchMember } from '../catalog/dto/product-put.input.js';
import { PRODUCT_TYPE_BATCH_KEY, ProductTypeCreate } from '../catalog/dto/product-type.input.js';
import { ProductTypesService } from '../catalog/product-types.service.js';
import { ProductUpsertService } from '../catalog/product-upsert.service.js';
import { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import { CUSTOM_FIELD_BATCH_KEY, CustomFieldDefinitionCreate } from '../custom-fields/dto/custom-field-definition.input.js';
import { CouponsService } from '../customers/coupons/coupons.service.js';
import { COUPON_BATCH_KEY, CouponCreate } from '../customers/coupons/dto/coupon.input.js';
import { CustomerGroupsService } from '../customers/customer-groups.service.js';
import { CustomersService } from '../customers/customers.service.js';
import { CUSTOMER_GROUP_BATCH_KEY, CustomerGroupCreate } from '../customers/dto/customer-group.input.js';
import { CUSTOMER_BATCH_KEY, CustomerCreate } from '../customers/dto/customer.input.js';
import { CountriesService } from '../geography/countries.service.js';
import { COUNTRY_BATCH_KEY, CountryCreate } from '../geography/dto/country.input.js';
import { BULK_RESOURCES, type BulkResource } from './domain/bulk-resources.js';

/** What a batch upsert did to one member. */
export interface UpsertedMember {
  outcome: UpsertOutcome;
  id: number;
}

/** How a 409 about member `i` is worded (the import also learns which member it was). */
export type ConflictWording = (i: number, message: string) => string;

/**
 * The batch PUT of one resource (CONTRACT §17) as another door calls it: the member class and key
 * the route validates with, and the route's own upsert, which joins the caller's transaction (an
 * import's chunk). One rule, three doors: item PUT, batch PUT and an import line all go through it.
 */
export interface BatchDoor<T extends object = object> {
  resource: BulkResource;
  member: new () => T;
  key: BatchKey<T>;
  /** Upserts `members` (distinct keys, each valid on its own), all or nothing, in request order. */
  upsert(members: T[], conflict: ConflictWording): Promise<UpsertedMember[]>;
}

const withIds = (rows: { outcome: UpsertOutcome; view: { id: number } }[]): UpsertedMember[] =>
  rows.map((r) => ({ outcome: r.outcome, id: r.view.id }));

function door<T extends object>(d: BatchDoor<T>): BatchDoor {
  return d as unknown as BatchDoor;
}

/** The batch doors of the resources an import takes, by the name `?resource=` gives. */
@Injectable()
export class BatchDoors {
  private readonly doors: Record<BulkResource, BatchDoor>;

  constructor(
    products: ProductUpsertService,
    customers: CustomersService,
    groups: CustomerGroupsService,
    coupons: CouponsService,
    countries: CountriesService,
    fields: CustomFieldsService,
    categories: CategoriesService,
    types: ProductTypesService,
  ) {
    this.doors = {
      products: door({
        resource: 'products',
        member: ProductBatchMember,
        key: PRODUCT_BATCH_KEY,
        upsert: async (members, conflict) => (await products.upsertBatch(members, conflict)).map(({ outcome, id }) => ({ outcome, id })),
      }),
      customers: door({
        resource: 'customers',
        member: CustomerCreate,
        key: CUSTOMER_BATCH_KEY,
        upsert: async (members) => withIds(await customers.upsertMany(members)),
      }),
      customergroups: door({
        resource: 'customergroups',
        member: CustomerGroupCreate,
        key: CUSTOMER_GROUP_BATCH_KEY,
        upsert: async (members) => withIds(await groups.upsertMany(members)),
      }),
      coupons: door({
        resource: 'coupons',
        member: CouponCreate,
        key: COUPON_BATCH_KEY,
        upsert: async (members) => withIds(await coupons.upsertMany(members)),
      }),
      countries: door({
        resource: 'countries',
        member: CountryCreate,
        key: COUNTRY_BATCH_KEY,
        upsert: async (members) => withIds(await countries.upsertMany(members)),
      }),
      customfielddefinitions: door({
        resource: 'customfielddefinitions',
        member: CustomFieldDefinitionCreate,
        key: CUSTOM_FIELD_BATCH_KEY,
        upsert: async (members) => withIds(await fields.upsertMany(members)),
      }),
      categories: door({
        resource: 'categories',
        member: CategoryBatchMember,
        key: CATEGORY_BATCH_KEY,
        upsert: async (members) => withIds(await categories.upsertMany(members)),
      }),
      producttypes: door({
        resource: 'producttypes',
        member: ProductTypeCreate,
        key: PRODUCT_TYPE_BATCH_KEY,
        upsert: async (members) => withIds(await types.upsertMany(members)),
      }),
    };
  }

  get(resource: BulkResource): BatchDoor {
    return this.doors[resource];
  }

  all(): BatchDoor[] {
    return BULK_RESOURCES.map((r) => this.doors[r]);
  }
}
