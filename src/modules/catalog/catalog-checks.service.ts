import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import type { CustomFieldDefinition } from '../custom-fields/custom-field-definition.entity.js';
import { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import { CustomerGroupsService } from '../customers/customer-groups.service.js';
import { TaxClassesService } from '../tax/tax-classes.service.js';
import { firstFreeSlug, slugify } from './domain/product-text.js';
import { CatalogChecksRepository, type NamedTable } from './catalog-checks.repository.js';

/** The tables a product refers to by id. */
export type ReferencedTable = 'tax_classes' | 'categories' | 'customer_groups';

/**
 * The catalog's input rules that need the database, as field errors: references that must exist
 * (asked of the module that owns each: tax classes, customer groups, custom fields), unique keys
 * already in use, and free URL names.
 */
@Injectable()
export class CatalogChecks {
  constructor(
    private readonly repository: CatalogChecksRepository,
    private readonly taxClasses: TaxClassesService,
    private readonly groups: CustomerGroupsService,
    private readonly customFields: CustomFieldsService,
  ) {}

  /** Adds `tax_class_id does not exist` when the id has no row. */
  async taxClassExists(m: EntityManager, id: number | null | undefined, bag: FieldErrorBag): Promise<void> {
    if (id === null || id === undefined) return;
    if (!(await this.taxClasses.exists(m, id))) bag.add('tax_class_id', 'does not exist');
  }

  /** Adds `<field> does not exist` when the category id has no row. */
  async categoryExists(m: EntityManager, id: number | null | undefined, field: string, bag: FieldErrorBag): Promise<void> {
    if (id === null || id === undefined) return;
    if (!(await this.repository.categoryExists(m, id))) bag.add(field, 'does not exist');
  }

  /** Adds `<field>.<index> does not exist` for every id of the list without a category. */
  async categoriesExist(m: EntityManager, ids: number[] | undefined, field: string, bag: FieldErrorBag): Promise<void> {
    if (!ids || ids.length === 0) return;
    const found = await this.repository.existingCategoryIds(m, ids);
    ids.forEach((id, i) => {
      if (!found.has(id)) bag.add(`${field}.${i}`, 'does not exist');
    });
  }

  /** Which of `ids` exist in the referenced table: one statement whatever their number (a batch's references). */
  existingIds(m: EntityManager, table: ReferencedTable, ids: number[]): Promise<Set<number>> {
    if (table === 'tax_classes') return this.taxClasses.existingIds(m, ids);
    if (table === 'customer_groups') return this.groups.existingIds(m, ids);
    return this.repository.existingCategoryIds(m, ids);
  }

  /** The product custom field definitions of these names, in one statement. */
  productFieldDefinitions(m: EntityManager, names: string[]): Promise<CustomFieldDefinition[]> {
    return this.customFields.named(m, 'product', names);
  }

  /** The product custom field definition of this id or name (404 when there is none). */
  productFieldDefinition(m: EntityManager, key: string): Promise<CustomFieldDefinition> {
    return this.customFields.findOf(m, 'product', key);
  }

  /** The product custom field definitions of these ids, in one statement (to present values a write changed). */
  fieldDefinitionsById(m: EntityManager, ids: number[]): Promise<CustomFieldDefinition[]> {
    return this.customFields.withIds(m, ids);
  }

  /**
   * Adds `<field> is already in use` for each given unique value another row holds, so a request
   * hears about every taken value at once (the unique indexes still decide races).
   */
  async unique(m: EntityManager, table: NamedTable, values: Record<string, unknown>, exceptId: number | null, bag: FieldErrorBag) {
    for (const field of await this.repository.takenKeys(m, table, values, exceptId)) bag.add(field, 'is already in use');
  }

  /** Price tier rules beyond the DTO: the customer group must exist. */
  async tier(m: EntityManager, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const bag = new FieldErrorBag();
    const group = values.customer_group_id as number | null | undefined;
    if (group !== null && group !== undefined && !(await this.groups.exists(m, group))) {
      bag.add('customer_group_id', 'does not exist');
    }
    bag.throwIfAny();
    return values;
  }

  /**
   * A free `url_name` derived from `name` in `table` (`slug`, `slug-2`, …). An advisory lock on the
   * slug (until the transaction ends) makes two concurrent creates of the same name take turns
   * instead of colliding on the unique index.
   */
  async freeUrlName(m: EntityManager, table: NamedTable, name: string, fallback: string): Promise<string> {
    const base = slugify(name, fallback);
    return firstFreeSlug(base, await this.repository.takenUrlNames(m, table, base));
  }
}
