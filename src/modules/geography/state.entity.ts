import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Country } from './country.entity.js';
import { StoreColumn, StoreKey, StoreReference } from '../../database/store-column.js';

@Entity({ name: 'states' })
@StoreKey('states')
@Index('UQ_states_country_id_code', ['country_id', 'code'], { unique: true })
export class State {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  country_id: number;

  @StoreReference(() => Country, 'country_id', 'CASCADE')
  country?: Relation<Country>;

  @Column({ type: 'text' })
  name: string;

  /** Subdivision code within the country (ISO 3166-2 without the country prefix), upper case. */
  @Column({ type: 'varchar', length: 10 })
  code: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
