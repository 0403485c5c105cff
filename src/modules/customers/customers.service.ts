import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EmbedSelection, groupBy } from '../../common/embed/embed.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../database/transaction.js';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { ADDRESS_KINDS, type AddressKind } from './domain/address-kinds.js';
import { CustomerAddressesService } from './customer-addresses.service.js';
import { CustomerGroupsService } from './customer-groups.service.js';
import type { Customer } from './customer.entity.js';
import { type CustomerEmbeds, type CustomerJson, presentCustomer } from './customers.presenter.js';
import { CustomersRepository } from './customers.repository.js';
import type { CustomerCreate, CustomerPatch, CustomerPut } from './dto/customer.input.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { CUSTOMER_LIST } from './customers.lists.js';

@Injectable()
export class CustomersService {
  private readonly crud: CrudResource<Customer, CustomerJson>;

  constructor(
    tx: TransactionRunner,
    private readonly repository: CustomersRepository,
    private readonly groups: CustomerGroupsService,
    private readonly addresses: CustomerAddressesService,
    recorder: EventRecorder,
  ) {
    this.crud = new CrudResource(tx, {
      events: recorder.for('customer'),
      table: repository.customers,
      list: CUSTOMER_LIST,
      present: (m, rows, embed) => this.presentCustomers(m, rows, embed),
      parts: {
        fields: ['addresses'],
        write: async (m, members, field) => {
          const sending = members.flatMap(({ row, input }, member) => {
            const list = (input as CustomerPut).addresses;
            return list ? [{ customerId: row.id, inputs: list, member }] : [];
          });
          if (sending.length === 0) return [];
          const written = await addresses.replaceIn(m, sending, (list, index, name) =>
            field(sending[list].member, `addresses.${index}.${name}`),
          );
          // A customer whose addresses changed changed: its updated_at moves (docs/api.md#export-snapshot).
          return repository.touchCustomers(
            m,
            sending.filter((_, i) => written[i].changed).map((s) => s.customerId),
          );
        },
      },
    });
  }

  /** A customer by id (a reference another module reads); null when there is none. */
  find(m: EntityManager, id: number): Promise<Customer | null> {
    return this.repository.customerById(m, id);
  }

  /** Customers by id (another module's embeds); unknown ids are absent. */
  byIds(m: EntityManager, ids: number[]): Promise<Customer[]> {
    return this.repository.customersByIds(m, ids);
  }

  /** The group whose prices apply to the customer, or null (no group, or no such customer). */
  groupOf(m: EntityManager, customerId: number): Promise<number | null> {
    return this.repository.groupIdOf(m, customerId);
  }

  /** Whether a customer exists (a reference another module checks). */
  exists(m: EntityManager, id: number): Promise<boolean> {
    return this.repository.customerExists(m, id);
  }

  /** The customer whose e-mail is `email`, compared in any case; null when none. */
  idByEmail(m: EntityManager, email: string): Promise<number | null> {
    return this.repository.idByEmail(m, email);
  }

  list(query: ListQuery) {
    return this.crud.list(query);
  }

  get(id: string, query: ItemQuery) {
    return this.crud.get(id, query);
  }

  /** A duplicate e-mail (in any case) is 422 by UQ_customers_email; an unknown group 422 by the foreign key. */
  create(input: CustomerCreate) {
    return this.crud.create(input);
  }

  update(id: string, input: CustomerPatch) {
    return this.crud.update(id, input);
  }

  /** PUT: the customer becomes the body (a duplicate e-mail is 422 as on create); with `addresses`, its addresses become them (replaceIn). */
  replace(id: string, input: CustomerPut, query: ItemQuery) {
    return this.crud.replace(id, input, query);
  }

  /** PUT /customers: each member upserted by e-mail (any case) as its item PUT would be (its `addresses` too), in one transaction. */
  upsertMany(inputs: CustomerPut[]) {
    return this.crud.upsertMany(inputs, { column: 'email', fold: 'lower' });
  }

  /**
   * A step of an export (docs/api.md#bulk-import-and-export): the next customers after id `afterId` as GET shows them,
   * in id order, each with all its addresses in id order (one statement for the page's addresses, and their places).
   */
  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    const views = await this.crud.exportPage(m, afterId, limit, updatedMin);
    const addresses = groupBy(
      await this.addresses.addressesOf(
        m,
        views.map((c) => c.id),
        [...ADDRESS_KINDS],
      ),
      (a) => a.customer_id,
    );
    return views.map((c) => ({ ...c, addresses: addresses.get(c.id) ?? [] }));
  }

  /** Addresses go with the customer (CASCADE); a customer on a quote or subscription is a 409 (RESTRICT). */
  remove(id: string) {
    return this.crud.remove(id);
  }

  /**
   * Customers by id as GET /customer/{id} shows them, with the embeds of `embed` (what another
   * resource embeds as `customer`), in a fixed number of statements whatever the count.
   */
  async customerViews(m: EntityManager, ids: number[], embed: EmbedSelection = {}): Promise<Map<number, CustomerJson>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.repository.customers.whereIn(m, 'id', unique);
    const views = await this.presentCustomers(m, rows, embed);
    return new Map(views.map((c) => [c.id, c]));
  }

  /** One statement per embedded relation for the whole page (groups: two, with customers_count; addresses: three, with places). */
  private async presentCustomers(m: EntityManager, rows: Customer[], embed: EmbedSelection): Promise<CustomerJson[]> {
    const groups = embed.group
      ? await this.groups.groupViews(
          m,
          rows.map((c) => c.customer_group_id).filter((id): id is number => id !== null),
        )
      : null;
    const kinds = (['shipping', 'billing'] as AddressKind[]).filter((k) => embed[`${k}_addresses`]);
    const addresses = groupBy(
      await this.addresses.addressesOf(
        m,
        rows.map((c) => c.id),
        kinds,
      ),
      (a) => `${a.customer_id}:${a.kind}`,
    );
    return rows.map((c) => {
      const embeds: CustomerEmbeds = {};
      if (groups) embeds.group = c.customer_group_id === null ? null : (groups.get(c.customer_group_id) ?? null);
      if (embed.shipping_addresses) embeds.shipping_addresses = addresses.get(`${c.id}:shipping`) ?? [];
      if (embed.billing_addresses) embeds.billing_addresses = addresses.get(`${c.id}:billing`) ?? [];
      return presentCustomer(c, embeds);
    });
  }
}
