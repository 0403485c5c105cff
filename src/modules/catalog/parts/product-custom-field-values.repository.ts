import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { PageRequest, PageRows } from '../../../common/paging/page-request.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { Table } from '../../../database/table.js';
import { CustomFieldDefinition } from '../../custom-fields/custom-field-definition.entity.js';
import { ProductCustomFieldValue } from './product-custom-field-value.entity.js';

const PAGE: PageRequest = { sort: 'id', column: 'id', order: 'ASC', limit: 10, page: 1, offset: 0 };

/**
 * A product's custom field values (product_custom_field_values), one per definition of entity
 * `product`. The definitions themselves are the custom-fields module's; here they are only read.
 */
@Injectable()
export class ProductCustomFieldValuesRepository {
  /** A definition is addressed by its id or its name (case-sensitive: plain unique index). */
  private readonly definitions: Table<CustomFieldDefinition>;

  constructor(dataSource: DataSource) {
    this.definitions = new Table(dataSource, CustomFieldDefinition, { alt: 'name', label: 'Custom field' });
  }

  /** A page of the definitions of products. */
  @GenerateSql({ args: [SqlArg.manager, PAGE] })
  definitionsPage(m: EntityManager, req: PageRequest): Promise<PageRows<CustomFieldDefinition>> {
    return this.definitions.page(m, req, { where: { entity: 'product' } });
  }

  /** A definition of entity `product` by id or name; any other is unknown here (404). */
  @GenerateSql({ name: 'id or name', args: [SqlArg.manager, '1'] }, { name: 'name', args: [SqlArg.manager, 'origin'] })
  findDefinition(m: EntityManager, name: string): Promise<CustomFieldDefinition> {
    return this.definitions.find(m, name, { where: { entity: 'product' } });
  }

  /** The product's stored values of the given definitions (unset ones are absent). */
  @GenerateSql({ args: [SqlArg.manager, 1, [1, 2]] })
  async valuesOf(m: EntityManager, productId: number, definitionIds: number[]): Promise<ProductCustomFieldValue[]> {
    if (definitionIds.length === 0) return [];
    return m.getRepository(ProductCustomFieldValue).find({ where: { product_id: productId, definition_id: In(definitionIds) } });
  }

  /** The product's stored value of one definition, if set. */
  @GenerateSql({ args: [SqlArg.manager, 1, 1] })
  async storedValue(m: EntityManager, productId: number, definitionId: number): Promise<string | undefined> {
    return (await m.getRepository(ProductCustomFieldValue).findOneBy({ product_id: productId, definition_id: definitionId }))?.value;
  }

  /** Stores the value (canonical text), replacing the one stored. */
  @GenerateSql({ args: [SqlArg.manager, 1, 1, 'Delft'] })
  async setValue(m: EntityManager, productId: number, definitionId: number, value: string): Promise<void> {
    await m
      .createQueryBuilder()
      .insert()
      .into(ProductCustomFieldValue)
      .values({ product_id: productId, definition_id: definitionId, value })
      .orUpdate(['value', 'updated_at'], ['product_id', 'definition_id'])
      .execute();
  }

  /** Clears the value: the definition's default_value reads in its place. */
  @GenerateSql({ args: [SqlArg.manager, 1, 1] })
  async clearValue(m: EntityManager, productId: number, definitionId: number): Promise<void> {
    await m.delete(ProductCustomFieldValue, { product_id: productId, definition_id: definitionId });
  }
}
