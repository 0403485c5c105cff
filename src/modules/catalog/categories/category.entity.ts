import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { StoreColumn, StoreKey, StoreReference } from '../../../database/store-column.js';
import { UrlNameBase } from '../../../database/lookup-columns.js';

@Entity({ name: 'categories' })
@StoreKey('categories')
@Index('IDX_categories_parent_id', ['parent_id'])
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_categories_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('UQ_categories_url_name', ['store_id', 'url_name'], { unique: true })
// The URL names a new slug would clash with (`cups`, `cups-2`, …): an index lookup of `url_name_base`.
@Index('IDX_categories_url_name_base', ['store_id', 'url_name_base'])
@Index('UQ_categories_api_code', ['store_id', 'api_code'], { unique: true })
export class Category {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  url_name: string;

  /** The URL name without its number, stored (database/lookup-columns.ts). */
  @UrlNameBase()
  url_name_base?: string;

  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  api_code: string | null;

  @Column({ type: 'boolean', default: true })
  is_visible: boolean;

  /** Children outlive their parent as top-level categories. */
  @Column({ type: 'integer', nullable: true })
  parent_id: number | null;

  @StoreReference(() => Category, 'parent_id', 'SET NULL')
  parent?: Relation<Category>;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
