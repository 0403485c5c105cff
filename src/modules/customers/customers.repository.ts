import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EmbedSelection } from '../../common/embed/embed.js';
import { jsonArraySql, jsonRowSql } from '../../database/sql/json.js';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { CustomerAddress } from './customer-address.entity.js';
import { CustomerGroup } from './customer-group.entity.js';
import { Customer } from './customer.entity.js';
import type { Place } from './customers.presenter.js';

/** A customer group as read queries return it (see jsonRowSql). */
export interface GroupRecord {
  row: CustomerGroup;
  customers_count: number;
}

export interface AddressRecord {
  row: CustomerAddress;
  place: Place;
}

/** A customer with the embeds asked for. */
export interface CustomerRecord {
  row: Customer;
  group?: GroupRecord | null;
  shipping_addresses?: AddressRecord[];
  billing_addresses?: AddressRecord[];
}

/**
 * SQL fragments of the customers module for other modules' one-statement reads (quotes embed
 * their customer and customer groups). Built once from entity metadata; no input enters them.
 */
@Injectable()
export class CustomersRepository {
  private readonly cache = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  private table(e: Function): string {
    return `"${this.dataSource.getMetadata(e).tableName}"`;
  }

  /** A customer group row aliased `alias` with its customers_count. */
  groupJsonSql(alias: string): string {
    return this.cached(`group|${alias}`, () => {
      const count = `(SELECT count(*)::int FROM ${this.table(Customer)} cc WHERE cc.customer_group_id = ${alias}.id)`;
      return `json_build_object('row', ${jsonRowSql(this.dataSource, CustomerGroup, alias)}, 'customers_count', ${count})`;
    });
  }

  /** A customer row aliased `alias` with the embeds of `embed` (group, shipping_addresses, billing_addresses). */
  customerJsonSql(alias: string, embed: EmbedSelection): string {
    const names = ['group', 'shipping_addresses', 'billing_addresses'].filter((n) => embed[n]);
    return this.cached(`customer|${alias}|${names.join(',')}`, () => {
      const fields = [`'row', ${jsonRowSql(this.dataSource, Customer, alias)}`];
      if (embed.group) {
        fields.push(
          `'group', (SELECT ${this.groupJsonSql('g')} FROM ${this.table(CustomerGroup)} g WHERE g.id = ${alias}.customer_group_id)`,
        );
      }
      for (const kind of ['shipping', 'billing']) {
        if (!embed[`${kind}_addresses`]) continue;
        const address = `json_build_object('row', ${jsonRowSql(this.dataSource, CustomerAddress, 'a')},
            'place', json_build_object('country_code', co.code, 'country', co.name, 'state_code', st.code, 'state', st.name))`;
        fields.push(`'${kind}_addresses', (SELECT ${jsonArraySql(address, 'a.id')}
            FROM ${this.table(CustomerAddress)} a JOIN ${this.table(Country)} co ON co.id = a.country_id
            LEFT JOIN ${this.table(State)} st ON st.id = a.state_id
           WHERE a.customer_id = ${alias}.id AND a.kind = '${kind}')`);
      }
      return `json_build_object(${fields.join(', ')})`;
    });
  }

  private cached(key: string, build: () => string): string {
    let sql = this.cache.get(key);
    if (sql === undefined) {
      sql = build();
      this.cache.set(key, sql);
    }
    return sql;
  }
}
