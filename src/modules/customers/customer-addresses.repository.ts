import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table, tableOf } from '../../database/table.js';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { CustomerAddress } from './customer-address.entity.js';
import type { AddressKind } from './domain/address-kinds.js';

/**
 * Every statement of customers' addresses: their table, the reads of many customers' addresses at
 * once, the one default of a kind, and the countries and states an address names (by code when it is
 * written, by id when it is shown). The customer's own row is CustomersRepository's.
 */
@Injectable()
export class CustomerAddressesRepository {
  /** `{id}` only, within the customer of the path. */
  readonly addresses: Table<CustomerAddress>;

  constructor(private readonly dataSource: DataSource) {
    this.addresses = new Table(dataSource, CustomerAddress, { alt: null, label: 'Address' });
  }

  /** Every address of these customers of the given kinds, in id order, in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2], ['shipping', 'billing']] })
  addressesOf(m: EntityManager, customerIds: number[], kinds: AddressKind[]): Promise<CustomerAddress[]> {
    if (customerIds.length === 0 || kinds.length === 0) return Promise.resolve([]);
    return m
      .getRepository(CustomerAddress)
      .createQueryBuilder('a')
      .where('a.customer_id IN (:...customerIds)', { customerIds })
      .andWhere('a.kind IN (:...kinds)', { kinds })
      .orderBy('a.id', 'ASC')
      .getMany();
  }

  /** The countries of a page of addresses (one statement). */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  countriesByIds(m: EntityManager, ids: number[]): Promise<Country[]> {
    return this.byIds(m, Country, ids);
  }

  /** The states of a page of addresses (one statement). */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  statesByIds(m: EntityManager, ids: number[]): Promise<State[]> {
    return this.byIds(m, State, ids);
  }

  /** The countries addresses name by their codes (stored upper case, as the input is made), in one statement; unknown codes are absent. */
  @GenerateSql({ args: [SqlArg.manager, ['US', 'CA']] })
  async countriesByCodes(m: EntityManager, codes: string[]): Promise<Country[]> {
    if (codes.length === 0) return [];
    const rows = await runStatement<Country>(m, `SELECT * FROM ${tableOf(this.dataSource, Country)} WHERE code = ANY($1::text[])`, [
      [...new Set(codes)],
    ]);
    return rows.map((row) => m.create(Country, row));
  }

  /** The states of these (country id, state code) pairs, in one statement; pairs that name no state are absent. */
  @GenerateSql({ args: [SqlArg.manager, [{ countryId: 1, code: 'CA' }]] })
  async statesByCodes(m: EntityManager, pairs: { countryId: number; code: string }[]): Promise<State[]> {
    if (pairs.length === 0) return [];
    const rows = await runStatement<State>(
      m,
      `SELECT s.* FROM ${tableOf(this.dataSource, State)} s
         JOIN unnest($1::int[], $2::text[]) AS p(country_id, code) ON s.country_id = p.country_id AND s.code = p.code`,
      [pairs.map((p) => p.countryId), pairs.map((p) => p.code)],
    );
    return rows.map((row) => m.create(State, row));
  }

  /** Whether the customer has a default address of this kind other than `selfId` (0 on create). */
  @GenerateSql({ args: [SqlArg.manager, 1, 'shipping', 0] })
  hasOtherDefault(m: EntityManager, customerId: number, kind: AddressKind, selfId: number): Promise<boolean> {
    return m
      .getRepository(CustomerAddress)
      .createQueryBuilder('a')
      .where('a.customer_id = :customerId AND a.kind = :kind AND a.is_default', { customerId, kind })
      .andWhere('a.id <> :self', { self: selfId })
      .getExists();
  }

  /** Clears the customer's other default of this kind, so `selfId` can become it; answers the addresses it cleared, as they are now. */
  @GenerateSql({ args: [SqlArg.manager, 1, 'shipping', 0] })
  async clearOtherDefaults(m: EntityManager, customerId: number, kind: AddressKind, selfId: number): Promise<CustomerAddress[]> {
    const result = await m
      .createQueryBuilder()
      .update(CustomerAddress)
      .set({ is_default: false, updated_at: () => 'now()' })
      .where('customer_id = :customerId AND kind = :kind AND is_default AND id <> :self', { customerId, kind, self: selfId })
      .returning('*')
      .execute();
    return (result.raw as CustomerAddress[]).map((row) => m.create(CustomerAddress, row));
  }

  private byIds<T extends { id: number }>(m: EntityManager, entity: new () => T, ids: number[]): Promise<T[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return m
      .getRepository(entity)
      .createQueryBuilder('r')
      .where('r.id IN (:...ids)', { ids: [...new Set(ids)] })
      .getMany();
  }
}
