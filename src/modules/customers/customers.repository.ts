import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { EmbedSelection } from '../../common/embed/embed.js';
import { decodeRows, jsonArraySql, jsonRowDecoder, jsonRowSql } from '../../database/sql/json.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { Table, tableOf } from '../../database/table.js';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { CustomerAddress } from './customer-address.entity.js';
import { CustomerGroup } from './customer-group.entity.js';
import { Customer } from './customer.entity.js';
import { runStatement } from '../../database/sql/statement.js';
import { BillingPlan } from './billing-plans/billing-plan.entity.js';
import { Coupon } from './coupons/coupon.entity.js';

/** A customer group as read queries return it (see jsonRowSql; timestamps decoded by decodeGroup). */
export interface GroupRecord {
  row: CustomerGroup;
  customers_count: number;
}

/** Country and state codes and names are read from the referenced rows (see customer-address.entity.ts). */
export interface Place {
  country_code: string;
  country: string;
  state_code: string | null;
  state: string | null;
}

interface AddressRecord {
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
 * Every statement of customers and their groups (their addresses': CustomerAddressesRepository), and
 * the SQL fragments of the customers module for other modules' one-statement reads (quotes embed their customer and customer groups;
 * the fragments are built once from entity metadata; no input enters them).
 */
@Injectable()
export class CustomersRepository {
  private readonly cache = new Map<string, string>();
  /** `{id}` only. */
  readonly customers: Table<Customer>;
  /** `{id|api_code}`; api codes compare as stored (case-sensitive, on the plain unique index). */
  readonly groups: Table<CustomerGroup>;
  /** A record of groupJsonSql with its timestamps as Dates (in place). */
  readonly decodeGroup: (record: GroupRecord) => GroupRecord;
  /** A record of customerJsonSql with its timestamps as Dates (in place), its embeds too. */
  readonly decodeCustomer: (record: CustomerRecord) => CustomerRecord;
  /** The row of couponByCodeSql with its timestamps as Dates (in place). */
  readonly decodeCoupon: (row: Coupon) => Coupon;

  constructor(private readonly dataSource: DataSource) {
    this.customers = new Table(dataSource, Customer, { alt: null, label: 'Customer' });
    this.groups = new Table(dataSource, CustomerGroup, { alt: 'api_code', label: 'Customer group' });
    const group = jsonRowDecoder(dataSource, CustomerGroup);
    const customer = jsonRowDecoder(dataSource, Customer);
    const address = jsonRowDecoder(dataSource, CustomerAddress);
    const addressRecord = (a: AddressRecord) => address(a.row);
    this.decodeGroup = (g) => {
      group(g.row);
      return g;
    };
    this.decodeCustomer = (c) => {
      customer(c.row);
      if (c.group) this.decodeGroup(c.group);
      decodeRows(c.shipping_addresses, addressRecord);
      decodeRows(c.billing_addresses, addressRecord);
      return c;
    };
    this.decodeCoupon = jsonRowDecoder(dataSource, Coupon);
  }

  /** Groups by id, in id order; unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  groupsByIds(m: EntityManager, ids: number[]): Promise<CustomerGroup[]> {
    return this.groups.whereIn(m, 'id', ids);
  }

  /** How many customers each of these groups has, in one GROUP BY; groups without customers are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async customerCounts(m: EntityManager, groupIds: number[]): Promise<Map<number, number>> {
    if (groupIds.length === 0) return new Map();
    const rows = await m
      .getRepository(Customer)
      .createQueryBuilder('c')
      .select('c.customer_group_id', 'group_id')
      .addSelect('COUNT(*)::int', 'count')
      .where('c.customer_group_id IN (:...ids)', { ids: groupIds })
      .groupBy('c.customer_group_id')
      .getRawMany<{ group_id: number; count: number }>();
    return new Map(rows.map((r) => [r.group_id, r.count]));
  }

  /** E-mail addresses of every customer in these groups, in customer id order. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async customerEmailsOfGroups(m: EntityManager, groupIds: number[]): Promise<string[]> {
    if (groupIds.length === 0) return [];
    const rows = await m
      .getRepository(Customer)
      .createQueryBuilder('c')
      .select('c.email', 'email')
      .where('c.customer_group_id IN (:...ids)', { ids: [...new Set(groupIds)] })
      .orderBy('c.id', 'ASC')
      .getRawMany<{ email: string }>();
    return rows.map((r) => r.email);
  }

  /** Moves the `updated_at` of these customers (their addresses changed), in one statement; answers them as they now are. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async touchCustomers(m: EntityManager, ids: number[]): Promise<Customer[]> {
    if (ids.length === 0) return [];
    const rows = await runStatement<Customer>(
      m,
      `UPDATE ${this.customers.sqlName} SET updated_at = now() WHERE id = ANY($1::int[]) RETURNING *`,
      [ids],
    );
    return rows.map((row) => m.create(Customer, row));
  }

  /** A customer group row aliased `alias` with its customers_count. */
  @GenerateSql({ args: ['g'] })
  groupJsonSql(alias: string): string {
    return this.cached(`group|${alias}`, () => {
      const count = `(SELECT count(*)::int FROM ${tableOf(this.dataSource, Customer)} cc WHERE cc.customer_group_id = ${alias}.id)`;
      return `json_build_object('row', ${jsonRowSql(this.dataSource, CustomerGroup, alias)}, 'customers_count', ${count})`;
    });
  }

  /** A customer row aliased `alias` with the embeds of `embed` (group, shipping_addresses, billing_addresses). */
  @GenerateSql(
    { name: 'row only', args: ['c', {}] },
    { name: 'every embed', args: ['c', { group: {}, shipping_addresses: {}, billing_addresses: {} }] },
  )
  customerJsonSql(alias: string, embed: EmbedSelection): string {
    const names = ['group', 'shipping_addresses', 'billing_addresses'].filter((n) => embed[n]);
    return this.cached(`customer|${alias}|${names.join(',')}`, () => {
      const fields = [`'row', ${jsonRowSql(this.dataSource, Customer, alias)}`];
      if (embed.group) {
        fields.push(
          `'group', (SELECT ${this.groupJsonSql('g')} FROM ${tableOf(this.dataSource, CustomerGroup)} g WHERE g.id = ${alias}.customer_group_id)`,
        );
      }
      for (const kind of ['shipping', 'billing']) {
        if (!embed[`${kind}_addresses`]) continue;
        const address = `json_build_object('row', ${jsonRowSql(this.dataSource, CustomerAddress, 'a')},
            'place', json_build_object('country_code', co.code, 'country', co.name, 'state_code', st.code, 'state', st.name))`;
        fields.push(`'${kind}_addresses', (SELECT ${jsonArraySql(address, 'a.id')}
            FROM ${tableOf(this.dataSource, CustomerAddress)} a JOIN ${tableOf(this.dataSource, Country)} co ON co.id = a.country_id
            LEFT JOIN ${tableOf(this.dataSource, State)} st ON st.id = a.state_id
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

  /**
   * The customer whose id `idSql` gives (an `int` expression of the caller's statement) as pricing
   * sees it: id, email, group, the group's tax exemption and the place of its default shipping
   * address (null without one); null when there is no such customer. A fragment for quotes.
   */
  @GenerateSql({ args: ['$1::int'] })
  pricingCustomerSql(idSql: string): string {
    const t = (e: Function) => tableOf(this.dataSource, e);
    return `(SELECT json_build_object('id', c.id, 'email', c.email, 'group_id', c.customer_group_id,
        'tax_exempt', COALESCE(g.is_tax_exempt, false),
        'address', (SELECT json_build_object('country_code', co.code, 'state_code', st.code, 'postal_code', a.postal_code, 'city', a.city)
                      FROM ${t(CustomerAddress)} a JOIN ${t(Country)} co ON co.id = a.country_id LEFT JOIN ${t(State)} st ON st.id = a.state_id
                     WHERE a.customer_id = c.id AND a.kind = 'shipping' AND a.is_default LIMIT 1))
      FROM ${t(Customer)} c LEFT JOIN ${t(CustomerGroup)} g ON g.id = c.customer_group_id WHERE c.id = ${idSql})`;
  }

  /** Which of the billing plan ids `idsSql` gives (an `int[]` expression) exist, as a JSON array (null when none). A fragment. */
  @GenerateSql({ args: ['$1::int[]'] })
  billingPlanIdsSql(idsSql: string): string {
    return `(SELECT json_agg(b.id) FROM ${tableOf(this.dataSource, BillingPlan)} b WHERE b.id = ANY(${idsSql}))`;
  }

  /** The coupon whose code `codeSql` gives (a `text` expression), in any case (its stored `code_key`), as a JSON row; null when none. A fragment. */
  @GenerateSql({ args: ['$1::text'] })
  couponByCodeSql(codeSql: string): string {
    return `(SELECT ${jsonRowSql(this.dataSource, Coupon, 'cp')} FROM ${tableOf(this.dataSource, Coupon)} cp WHERE cp.code_key = lower(${codeSql}) LIMIT 1)`;
  }

  /** The customer groups whose api_code is among `codesSql` (a `text[]` expression), as a JSON array of `{id, api_code}` (null when none). A fragment. */
  @GenerateSql({ args: ['$1::text[]'] })
  groupsByApiCodeSql(codesSql: string): string {
    return `(SELECT json_agg(json_build_object('id', cg.id, 'api_code', cg.api_code)) FROM ${tableOf(this.dataSource, CustomerGroup)} cg
        WHERE cg.api_code = ANY(${codesSql}))`;
  }

  /** A customer's e-mail address; null when there is no such customer. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async emailOf(m: EntityManager, customerId: number): Promise<string | null> {
    const [row] = await runStatement<{ email: string }>(m, `SELECT c.email FROM ${tableOf(this.dataSource, Customer)} c WHERE c.id = $1`, [
      customerId,
    ]);
    return row?.email ?? null;
  }

  /** The id of the customer whose e-mail is `email` (in any case: its stored `email_key`, on UQ_customers_email); null when none. */
  @GenerateSql({ args: [SqlArg.manager, 'ada@example.com'] })
  async idByEmail(m: EntityManager, email: string): Promise<number | null> {
    const [row] = await runStatement<{ id: number }>(
      m,
      `SELECT c.id FROM ${tableOf(this.dataSource, Customer)} c WHERE c.email_key = lower($1) LIMIT 1`,
      [email],
    );
    return row?.id ?? null;
  }

  /** Whether a customer exists. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async customerExists(m: EntityManager, id: number): Promise<boolean> {
    const rows = await runStatement(m, `SELECT 1 FROM ${tableOf(this.dataSource, Customer)} c WHERE c.id = $1`, [id]);
    return rows.length > 0;
  }

  /** A customer by id (another module's reference); null when there is none. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  customerById(m: EntityManager, id: number): Promise<Customer | null> {
    return m.getRepository(Customer).findOneBy({ id });
  }

  /** Customers by id (another module's embeds); unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  customersByIds(m: EntityManager, ids: number[]): Promise<Customer[]> {
    return m.getRepository(Customer).find({ where: { id: In(ids) } });
  }

  /** The group whose prices apply to the customer, or null (no group, or no such customer). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async groupIdOf(m: EntityManager, customerId: number): Promise<number | null> {
    const row = await m.getRepository(Customer).findOne({ select: { id: true, customer_group_id: true }, where: { id: customerId } });
    return row?.customer_group_id ?? null;
  }

  @GenerateSql({ args: [SqlArg.manager, 1] })
  groupExists(m: EntityManager, id: number): Promise<boolean> {
    return m.getRepository(CustomerGroup).existsBy({ id });
  }

  /** Which of `ids` are customer groups, in one statement (a batch's references); none for an empty list. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async existingGroupIds(m: EntityManager, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await runStatement<{ id: number }>(
      m,
      `SELECT id FROM ${tableOf(this.dataSource, CustomerGroup)} WHERE id = ANY($1::int[])`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  }
}
