import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoreColumn, StoreKey } from '../../database/store-column.js';

@Entity({ name: 'tax_classes' })
@StoreKey('tax_classes')
/** At most one default class: a partial unique index over the rows that are default. */
@Index('UQ_tax_classes_is_default', ['store_id', 'is_default'], { unique: true, where: '"is_default"' })
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_tax_classes_updated_at_id', ['store_id', 'updated_at', 'id'])
export class TaxClass {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: false })
  is_default: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
