import { Injectable } from '@nestjs/common';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { UpsertOutcome } from '../../common/batch/batch-result.js';
import { writableFieldsOf } from '../../common/crud/replacement.js';
import { Category } from '../catalog/category.entity.js';
import { ProductAttribute } from '../catalog/product-attribute.entity.js';
import { ProductCategory } from '../catalog/product-category.entity.js';
import { ProductCustomFieldValue } from '../catalog/product-custom-field-value.entity.js';
import { ProductExtra } from '../catalog/product-extra.entity.js';
import { ProductOption } from '../catalog/product-option.entity.js';
import { ProductPriceTier } from '../catalog/product-price-tier.entity.js';
import { ProductType } from '../catalog/product-type.entity.js';
import { ProductVariant } from '../catalog/product-variant.entity.js';
import { Product } from '../catalog/product.entity.js';
import { VariantPriceTier } from '../catalog/variant-price-tier.entity.js';
import { CustomFieldDefinition } from '../custom-fields/custom-field-definition.entity.js';
import { Coupon } from '../customers/coupons/coupon.entity.js';
import { CustomerAddress } from '../customers/customer-address.entity.js';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { CategoriesService } from '../catalog/categories.service.js';
import { ProductTypesService } from '../catalog/product-types.service.js';
import { ProductWriteService } from '../catalog/product-write.service.js';
import { ProductsService } from '../catalog/products.service.js';
import { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import { CouponsService } from '../customers/coupons/coupons.service.js';
import { CustomerGroupsService } from '../customers/customer-groups.service.js';
import { CustomersService } from '../customers/customers.service.js';
import { CountriesService } from '../geography/countries.service.js';
import { BULK_RESOURCES, type BulkResource } from './domain/bulk-resources.js';
import { IMPORT_MEMBERS, type ImportMember } from './import-members.js';

/** What a batch upsert did to one member. */
interface UpsertedMember {
  outcome: UpsertOutcome;
  id: number;
}

/** A member as an export writes it: its id (where the export goes on after) and the member its import takes. */
interface ExportedMember {
  id: number;
  member: object;
}

/** How a 409 about member `i` is worded (the import also learns which member it was). */
type ConflictWording = (i: number, message: string) => string;

/**
 * The batch PUT of one resource (CONTRACT §17) as another door calls it: the member class and key
 * the route validates with, and the route's own upsert, which joins the caller's transaction (an
 * import's chunk). One rule, three doors: item PUT, batch PUT and an import line all go through it.
 */
export interface BatchDoor<T extends object = object> extends ImportMember<T> {
  resource: BulkResource;
  /** The tables the upsert writes: an import that fills them keeps their planner statistics current. */
  tables: EntityTarget<ObjectLiteral>[];
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
    products: ProductWriteService,
    productReads: ProductsService,
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
        ...IMPORT_MEMBERS.products,
        tables: [
          Product,
          ProductOption,
          ProductVariant,
          ProductPriceTier,
          VariantPriceTier,
          ProductCategory,
          ProductAttribute,
          ProductExtra,
          ProductCustomFieldValue,
        ],
        upsert: async (members, conflict) => (await products.upsertBatch(members, conflict)).map(({ outcome, id }) => ({ outcome, id })),
        exportPage: (m, afterId, limit, updatedMin) => productReads.exportPage(m, afterId, limit, updatedMin),
      }),
      customers: door({
        resource: 'customers',
        ...IMPORT_MEMBERS.customers,
        tables: [Customer, CustomerAddress],
        upsert: async (members) => withIds(await customers.upsertMany(members)),
        exportPage: membersOf(IMPORT_MEMBERS.customers.member, (...step) => customers.exportPage(...step)),
      }),
      customergroups: door({
        resource: 'customergroups',
        ...IMPORT_MEMBERS.customergroups,
        tables: [CustomerGroup],
        upsert: async (members) => withIds(await groups.upsertMany(members)),
        exportPage: membersOf(IMPORT_MEMBERS.customergroups.member, (...step) => groups.exportPage(...step)),
      }),
      coupons: door({
        resource: 'coupons',
        ...IMPORT_MEMBERS.coupons,
        tables: [Coupon],
        upsert: async (members) => withIds(await coupons.upsertMany(members)),
        exportPage: membersOf(IMPORT_MEMBERS.coupons.member, (...step) => coupons.exportPage(...step)),
      }),
      countries: door({
        resource: 'countries',
        ...IMPORT_MEMBERS.countries,
        tables: [Country, State],
        upsert: async (members) => withIds(await countries.upsertMany(members)),
        exportPage: membersOf(IMPORT_MEMBERS.countries.member, (...step) => countries.exportPage(...step)),
      }),
      customfielddefinitions: door({
        resource: 'customfielddefinitions',
        ...IMPORT_MEMBERS.customfielddefinitions,
        tables: [CustomFieldDefinition],
        upsert: async (members) => withIds(await fields.upsertMany(members)),
        exportPage: membersOf(IMPORT_MEMBERS.customfielddefinitions.member, (...step) => fields.exportPage(...step)),
      }),
      categories: door({
        resource: 'categories',
        ...IMPORT_MEMBERS.categories,
        tables: [Category],
        upsert: async (members) => withIds(await categories.upsertMany(members)),
        exportPage: membersOf(IMPORT_MEMBERS.categories.member, (...step) => categories.exportPage(...step)),
      }),
      producttypes: door({
        resource: 'producttypes',
        ...IMPORT_MEMBERS.producttypes,
        tables: [ProductType],
        upsert: async (members) => withIds(await types.upsertMany(members)),
        exportPage: membersOf(IMPORT_MEMBERS.producttypes.member, (...step) => types.exportPage(...step)),
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
