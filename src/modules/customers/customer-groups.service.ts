import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { CustomerGroup } from './customer-group.entity.js';
import { Customer } from './customer.entity.js';
import { type GroupJson, presentGroup } from './customers.presenter.js';
import type { CustomerGroupCreate, CustomerGroupPatch } from './dto/customer-group.input.js';

const unique = <T>(values: T[]) => [...new Set(values)];

@Injectable()
export class CustomerGroupsService {
  private readonly crud: CrudResource<CustomerGroup, GroupJson>;

  constructor(dataSource: DataSource, tx: TransactionRunner) {
    this.crud = new CrudResource(dataSource, tx, {
      entity: CustomerGroup,
      lookup: { alt: 'api_code', label: 'Customer group' },
      sort: sortableColumns('id', 'name', 'api_code', 'created_at'),
      present: (m, rows) => this.presentGroups(m, rows),
    });
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

  /** A group that still has customers is refused with 409 by customers.customer_group_id (RESTRICT). */
  remove(key: string) {
    return this.crud.remove(key);
  }

  /** Group JSON (with customers_count) by id, in two queries for any number of ids. */
  async groupViews(m: EntityManager, ids: number[]): Promise<Map<number, GroupJson>> {
    if (ids.length === 0) return new Map();
    const rows = await m.getRepository(CustomerGroup).find({ where: { id: In(unique(ids)) }, order: { id: 'ASC' } });
    return new Map((await this.presentGroups(m, rows)).map((g) => [g.id, g]));
  }

  /** Groups with exactly these api_codes (case-sensitive, as the unique index); unknown codes are simply absent. */
  findByApiCodes(m: EntityManager, codes: string[]): Promise<CustomerGroup[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return m.getRepository(CustomerGroup).find({ where: { api_code: In(unique(codes)) }, order: { id: 'ASC' } });
  }

  /** E-mail addresses of every customer in these groups, by customer id (duplicates across case are left to the caller). */
  async customerEmailsOfGroups(m: EntityManager, groupIds: number[]): Promise<string[]> {
    if (groupIds.length === 0) return [];
    const rows = await m
      .getRepository(Customer)
      .createQueryBuilder('c')
      .select('c.email', 'email')
      .where('c.customer_group_id IN (:...ids)', { ids: unique(groupIds) })
      .orderBy('c.id', 'ASC')
      .getRawMany<{ email: string }>();
    return rows.map((r) => r.email);
  }

  /** customers_count for the whole page in one GROUP BY. */
  private async presentGroups(m: EntityManager, groups: CustomerGroup[]): Promise<GroupJson[]> {
    if (groups.length === 0) return [];
    const counts = await m
      .getRepository(Customer)
      .createQueryBuilder('c')
      .select('c.customer_group_id', 'group_id')
      .addSelect('COUNT(*)::int', 'count')
      .where('c.customer_group_id IN (:...ids)', { ids: groups.map((g) => g.id) })
      .groupBy('c.customer_group_id')
      .getRawMany<{ group_id: number; count: number }>();
    const byGroup = new Map(counts.map((r) => [r.group_id, r.count]));
    return groups.map((g) => presentGroup(g, byGroup.get(g.id) ?? 0));
  }
}
