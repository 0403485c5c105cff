import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Product } from '../catalog/products/product.entity.js';
import { ProductVariant } from '../catalog/parts/product-variant.entity.js';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { Quote } from './quote.entity.js';
import { StoreColumn, StoreReference } from '../../database/store-column.js';

/** A selected extra as stored on the item: what it was and what it cost when the quote was priced. */
export interface QuoteItemExtra {
  sku: string;
  name: string;
  price: string;
}

@Entity({ name: 'quote_items' })
@Index('IDX_quote_items_quote_id', ['quote_id'])
@Index('IDX_quote_items_product_id', ['product_id'])
@Index('IDX_quote_items_variant_id', ['variant_id'])
// A quote's items are read in position order for a whole page of quotes at once.
@Index('IDX_quote_items_quote_id_position_id', ['quote_id', 'position', 'id'])
export class QuoteItem {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  quote_id: number;

  @StoreReference(() => Quote, 'quote_id', 'CASCADE')
  quote?: Relation<Quote>;

  /** Order of the item in the quote's `items`. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  /** A product on a quote cannot be deleted (409). */
  @Column({ type: 'integer' })
  product_id: number;

  @StoreReference(() => Product, 'product_id', 'RESTRICT')
  product?: Relation<Product>;

  @Column({ type: 'integer', nullable: true })
  variant_id: number | null;

  @StoreReference(() => ProductVariant, 'variant_id', 'RESTRICT')
  variant?: Relation<ProductVariant>;

  @Column({ type: 'integer', nullable: true })
  related_id: number | null;

  @Column({ type: 'jsonb', default: [] })
  extras: QuoteItemExtra[];

  @Column({ type: 'jsonb', default: {} })
  options: Record<string, string>;

  @Column({ type: 'jsonb', default: {} })
  custom_fields: Record<string, string>;

  @Column({ type: 'integer', default: 1 })
  quantity: number;

  @Column({ type: 'boolean', default: false })
  postponed: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  key: string | null;

  @Column({ type: 'integer', nullable: true })
  x_billing_plan_id: number | null;

  @StoreReference(() => BillingPlan, 'x_billing_plan_id', 'RESTRICT')
  billing_plan?: Relation<BillingPlan>;

  @Column({ type: 'boolean', default: false })
  is_trial_product: boolean;

  /** Unit price (base or tier or sale, plus extras). */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  price: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  subtotal: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  discount: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  total: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  tax: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
