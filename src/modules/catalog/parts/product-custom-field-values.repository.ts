import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { ProductCustomFieldValue } from './product-custom-field-value.entity.js';

/**
 * A product's custom field values (product_custom_field_values), one per definition of entity
 * `product`. The definitions themselves are the custom-fields module's (CustomFieldsService).
 */
@Injectable()
export class ProductCustomFieldValuesRepository {
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
