import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { changesOf } from '../../common/crud/changes.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type ChangeEvent, EventRecorder } from '../webhooks/event-recorder.service.js';
import type { Country } from '../geography/country.entity.js';
import type { AddressKind, CustomerAddress } from './customer-address.entity.js';
import type { Customer } from './customer.entity.js';
import { type AddressJson, presentAddress } from './customers.presenter.js';
import { CustomersRepository } from './customers.repository.js';
import { resolveIsDefault } from './domain/default-address.js';
import type { AddressCreate, AddressListQuery, AddressPatch } from './dto/address.input.js';
import { asReplacement } from '../../common/crud/replacement.js';
import { ADDRESS_LIST } from './customers.lists.js';

/** Addresses of a customer (`/customer/{id}/addresses`). Country and state names are read, never stored. */
@Injectable()
export class CustomerAddressesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: CustomersRepository,
    private readonly events: EventRecorder,
  ) {}

  async list(customerKey: string, query: AddressListQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const customer = await this.findCustomer(m, customerKey, false);
    const req = pageRequest(query, ADDRESS_LIST.sortable);
    const where = query.kind ? { customer_id: customer.id, kind: query.kind } : { customer_id: customer.id };
    return toPage(req, await this.repository.addresses.page(m, req, { where }), (rows) => this.present(m, rows));
  }

  async get(customerKey: string, addressKey: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const customer = await this.findCustomer(m, customerKey, false);
    return this.presentOne(m, await this.findAddress(m, customer.id, addressKey, false));
  }

  create(customerKey: string, input: AddressCreate) {
    return this.tx.run(async (m) => {
      // The customer's row lock serializes its address writes, so default switching cannot race.
      const customer = await this.findCustomer(m, customerKey, true);
      const { values, cleared } = await this.checked(m, customer.id, changesOf(input), null);
      const row = await this.repository.addresses.insert(m, { ...values, customer_id: customer.id });
      return this.recorded(m, cleared, 'created', row);
    });
  }

  update(customerKey: string, addressKey: string, input: AddressPatch) {
    return this.tx.run(async (m) => {
      const customer = await this.findCustomer(m, customerKey, true);
      const current = await this.findAddress(m, customer.id, addressKey, true);
      assertIfMatch(await this.presentOne(m, current));
      const { values, cleared } = await this.checked(m, customer.id, changesOf(input), current);
      const { row, changed } = await this.repository.addresses.change(m, current, values);
      // A PATCH that changes nothing changes nothing: not updated_at, not the ETag, no event.
      if (!changed && cleared.length === 0) return (await this.present(m, [row]))[0];
      return this.recorded(m, cleared, 'updated', row);
    });
  }

  /** PUT: the address becomes the body, under PATCH's rules (a default of its kind stays the only one). */
  replace(customerKey: string, addressKey: string, input: AddressCreate) {
    return this.update(customerKey, addressKey, asReplacement(input, this.repository.addresses.columnDefaults()));
  }

  /** Deleting the default leaves the kind without one until another is made default (or a new one is added). */
  remove(customerKey: string, addressKey: string) {
    return this.tx.run(async (m) => {
      const customer = await this.findCustomer(m, customerKey, true);
      const current = await this.findAddress(m, customer.id, addressKey, true);
      const presented = await this.presentOne(m, current);
      assertIfMatch(presented);
      await this.repository.addresses.delete(m, current.id);
      await this.events.record(m, this.event('deleted', presented));
      return presented;
    });
  }

  /**
   * The written address presented, with `customer.address.<action>` recorded in the write's
   * transaction; an address that lost the default flag to it (`cleared`) changed too, so its
   * `customer.address.updated` comes first. One presentation for all of them (same statements as one).
   */
  private async recorded(
    m: EntityManager,
    cleared: CustomerAddress[],
    action: 'created' | 'updated',
    row: CustomerAddress,
  ): Promise<AddressJson> {
    const presented = await this.present(m, [...cleared, row]);
    const written = presented[presented.length - 1];
    await this.events.record(m, [...presented.slice(0, -1).map((a) => this.event('updated', a)), this.event(action, written)]);
    return written;
  }

  private event(action: 'created' | 'updated' | 'deleted', address: AddressJson): ChangeEvent {
    return { type: `customer.address.${action}`, resource: 'customer.address', resource_id: address.id, data: address };
  }

  /** Every address of these customers of the given kinds, presented, in three statements. */
  async addressesOf(m: EntityManager, customerIds: number[], kinds: AddressKind[]): Promise<AddressJson[]> {
    return this.present(m, await this.repository.addressesOf(m, customerIds, kinds));
  }

  /** Countries and states for the whole page: one statement each. */
  async present(m: EntityManager, rows: CustomerAddress[]): Promise<AddressJson[]> {
    if (rows.length === 0) return [];
    const stateIds = rows.map((r) => r.state_id).filter((id): id is number => id !== null);
    const [countries, states] = await Promise.all([
      this.repository.countriesByIds(
        m,
        rows.map((r) => r.country_id),
      ),
      this.repository.statesByIds(m, stateIds),
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
  private async checked(
    m: EntityManager,
    customerId: number,
    input: Partial<AddressPatch>,
    current: CustomerAddress | null,
  ): Promise<{ values: Partial<CustomerAddress>; cleared: CustomerAddress[] }> {
    const { country_code, state_code, is_default, ...rest } = input;
    const values: Partial<CustomerAddress> = { ...(rest as Partial<CustomerAddress>) };
    const bag = new FieldErrorBag();

    let country: Country | null = null;
    if (country_code !== undefined) {
      country = await this.repository.countryByCode(m, country_code);
      if (country) values.country_id = country.id;
      else bag.add('country_code', 'does not exist');
    }
    if (state_code === null) {
      values.state_id = null;
    } else if (bag.empty && (state_code !== undefined || country)) {
      // The state must belong to the country the address will have; a kept state is re-checked when only the country changes.
      country ??= await this.repository.countryById(m, current!.country_id);
      if (state_code !== undefined) {
        const state = await this.repository.stateOfCountry(m, country.id, state_code);
        if (state) values.state_id = state.id;
        else bag.add('state_code', `is not a state of ${country.code}`);
      } else if (current?.state_id != null && country.id !== current.country_id) {
        bag.add('state_code', `is not a state of ${country.code}`);
      }
    }
    bag.throwIfAny();

    const kind = input.kind ?? current!.kind;
    const self = current?.id ?? 0;
    const otherDefault = await this.repository.hasOtherDefault(m, customerId, kind, self);
    const makeDefault = resolveIsDefault({ requested: is_default, current, kind, kindHasOtherDefault: otherDefault });
    const cleared = makeDefault && otherDefault ? await this.repository.clearOtherDefaults(m, customerId, kind, self) : [];
    if (!current || makeDefault !== current.is_default) values.is_default = makeDefault;
    return { values, cleared };
  }

  private findCustomer(m: EntityManager, key: string, lock: boolean): Promise<Customer> {
    return this.repository.customers.find(m, key, { lock });
  }

  private findAddress(m: EntityManager, customerId: number, key: string, lock: boolean): Promise<CustomerAddress> {
    return this.repository.addresses.find(m, key, { lock, where: { customer_id: customerId } });
  }
}
