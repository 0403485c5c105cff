import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { changesOf } from '../../common/crud/changes.js';
import { deleteById, insertReturning, updateReturning } from '../../database/sql/write.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { FieldErrorBag } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { type AddressKind, CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { type AddressJson, presentAddress } from './customers.presenter.js';
import { resolveIsDefault } from './domain/default-address.js';
import type { AddressCreate, AddressListQuery, AddressPatch } from './dto/address.input.js';

const SORT = sortableColumns('id', 'kind', 'created_at', 'updated_at');

/** Where a customer's default shipping address is: the location quotes are taxed at. */
export interface TaxLocation {
  country_code: string;
  state_code: string | null;
  postal_code: string | null;
  city: string | null;
}

/** Addresses of a customer (`/customer/{id}/addresses`). Country and state names are read, never stored. */
@Injectable()
export class CustomerAddressesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async list(customerKey: string, query: AddressListQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const customer = await findCustomer(m, customerKey, false);
    const qb = m.getRepository(CustomerAddress).createQueryBuilder('r').where('r.customer_id = :cid', { cid: customer.id });
    if (query.kind) qb.andWhere('r.kind = :kind', { kind: query.kind });
    return toPage(await paginate(qb, query, SORT), (rows) => this.present(m, rows));
  }

  async get(customerKey: string, addressKey: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const customer = await findCustomer(m, customerKey, false);
    return this.presentOne(m, await findAddress(m, customer.id, addressKey, false));
  }

  create(customerKey: string, input: AddressCreate) {
    return this.tx.run(async (m) => {
      // The customer's row lock serializes its address writes, so default switching cannot race.
      const customer = await findCustomer(m, customerKey, true);
      const values = await this.checked(m, customer.id, changesOf(input), null);
      return this.presentOne(m, await insertReturning(m, CustomerAddress, { ...values, customer_id: customer.id }));
    });
  }

  update(customerKey: string, addressKey: string, input: AddressPatch) {
    return this.tx.run(async (m) => {
      const customer = await findCustomer(m, customerKey, true);
      const current = await findAddress(m, customer.id, addressKey, true);
      assertIfMatch(await this.presentOne(m, current));
      const values = await this.checked(m, customer.id, changesOf(input), current);
      return this.presentOne(m, await updateReturning(m, CustomerAddress, current, values));
    });
  }

  /** Deleting the default leaves the kind without one until another is made default (or a new one is added). */
  remove(customerKey: string, addressKey: string) {
    return this.tx.run(async (m) => {
      const customer = await findCustomer(m, customerKey, true);
      const current = await findAddress(m, customer.id, addressKey, true);
      const presented = await this.presentOne(m, current);
      assertIfMatch(presented);
      await deleteById(m, CustomerAddress, current.id);
      return presented;
    });
  }

  /** Every address of these customers of the given kinds, presented, in three queries. */
  async addressesOf(m: EntityManager, customerIds: number[], kinds: AddressKind[]): Promise<AddressJson[]> {
    if (customerIds.length === 0 || kinds.length === 0) return [];
    const rows = await m.getRepository(CustomerAddress).find({
      where: { customer_id: In(customerIds), kind: In(kinds) },
      order: { id: 'ASC' },
    });
    return this.present(m, rows);
  }

  async defaultShippingAddresses(m: EntityManager, customerIds: number[]): Promise<Map<number, TaxLocation>> {
    if (customerIds.length === 0) return new Map();
    const rows = await m.getRepository(CustomerAddress).find({
      where: { customer_id: In(customerIds), kind: 'shipping', is_default: true },
    });
    return new Map(
      (await this.present(m, rows)).map((a) => [
        a.customer_id,
        { country_code: a.country_code, state_code: a.state_code, postal_code: a.postal_code, city: a.city },
      ]),
    );
  }

  /** Countries and states for the whole page: one query each. */
  async present(m: EntityManager, rows: CustomerAddress[]): Promise<AddressJson[]> {
    if (rows.length === 0) return [];
    const stateIds = [...new Set(rows.map((r) => r.state_id).filter((id): id is number => id !== null))];
    const [countries, states] = await Promise.all([
      m.getRepository(Country).find({ where: { id: In([...new Set(rows.map((r) => r.country_id))]) } }),
      stateIds.length ? m.getRepository(State).find({ where: { id: In(stateIds) } }) : Promise.resolve([]),
    ]);
    const countryById = new Map(countries.map((c) => [c.id, c]));
    const stateById = new Map(states.map((s) => [s.id, s]));
    return rows.map((a) => {
      const country = countryById.get(a.country_id)!;
      const state = a.state_id === null ? null : stateById.get(a.state_id)!;
      return presentAddress(a, {
        country_code: country.code,
        country: country.name,
        state_code: state?.code ?? null,
        state: state?.name ?? null,
      });
    });
  }

  private async presentOne(m: EntityManager, row: CustomerAddress): Promise<AddressJson> {
    return (await this.present(m, [row]))[0];
  }

  /**
   * The address as it will be stored: codes resolved to the country/state rows (the state must be
   * one of the resulting country, also when only the country changes), and the default flag
   * decided, clearing the customer's other default of that kind.
   */
  private async checked(m: EntityManager, customerId: number, input: Partial<AddressPatch>, current: CustomerAddress | null) {
    const { country_code, state_code, is_default, ...rest } = input;
    const values: Partial<CustomerAddress> = { ...(rest as Partial<CustomerAddress>) };
    const bag = new FieldErrorBag();

    let country: Country | null = null;
    if (country_code !== undefined) {
      country = await m.getRepository(Country).findOneBy({ code: country_code });
      if (country) values.country_id = country.id;
      else bag.add('country_code', 'does not exist');
    }
    if (state_code === null) {
      values.state_id = null;
    } else if (bag.empty && (state_code !== undefined || country)) {
      // The state must belong to the country the address will have; a kept state is re-checked when only the country changes.
      country ??= await m.getRepository(Country).findOneByOrFail({ id: current!.country_id });
      if (state_code !== undefined) {
        const state = await m.getRepository(State).findOneBy({ country_id: country.id, code: state_code });
        if (state) values.state_id = state.id;
        else bag.add('state_code', `is not a state of ${country.code}`);
      } else if (current?.state_id != null && country.id !== current.country_id) {
        bag.add('state_code', `is not a state of ${country.code}`);
      }
    }
    bag.throwIfAny();

    const kind = input.kind ?? current!.kind;
    const otherDefault = await m
      .getRepository(CustomerAddress)
      .createQueryBuilder('a')
      .where('a.customer_id = :customerId AND a.kind = :kind AND a.is_default', { customerId, kind })
      .andWhere('a.id <> :self', { self: current?.id ?? 0 })
      .getExists();
    const makeDefault = resolveIsDefault({ requested: is_default, current, kind, kindHasOtherDefault: otherDefault });
    if (makeDefault && otherDefault) {
      await m
        .createQueryBuilder()
        .update(CustomerAddress)
        .set({ is_default: false, updated_at: () => 'now()' })
        .where('customer_id = :customerId AND kind = :kind AND is_default AND id <> :self', { customerId, kind, self: current?.id ?? 0 })
        .execute();
    }
    if (!current || makeDefault !== current.is_default) values.is_default = makeDefault;
    return values;
  }
}

function findCustomer(m: EntityManager, key: string, lock: boolean): Promise<Customer> {
  return findByKey(m, Customer, key, { alt: null, label: 'Customer', lock });
}

function findAddress(m: EntityManager, customerId: number, key: string, lock: boolean): Promise<CustomerAddress> {
  return findByKey(m, CustomerAddress, key, { alt: null, label: 'Address', lock, where: { customer_id: customerId } });
}
