import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Order } from './order.entity.js';
import { StoreColumn, StoreReference } from '../../database/store-column.js';

/** An extra as the order froze it. */
export interface OrderItemExtra {
  sku: string;
  name: string;
  price: string;
}

/**
 * A line of an order: a frozen copy of a quote line (product name and SKU, options, extras with
 * their names and prices, amounts). The product and variant ids are kept as plain numbers, without
 * foreign keys: the order outlives a product deleted later.
 */
@Entity({ name: 'order_items' })
@Index('IDX_order_items_order_id', ['order_id'])
export class OrderItem {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  order_id: number;

  @StoreReference(() => Order, 'order_id', 'CASCADE')
  order?: Relation<Order>;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'integer', nullable: true })
  product_id: number | null;

  @Column({ type: 'integer', nullable: true })
  variant_id: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  sku: string | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'jsonb', default: {} })
  options: Record<string, string>;

  @Column({ type: 'jsonb', default: [] })
  extras: OrderItemExtra[];

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  price: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  discount: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  tax: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  total: string;

  /** Units this line took from its product's stock (0 when the product does not track inventory); given back once on cancel. */
  @Column({ type: 'integer', default: 0 })
  stock_taken: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
