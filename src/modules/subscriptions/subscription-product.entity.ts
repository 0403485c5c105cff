import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { ProductVariant } from '../catalog/parts/product-variant.entity.js';
import { Product } from '../catalog/products/product.entity.js';
import { Subscription } from './subscription.entity.js';
import { StoreColumn, StoreReference } from '../../database/store-column.js';

/** A product (or one of its variants) on a subscription, with the unit price agreed when it was added. */
@Entity({ name: 'subscription_products' })
@Index('IDX_subscription_products_subscription_id', ['subscription_id'])
@Index('IDX_subscription_products_product_id', ['product_id'])
@Index('IDX_subscription_products_variant_id', ['variant_id'])
export class SubscriptionProduct {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  /** The products go with their subscription. */
  @Column({ type: 'integer' })
  subscription_id: number;

  @StoreReference(() => Subscription, 'subscription_id', 'CASCADE')
  subscription?: Relation<Subscription>;

  /** A product (or variant) on a subscription cannot be deleted (409). */
  @Column({ type: 'integer' })
  product_id: number;

  @StoreReference(() => Product, 'product_id', 'RESTRICT')
  product?: Relation<Product>;

  @Column({ type: 'integer', nullable: true })
  variant_id: number | null;

  @StoreReference(() => ProductVariant, 'variant_id', 'RESTRICT')
  variant?: Relation<ProductVariant>;

  @Column({ type: 'integer', default: 1 })
  quantity: number;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  price: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
