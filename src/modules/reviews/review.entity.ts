import { Column, CreateDateColumn, Entity, Index, type Relation, UpdateDateColumn } from 'typeorm';
import { ProductOwnedColumns } from '../catalog/parts/product-owned-columns.entity.js';
import { Customer } from '../customers/customer.entity.js';
import type { ReviewStatus } from './domain/review-status.js';
import { StoreReference } from '../../database/store-column.js';

/**
 * A product review. It goes with its product (CASCADE); a deleted customer leaves the review
 * without one (SET NULL). `verified_purchase` is computed by the reviews service, never written by a client.
 */
@Entity({ name: 'reviews' })
@Index('IDX_reviews_product_id_created_at_id', ['product_id', 'created_at', 'id'])
@Index('IDX_reviews_customer_id', ['customer_id'])
@Index('IDX_reviews_status_id', ['store_id', 'status', 'id'])
@Index('IDX_reviews_created_at_id', ['store_id', 'created_at', 'id'])
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_reviews_updated_at_id', ['store_id', 'updated_at', 'id'])
export class Review extends ProductOwnedColumns {
  @Column({ type: 'integer', nullable: true })
  customer_id: number | null;

  @StoreReference(() => Customer, 'customer_id', 'SET NULL')
  customer?: Relation<Customer>;

  @Column({ type: 'text' })
  author_name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  author_email: string | null;

  @Column({ type: 'smallint' })
  rating: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: ReviewStatus;

  @Column({ type: 'text', nullable: true })
  reply: string | null;

  @Column({ type: 'boolean', default: false })
  verified_purchase: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  approved_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
