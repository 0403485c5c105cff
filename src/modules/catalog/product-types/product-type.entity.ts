import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoreColumn, StoreKey } from '../../../database/store-column.js';
import { FoldedKey } from '../../../database/lookup-columns.js';

/**
 * A product type: which parts its products may have (domain/product-type-rules.ts). Exactly one is
 * the default (a partial unique index over the rows that are; the service never leaves none).
 * `api_code` is unique case-insensitively: `UQ_product_types_api_code` is on its stored `lower()`,
 * `api_code_key`.
 */
@Entity({ name: 'product_types' })
@StoreKey('product_types')
@Index('UQ_product_types_is_default', ['store_id', 'is_default'], { unique: true, where: '"is_default"' })
@Index('UQ_product_types_api_code', ['store_id', 'api_code_key'], { unique: true })
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_product_types_updated_at_id', ['store_id', 'updated_at', 'id'])
export class ProductType {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 64 })
  api_code: string;

  /** `lower(api_code)`, stored: what a lookup by `api_code` compares (database/lookup-columns.ts). */
  @FoldedKey('api_code')
  api_code_key?: string;

  @Column({ type: 'boolean', default: false })
  is_default: boolean;

  @Column({ type: 'boolean', default: true })
  has_shipping: boolean;

  @Column({ type: 'boolean', default: true })
  has_inventory: boolean;

  @Column({ type: 'boolean', default: true })
  has_options: boolean;

  @Column({ type: 'boolean', default: true })
  has_variants: boolean;

  @Column({ type: 'boolean', default: true })
  has_extras: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
