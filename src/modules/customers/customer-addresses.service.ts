import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { changesOf } from '../../common/crud/changes.js';
import { planSync } from '../../common/crud/domain/set-sync.js';
import { writeSyncPlan } from '../../common/crud/set-sync.writer.js';
import { groupBy, parseEmbed } from '../../common/embed/embed.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type ChangeEvent, EventRecorder } from '../webhooks/event-recorder.service.js';
import type { Country } from '../geography/country.entity.js';
import { PlacesService } from '../geography/places.service.js';
import type { CustomerAddress } from './customer-address.entity.js';
import { ADDRESS_KINDS, type AddressKind, matchByKindAndPosition } from './domain/address-kinds.js';
import type { Customer } from './customer.entity.js';
import { type AddressJson, presentAddress } from './customers.presenter.js';
import { CustomerAddressesRepository } from './customer-addresses.repository.js';
import { CustomersRepository } from './customers.repository.js';
import { resolveIsDefault } from './domain/default-address.js';
import { AddressCreate, type AddressListQuery, type AddressPatch } from './dto/address.input.js';
import { asReplacement, replacementValues, writableFieldsOf } from '../../common/crud/replacement.js';
import { ADDRESS_LIST } from './customers.lists.js';

/** Every field an address's PUT writes (a customer's `addresses` are replaced with all of them). */
const ADDRESS_FIELDS = writableFieldsOf(AddressCreate);

/**
 * Addresses of a customer (`/customer/{id}/addresses`). Country and state names are read, never
 * stored. A write that changes a customer's addresses moves the customer's `updated_at` (its export
 * line carries them), whatever the door: these routes, or the customer's PUT with `addresses` (replaceIn).
 */
@Injectable()
export class CustomerAddressesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: CustomersRepository,
    private readonly addresses: CustomerAddressesRepository,
    private readonly places: PlacesService,
    private readonly events: EventRecorder,
  ) {}

  async list(customerKey: string, query: AddressListQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const customer = await this.findCustomer(m, customerKey, false);
    const req = pageRequest(query, ADDRESS_LIST.sortable);
    const where = query.kind ? { customer_id: customer.id, kind: query.kind } : { customer_id: customer.id };
    return toPage(req, await this.addresses.table.page(m, req, { where }), (rows) => this.present(m, rows));
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
      const row = await this.addresses.table.insert(m, { ...values, customer_id: customer.id });
      await this.repository.touchCustomers(m, [customer.id]);
      return this.recorded(m, cleared, 'created', row);
    });
  }

  update(customerKey: string, addressKey: string, input: AddressPatch) {
    return this.tx.run(async (m) => {
      const customer = await this.findCustomer(m, customerKey, true);
      const current = await this.findAddress(m, customer.id, addressKey, true);
      assertIfMatch(await this.presentOne(m, current));
      const { values, cleared } = await this.checked(m, customer.id, changesOf(input), current);
      const { row, changed } = await this.addresses.table.change(m, current, values);
      // A PATCH that changes nothing changes nothing: not updated_at, not the ETag, no event.
      if (!changed && cleared.length === 0) return (await this.present(m, [row]))[0];
      await this.repository.touchCustomers(m, [customer.id]);
      return this.recorded(m, cleared, 'updated', row);
    });
  }

  /** PUT: the address becomes the body, under PATCH's rules (a default of its kind stays the only one). */
  replace(customerKey: string, addressKey: string, input: AddressCreate) {
    return this.update(customerKey, addressKey, asReplacement(input, this.addresses.table.columnDefaults()));
  }

  /** Deleting the default leaves the kind without one until another is made default (or a new one is added). */
  remove(customerKey: string, addressKey: string) {
    return this.tx.run(async (m) => {
      const customer = await this.findCustomer(m, customerKey, true);
      const current = await this.findAddress(m, customer.id, addressKey, true);
      const presented = await this.presentOne(m, current);
      assertIfMatch(presented);
      await this.addresses.table.delete(m, current.id);
      await this.repository.touchCustomers(m, [customer.id]);
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

  /**
   * The addresses of several customers at once become the lists given (a customer's PUT, item or
   * batch, and an import line with `addresses`; the customers locked by the caller, in its
   * transaction). Addresses have no key a client sets, so they are matched by kind and position:
   * the k-th shipping address given replaces the customer's k-th shipping address in id order
   * (keeping its id), likewise billing; further ones are created, unmatched stored ones deleted.
   * Each address is placed as the address routes place it; at most one of a kind says
   * `is_default: 1` (a second → 422 on its `is_default`), and when none does the first of the kind
   * that leaves it out is the default, as a new address is when its kind has none (resolveIsDefault).
   * A refusal is named by `field` (its list, the address's index in it, the field). In sets,
   * whatever the number of customers: one read of their addresses, the places (two statements), one
   * DELETE, one UPDATE of the addresses whose values differ, one INSERT, their presentation (two),
   * one statement of `customer.address.*` events. Answers, per list, whether its addresses changed;
   * moving the customers' `updated_at` is the caller's.
   */
  async replaceIn(
    m: EntityManager,
    lists: { customerId: number; inputs: AddressCreate[] }[],
    field: (list: number, index: number, name: string) => string,
  ): Promise<{ changed: boolean }[]> {
    const stored = await this.addresses.addressesOf(
      m,
      lists.map((l) => l.customerId),
      [...ADDRESS_KINDS],
    );
    const storedOf = groupBy(stored, (a) => a.customer_id);
    const defaults = this.addresses.table.columnDefaults();
    const given = lists.flatMap(({ inputs }) =>
      inputs.map((input, index) => ({ index, input: replacementValues(input, ADDRESS_FIELDS, defaults) as AddressCreate })),
    );
    const places = await this.placed(
      m,
      given.map(({ input }) => ({ input, current: null })),
    );
    const bag = new FieldErrorBag();
    let at = 0;
    const owners = lists.map(({ customerId, inputs }, list) => {
      const members = given.slice(at, at + inputs.length).map((g, i) => ({ ...g, place: places[at + i] }));
      at += inputs.length;
      const taken = new Map<AddressKind, boolean>();
      for (const kind of ADDRESS_KINDS) {
        const marked = members.filter((g) => g.input.kind === kind && inputs[g.index].is_default === true);
        for (const g of marked.slice(1)) {
          bag.add(field(list, g.index, 'is_default'), `is 1 on address ${marked[0].index} too: one ${kind} address is the default`);
        }
        taken.set(kind, marked.length > 0);
      }
      // In the order given (new addresses get their ids in it): the first of a kind without is_default
      // is its default when none says is_default: 1.
      const sent = members.map(({ index, input, place }) => {
        const kind = input.kind!;
        for (const [name, messages] of Object.entries(place.errors.errors))
          for (const msg of messages) bag.add(field(list, index, name), msg);
        const requested = inputs[index].is_default;
        const isDefault = resolveIsDefault({ requested, current: null, kind, kindHasOtherDefault: taken.get(kind)! && requested !== true });
        if (isDefault) taken.set(kind, true);
        const { country_code: _c, state_code: _s, ...rest } = input;
        return { kind, values: { ...(rest as Partial<CustomerAddress>), state_id: null, ...place.values, is_default: isDefault } };
      });
      return { owner: customerId, id: customerId, sent, stored: storedOf.get(customerId) ?? [] };
    });
    bag.throwIfAny();
    const plan = planSync(owners, {
      match: matchByKindAndPosition,
      values: (member) => ({ ...member.values }),
      ownerColumn: 'customer_id',
    });
    const { changes } = await writeSyncPlan(m, this.addresses.table, plan);
    const presented = await this.present(
      m,
      changes.map(({ row }) => row),
    );
    if (presented.length)
      await this.events.record(
        m,
        presented.map((a, i) => this.event(changes[i].action, a)),
      );
    const touched = new Set(changes.map(({ row }) => row.customer_id));
    return lists.map(({ customerId }) => ({ changed: touched.has(customerId) }));
  }

  /** Every address of these customers of the given kinds, presented, in three statements. */
  async addressesOf(m: EntityManager, customerIds: number[], kinds: AddressKind[]): Promise<AddressJson[]> {
    return this.present(m, await this.addresses.addressesOf(m, customerIds, kinds));
  }

  /** Countries and states for the whole page: one statement each. */
  async present(m: EntityManager, rows: CustomerAddress[]): Promise<AddressJson[]> {
    if (rows.length === 0) return [];
    const stateIds = rows.map((r) => r.state_id).filter((id): id is number => id !== null);
    const [countries, states] = await Promise.all([
      this.places.countriesByIds(
        m,
        rows.map((r) => r.country_id),
      ),
      this.places.statesByIds(m, stateIds),
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
   * The address as it will be stored: its place (placed) and the default flag decided, clearing
   * the customer's other default of that kind.
   */
  private async checked(
    m: EntityManager,
    customerId: number,
    input: Partial<AddressPatch>,
    current: CustomerAddress | null,
  ): Promise<{ values: Partial<CustomerAddress>; cleared: CustomerAddress[] }> {
    const { country_code: _c, state_code: _s, is_default, ...rest } = input;
    const [place] = await this.placed(m, [{ input, current }]);
    place.errors.throwIfAny();
    const values: Partial<CustomerAddress> = { ...(rest as Partial<CustomerAddress>), ...place.values };

    const kind = input.kind ?? current!.kind;
    const self = current?.id ?? 0;
    const otherDefault = await this.addresses.hasOtherDefault(m, customerId, kind, self);
    const makeDefault = resolveIsDefault({ requested: is_default, current, kind, kindHasOtherDefault: otherDefault });
    const cleared = makeDefault && otherDefault ? await this.addresses.clearOtherDefaults(m, customerId, kind, self) : [];
    if (!current || makeDefault !== current.is_default) values.is_default = makeDefault;
    return { values, cleared };
  }

  /**
   * Where addresses will be, as stored: `country_code` and `state_code` resolved to the country and
   * state rows (the state must be one of the resulting country, also when only the country
   * changes: a kept state is then refused), each address's refusals in its own bag (`country_code`,
   * `state_code`). The one rule of every door (an address route, a customer's PUT with `addresses`),
   * in at most three statements whatever the number of addresses.
   */
  private async placed(
    m: EntityManager,
    items: { input: Partial<AddressPatch>; current: CustomerAddress | null }[],
  ): Promise<{ values: Partial<CustomerAddress>; errors: FieldErrorBag }[]> {
    const byCode = new Map(
      (
        await this.places.countriesByCodes(
          m,
          items.flatMap(({ input }) => (input.country_code === undefined ? [] : [input.country_code])),
        )
      ).map((c) => [c.code, c]),
    );
    // A state named without a country is looked for in the country the address already has.
    const keptIds = items.flatMap(({ input, current }) =>
      input.country_code === undefined && typeof input.state_code === 'string' ? [current!.country_id] : [],
    );
    const byId = new Map((await this.places.countriesByIds(m, keptIds)).map((c) => [c.id, c]));
    const placed = items.map(({ input, current }) => {
      const values: Partial<CustomerAddress> = {};
      const errors = new FieldErrorBag();
      let country: Country | null = null;
      if (input.country_code !== undefined) {
        country = byCode.get(input.country_code) ?? null;
        if (country) values.country_id = country.id;
        else errors.add('country_code', 'does not exist');
      }
      if (input.state_code === null) values.state_id = null;
      else if (errors.empty && typeof input.state_code === 'string') country ??= byId.get(current!.country_id)!;
      else if (errors.empty && country && current?.state_id != null && country.id !== current.country_id) {
        errors.add('state_code', `is not a state of ${country.code}`);
      }
      const lookup =
        errors.empty && typeof input.state_code === 'string' && country ? { countryId: country.id, code: input.state_code } : null;
      return { values, errors, country, lookup };
    });
    const states = await this.places.statesByCodes(
      m,
      placed.flatMap((p) => (p.lookup ? [p.lookup] : [])),
    );
    const stateOf = new Map(states.map((st) => [`${st.country_id}:${st.code}`, st]));
    return placed.map(({ values, errors, country, lookup }) => {
      if (lookup) {
        const state = stateOf.get(`${lookup.countryId}:${lookup.code}`);
        if (state) values.state_id = state.id;
        else errors.add('state_code', `is not a state of ${country!.code}`);
      }
      return { values, errors };
    });
  }

  private findCustomer(m: EntityManager, key: string, lock: boolean): Promise<Customer> {
    return this.repository.customers.find(m, key, { lock });
  }

  private findAddress(m: EntityManager, customerId: number, key: string, lock: boolean): Promise<CustomerAddress> {
    return this.addresses.table.find(m, key, { lock, where: { customer_id: customerId } });
  }
}
