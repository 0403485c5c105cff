import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Order } from '../orders/order.entity.js';
import type { ShipmentStatus } from './domain/shipment-fields.js';
import { StoreColumn, StoreKey, StoreReference } from '../../database/store-column.js';

@Entity({ name: 'shipments' })
@StoreKey('shipments')
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_shipments_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('UQ_shipments_number', ['store_id', 'number'], { unique: true })
export class Shipment {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  /** The client's shipment number; the `{id|number}` path key, so it holds no white space. */
  @Column({ type: 'varchar', length: 64 })
  number: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  order_reference: string | null;

  /** The order this shipment fulfills (its fulfillment_status follows its shipments); null: none. */
  @Index('IDX_shipments_order_id')
  @Column({ type: 'integer', nullable: true })
  order_id: number | null;

  @StoreReference(() => Order, 'order_id', 'RESTRICT')
  order?: Relation<Order>;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: ShipmentStatus;

  @Column({ type: 'varchar', length: 255, nullable: true })
  shipping_method: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
