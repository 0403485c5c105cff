import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, Unique, UpdateDateColumn } from 'typeorm';
import { TaxClass } from '../../tax/tax-class.entity.js';
import { ProductType } from '../product-types/product-type.entity.js';
import { StoreColumn, StoreKey, StoreReference } from '../../../database/store-column.js';
import { UrlNameBase } from '../../../database/lookup-columns.js';

@Entity({ name: 'products' })
@StoreKey('products')
/** Deferrable (checked at the end of each statement), so one UPDATE may exchange two products' values. */
@Unique('UQ_products_sku', ['store_id', 'sku'], { deferrable: 'INITIALLY IMMEDIATE' })
@Unique('UQ_products_url_name', ['store_id', 'url_name'], { deferrable: 'INITIALLY IMMEDIATE' })
@Index('IDX_products_tax_class_id', ['tax_class_id'])
@Index('IDX_products_product_type_id', ['product_type_id'])
// The URL names a batch's new slugs would clash with (`tee`, `tee-2`, …): an index lookup of `url_name_base`.
@Index('IDX_products_url_name_base', ['store_id', 'url_name_base'])
// List indexes: a page ordered by `<column>, id` reads in index order instead of sorting the table.
@Index('IDX_products_name_id', ['store_id', 'name', 'id'])
@Index('IDX_products_base_price_id', ['store_id', 'base_price', 'id'])
@Index('IDX_products_created_at_id', ['store_id', 'created_at', 'id'])
@Index('IDX_products_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('IDX_products_sort_order_id', ['store_id', 'sort_order', 'id'])
@Index('IDX_products_rating_average_id', ['store_id', 'rating_average', 'id'])
export class Product {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  sku: string | null;

  @Column({ type: 'varchar', length: 255 })
  url_name: string;

  /** The URL name without its number, stored (database/lookup-columns.ts). */
  @UrlNameBase()
  url_name_base?: string;

  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  barcode: string | null;

  /** HTML. */
  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text', nullable: true })
  short_description: string | null;

  @Column({ type: 'text', nullable: true })
  meta_description: string | null;

  @Column({ type: 'text', nullable: true })
  meta_keywords: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, default: 0 })
  base_price: string;

  @Column({ type: 'numeric', precision: 12, scale: 2, default: 0 })
  weight: string;

  @Column({ type: 'numeric', precision: 12, scale: 2, default: 0 })
  out_of_stock_threshold: string;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  cost: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  depth: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  width: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  height: string | null;

  @Column({ type: 'integer', nullable: true })
  low_stock_threshold: number | null;

  @Column({ type: 'integer', nullable: true })
  in_stock_amount: number | null;

  /** "12.00" (sale price), "-2.50" (amount off) or "15%" (percent off); see domain/unit-price.ts. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  sale_price_or_discount: string | null;

  @Column({ type: 'integer', nullable: true })
  sort_order: number | null;

  @Column({ type: 'date', nullable: true })
  expected_availability_date: string | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'boolean', default: true })
  enabled_backend: boolean;

  @Column({ type: 'boolean', default: false })
  is_on_sale: boolean;

  @Column({ type: 'boolean', default: false })
  track_inventory: boolean;

  @Column({ type: 'boolean', default: false })
  allow_preorder: boolean;

  @Column({ type: 'boolean', default: false })
  hide_out_of_stock: boolean;

  @Column({ type: 'boolean', default: false })
  allow_negative_stock: boolean;

  @Column({ type: 'boolean', default: true })
  is_catalog_visible: boolean;

  @Column({ type: 'boolean', default: true })
  is_search_visible: boolean;

  @Column({ type: 'boolean', default: false })
  enable_product_shipping_rates: boolean;

  @Column({ type: 'boolean', default: false })
  is_subscription_only: boolean;

  @Column({ type: 'text', nullable: true })
  manufacturer: string | null;

  @Column({ type: 'text', default: 'Goods' })
  type: string;

  /** A tax class in use by a product cannot be deleted (409). */
  @Column({ type: 'integer', nullable: true })
  tax_class_id: number | null;

  @StoreReference(() => TaxClass, 'tax_class_id', 'RESTRICT')
  tax_class?: Relation<TaxClass>;

  /**
   * The product's type (domain/product-type-rules.ts). The column's default is the default type
   * (`product_type_default()`, a function of the migration), so a row inserted without it is of
   * that type; a type in use cannot be deleted (RESTRICT).
   */
  @Column({ type: 'integer', default: () => 'product_type_default()' })
  product_type_id: number;

  @StoreReference(() => ProductType, 'product_type_id', 'RESTRICT')
  product_type?: Relation<ProductType>;

  /**
   * The mean of the approved reviews' ratings (two decimals, null without any) and their count:
   * kept by the catalog in the transaction of each review change (ProductsService.setRating),
   * never recomputed per read.
   */
  @Column({ type: 'numeric', precision: 3, scale: 2, nullable: true })
  rating_average: string | null;

  @Column({ type: 'integer', default: 0 })
  rating_count: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
