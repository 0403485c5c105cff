import { Column, CreateDateColumn, Entity, Exclusion, Index, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { Customer } from './customer.entity.js';
import type { AddressKind } from './domain/address-kinds.js';
import { StoreColumn, StoreReference } from '../../database/store-column.js';

/**
 * Country and state are references, so their codes and names are read at presentation time and
 * a country or state still used by an address cannot be deleted (409).
 */
@Entity({ name: 'customer_addresses' })
@Index('IDX_customer_addresses_customer_id', ['customer_id'])
@Index('IDX_customer_addresses_country_id', ['country_id'])
@Index('IDX_customer_addresses_state_id', ['state_id'])
/**
 * At most one default address per customer and kind, judged at the end of each statement
 * (deferrable), so one UPDATE may move the default from one address to another (a customer's PUT).
 */
@Exclusion('UQ_customer_addresses_customer_id_kind', 'USING btree ("customer_id" WITH =, "kind" WITH =) WHERE ("is_default")', {
  deferrable: 'INITIALLY IMMEDIATE',
})
export class CustomerAddress {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  customer_id: number;

  @StoreReference(() => Customer, 'customer_id', 'CASCADE')
  customer?: Relation<Customer>;

  @Column({ type: 'varchar', length: 16 })
  kind: AddressKind;

  @Column({ type: 'text', nullable: true })
  first_name: string | null;

  @Column({ type: 'text', nullable: true })
  last_name: string | null;

  @Column({ type: 'text', nullable: true })
  company: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  street_address: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  postal_code: string | null;

  @Column({ type: 'integer' })
  country_id: number;

  @StoreReference(() => Country, 'country_id', 'RESTRICT')
  country?: Relation<Country>;

  @Column({ type: 'integer', nullable: true })
  state_id: number | null;

  @StoreReference(() => State, 'state_id', 'RESTRICT')
  state?: Relation<State>;

  @Column({ type: 'boolean', default: false })
  is_default: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
