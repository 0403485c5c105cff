import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Shipment } from './shipment.entity.js';
import { StoreColumn, StoreReference } from '../../database/store-column.js';

/** The unique (shipment_id, code) index also serves every lookup and embed by shipment_id. */
@Entity({ name: 'tracking_codes' })
@Index('UQ_tracking_codes_shipment_id_code', ['shipment_id', 'code'], { unique: true })
export class TrackingCode {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  shipment_id: number;

  @StoreReference(() => Shipment, 'shipment_id', 'CASCADE')
  shipment?: Relation<Shipment>;

  @Column({ type: 'varchar', length: 255 })
  code: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  carrier: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
