import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BatchKey } from '../../common/batch/batch-body.pipe.js';
import type { UpsertOutcome } from '../../common/batch/batch-result.js';
import { writableFieldsOf } from '../../common/crud/replacement.js';
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

/** A member as an export writes it: its id (where the export goes on after) and the member its import takes. */
interface ExportedMember {
  id: number;
  member: object;
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
  /**
   * The way back (an export): up to `limit` members after id `afterId`, in id order, only those
   * updated at or after `updatedMin` when given, each in the form `upsert` takes, read on `m` in a
   * fixed number of statements whatever `limit`.
   */
  exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null): Promise<ExportedMember[]>;
}

/** What a resource's export step reads: its members as GET shows them, in id order. */
type ViewPage = (m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) => Promise<{ id: number }[]>;

/**
 * The export step of a resource whose batch member is its writable fields (every resource but
 * products): each view's fields that the member class takes, in the view's order.
 */
function membersOf(member: new () => object, page: ViewPage): BatchDoor['exportPage'] {
  return async (m, afterId, limit, updatedMin) => {
    const writable = new Set(writableFieldsOf(member));
    return (await page(m, afterId, limit, updatedMin)).map((view) => ({
      id: view.id,
      member: Object.fromEntries(Object.entries(view).filter(([field]) => writable.has(field))),
    }));
  };
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
        exportPage: (m, afterId, limit, updatedMin) => products.exportPage(m, afterId, limit, updatedMin),
      }),
      customers: door({
        resource: 'customers',
        member: CustomerCreate,
        key: CUSTOMER_BATCH_KEY,
        upsert: async (members) => withIds(await customers.upsertMany(members)),
        exportPage: membersOf(CustomerCreate, (...step) => customers.exportPage(...step)),
      }),
      customergroups: door({
        resource: 'customergroups',
        member: CustomerGroupCreate,
        key: CUSTOMER_GROUP_BATCH_KEY,
        upsert: async (members) => withIds(await groups.upsertMany(members)),
        exportPage: membersOf(CustomerGroupCreate, (...step) => groups.exportPage(...step)),
      }),
      coupons: door({
        resource: 'coupons',
        member: CouponCreate,
        key: COUPON_BATCH_KEY,
        upsert: async (members) => withIds(await coupons.upsertMany(members)),
        exportPage: membersOf(CouponCreate, (...step) => coupons.exportPage(...step)),
      }),
      countries: door({
        resource: 'countries',
        member: CountryCreate,
        key: COUNTRY_BATCH_KEY,
        upsert: async (members) => withIds(await countries.upsertMany(members)),
        exportPage: membersOf(CountryCreate, (...step) => countries.exportPage(...step)),
      }),
      customfielddefinitions: door({
        resource: 'customfielddefinitions',
        member: CustomFieldDefinitionCreate,
        key: CUSTOM_FIELD_BATCH_KEY,
        upsert: async (members) => withIds(await fields.upsertMany(members)),
        exportPage: membersOf(CustomFieldDefinitionCreate, (...step) => fields.exportPage(...step)),
      }),
      categories: door({
        resource: 'categories',
        member: CategoryBatchMember,
        key: CATEGORY_BATCH_KEY,
        upsert: async (members) => withIds(await categories.upsertMany(members)),
        exportPage: membersOf(CategoryBatchMember, (...step) => categories.exportPage(...step)),
      }),
      producttypes: door({
        resource: 'producttypes',
        member: ProductTypeCreate,
        key: PRODUCT_TYPE_BATCH_KEY,
        upsert: async (members) => withIds(await types.upsertMany(members)),
        exportPage: membersOf(ProductTypeCreate, (...step) => types.exportPage(...step)),
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
