import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { Table } from '../../database/table.js';
import { CustomerAddress } from './customer-address.entity.js';
import type { AddressKind } from './domain/address-kinds.js';

/**
 * Every statement of customers' addresses: their table, the reads of many customers' addresses at
 * once and the one default of a kind. The customer's own row is CustomersRepository's; the countries
 * and states an address names are geography's (PlacesService).
 */
@Injectable()
export class CustomerAddressesRepository {
  /** `{id}` only, within the customer of the path. */
  readonly table: Table<CustomerAddress>;

  constructor(dataSource: DataSource) {
    this.table = new Table(dataSource, CustomerAddress, { alt: null, label: 'Address' });
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
}
