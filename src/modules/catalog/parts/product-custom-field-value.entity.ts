import { Column, CreateDateColumn, Entity, Index, type Relation, UpdateDateColumn } from 'typeorm';
import { CustomFieldDefinition } from '../../custom-fields/custom-field-definition.entity.js';
import { ProductOwnedColumns } from './product-owned-columns.entity.js';
import { StoreReference } from '../../../database/store-column.js';

/** A product's value of a `product` custom field, as the canonical text of normalizeFieldValue. */
@Entity({ name: 'product_custom_field_values' })
@Index('UQ_product_custom_field_values_product_id_definition_id', ['product_id', 'definition_id'], { unique: true })
@Index('IDX_product_custom_field_values_definition_id', ['definition_id'])
export class ProductCustomFieldValue extends ProductOwnedColumns {
  /** Deleting a definition deletes its values. */
  @Column({ type: 'integer' })
  definition_id: number;

  @StoreReference(() => CustomFieldDefinition, 'definition_id', 'CASCADE')
  definition?: Relation<CustomFieldDefinition>;

  @Column({ type: 'text' })
  value: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
