import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../database/transaction.js';
import { CrudResource } from '../../common/crud/crud-resource.js';
import type { CustomerGroup } from './customer-group.entity.js';
import { type GroupJson, presentGroup } from './customers.presenter.js';
import { CustomersRepository } from './customers.repository.js';
import type { CustomerGroupCreate, CustomerGroupPatch } from './dto/customer-group.input.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { CUSTOMER_GROUP_LIST } from './customers.lists.js';

@Injectable()
export class CustomerGroupsService {
  private readonly crud: CrudResource<CustomerGroup, GroupJson>;

  constructor(
    tx: TransactionRunner,
    private readonly repository: CustomersRepository,
    recorder: EventRecorder,
  ) {
    this.crud = new CrudResource(tx, {
      events: recorder.for('customergroup'),
      table: repository.groups,
      createByKey: true,
      list: CUSTOMER_GROUP_LIST,
      present: (m, rows) => this.presentGroups(m, rows),
    });
  }

  /** Whether a group exists (a reference another module checks). */
  exists(m: EntityManager, id: number): Promise<boolean> {
    return this.repository.groupExists(m, id);
  }

  /** Which of `ids` are groups, in one statement whatever their number (a batch's references). */
  existingIds(m: EntityManager, ids: number[]): Promise<Set<number>> {
    return this.repository.existingGroupIds(m, ids);
  }

  list(query: ListQuery) {
    return this.crud.list(query);
  }

  get(key: string, query: ItemQuery) {
    return this.crud.get(key, query);
  }

  create(input: CustomerGroupCreate) {
    return this.crud.create(input);
  }

  update(key: string, input: CustomerGroupPatch) {
    return this.crud.update(key, input);
  }

  /** PUT: the group becomes the body; an `api_code` nothing has creates it (201). */
  replace(key: string, input: CustomerGroupCreate) {
    return this.crud.replace(key, input);
  }

  /** The batch PUT: each member upserted by its key as its item PUT would be, in one transaction. */
  upsertMany(inputs: CustomerGroupCreate[]) {
    return this.crud.upsertMany(inputs);
  }

  /** A step of an export (docs/api.md#bulk-import-and-export): the next groups after id `afterId` as GET shows them, in id order. */
  exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return this.crud.exportPage(m, afterId, limit, updatedMin);
  }

  /** A group that still has customers is refused with 409 by customers.customer_group_id (RESTRICT). */
  remove(key: string) {
    return this.crud.remove(key);
  }

  /** Group JSON (with customers_count) by id, in two statements for any number of ids. */
  async groupViews(m: EntityManager, ids: number[]): Promise<Map<number, GroupJson>> {
    if (ids.length === 0) return new Map();
    const rows = await this.repository.groupsByIds(m, ids);
    return new Map((await this.presentGroups(m, rows)).map((g) => [g.id, g]));
  }

  /** E-mail addresses of every customer in these groups, by customer id (duplicates across case are left to the caller). */
  customerEmailsOfGroups(m: EntityManager, groupIds: number[]): Promise<string[]> {
    return this.repository.customerEmailsOfGroups(m, groupIds);
  }

  /** customers_count for the whole page in one GROUP BY. */
  private async presentGroups(m: EntityManager, groups: CustomerGroup[]): Promise<GroupJson[]> {
    if (groups.length === 0) return [];
    const counts = await this.repository.customerCounts(
      m,
      groups.map((g) => g.id),
    );
    return groups.map((g) => presentGroup(g, counts.get(g.id) ?? 0));
  }
}
