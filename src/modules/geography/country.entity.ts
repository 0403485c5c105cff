import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { StoreColumn, StoreKey } from '../../database/store-column.js';

@Entity({ name: 'countries' })
@StoreKey('countries')
// `updated_at_min` / `updated_at_max` and `sort=updated_at`: a client keeping a copy in step reads a range of it.
@Index('IDX_countries_updated_at_id', ['store_id', 'updated_at', 'id'])
@Index('UQ_countries_code', ['store_id', 'code'], { unique: true })
export class Country {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  /** ISO 3166-1 alpha-2, upper case. */
  @Column({ type: 'varchar', length: 2 })
  code: string;

  @Column({ type: 'varchar', length: 3, nullable: true })
  code_3: string | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
