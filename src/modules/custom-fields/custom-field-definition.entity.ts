import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { FieldType } from './domain/field-value.js';
import { StoreColumn, StoreKey } from '../../database/store-column.js';

@Entity({ name: 'custom_field_definitions' })
@StoreKey('custom_field_definitions')
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_custom_field_definitions_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('UQ_custom_field_definitions_name', ['store_id', 'name'], { unique: true })
export class CustomFieldDefinition {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'varchar', length: 16 })
  entity: string;

  @Column({ type: 'varchar', length: 16 })
  type: FieldType;

  @Column({ type: 'jsonb', nullable: true })
  options: string[] | null;

  @Column({ type: 'boolean', default: false })
  is_required: boolean;

  @Column({ type: 'text', nullable: true })
  default_value: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
