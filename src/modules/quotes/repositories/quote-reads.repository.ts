import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EmbedSelection } from '../../../common/embed/embed.js';
import { keySql } from '../../../database/sql/key-lookup.js';
import type { PageRequest } from '../../../common/paging/page-request.js';
import { decodeRows, jsonArraySql, jsonRowDecoder, jsonRowSql } from '../../../database/sql/json.js';
import { cappedCountSql, orderSql, pageConditionsSql, pageTotal } from '../../../database/sql/page.js';
import { SqlParams } from '../../../database/sql/params.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table, tableOf } from '../../../database/table.js';
import { type ProductRecord, ProductsRepository } from '../../catalog/products/products.repository.js';
import { Product } from '../../catalog/products/product.entity.js';
import { CustomerGroup } from '../../customers/customer-group.entity.js';
import { Customer } from '../../customers/customer.entity.js';
import { type CustomerRecord, CustomersRepository, type GroupRecord } from '../../customers/customers.repository.js';
import { QuoteCustomerGroup } from '../quote-customer-group.entity.js';
import { QuoteItem } from '../quote-item.entity.js';
import { Quote } from '../quote.entity.js';

/** A quote as the read queries return it: its row, items in quote order and customer groups by id (see jsonRowSql). */
interface QuoteRecord {
  row: Quote;
  items: QuoteItem[];
  groups: GroupRecord[];
}

/** Quotes with the products of their items (each once) and, when embedded, their customers. */
export interface QuoteSet {
  quotes: QuoteRecord[];
  products: ProductRecord[];
  customers?: CustomerRecord[];
}

/** Filters of GET /quotes, already checked; timestamps are whole-second bounds. */
export interface QuoteFilter {
  customer_id?: number;
  type?: string;
  status?: string;
}

const EVERY_CUSTOMER_EMBED = { customer: { group: {}, shipping_addresses: {}, billing_addresses: {} } };

/**
 * The quotes module's reads: one quote, or a page of quotes with its capped total, with items, item
 * products, customer groups and the embedded customer, in one statement; the quote row by
 * `{id|number}` for the writes that lock it. The SQL text comes from entity metadata and
 * whitelisted sort columns; values are parameters.
 */
@Injectable()
export class QuoteReadsRepository {
  /**
   * `{id}` is the id or the number in any case: numbers are `Q` + digits, stored upper case, so
   * `number = upper($)` is the case-insensitive match, on the unique index.
   */
  readonly quotes: Table<Quote>;
  private readonly cache = new Map<string, string>();
  /** A quote row and an item row of jsonRowSql with their timestamps as Dates (in place). */
  private readonly decodeQuote: (row: Quote) => Quote;
  private readonly decodeItem: (row: QuoteItem) => QuoteItem;
  /** A quote set as the statement returned it, with every timestamp (nested rows too) as a Date, in place. */
  readonly decodeSet: <S extends QuoteSet>(set: S) => S;

  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly customers: CustomersRepository,
  ) {
    this.quotes = new Table(dataSource, Quote, { alt: 'number', fold: 'upper', label: 'Quote' });
    this.decodeQuote = jsonRowDecoder(dataSource, Quote);
    this.decodeItem = jsonRowDecoder(dataSource, QuoteItem);
    this.decodeSet = (set) => {
      for (const q of set.quotes) {
        this.decodeQuote(q.row);
        decodeRows(q.items, this.decodeItem);
        decodeRows(q.groups, customers.decodeGroup);
      }
      decodeRows(set.products, products.decodeProduct);
      decodeRows(set.customers, customers.decodeCustomer);
      return set;
    };
  }

  /** SELECT list of a quote set over the CTE `page`, ordered by `order` (over alias q). */
  private setSql(order: string, embed: EmbedSelection): string {
    const key = `set|${order}|${embed.customer ? Object.keys(embed.customer).sort().join(',') || '-' : ''}`;
    let sql = this.cache.get(key);
    if (sql) return sql;
    const ds = this.dataSource;
    const quote = `json_build_object(
        'row', ${jsonRowSql(ds, Quote, 'q')},
        'items', (SELECT ${jsonArraySql(jsonRowSql(ds, QuoteItem, 'i'), 'i.position, i.id')} FROM ${tableOf(this.dataSource, QuoteItem)} i WHERE i.quote_id = q.id),
        'groups', (SELECT ${jsonArraySql(this.customers.groupJsonSql('g'), 'g.id')}
                     FROM ${tableOf(this.dataSource, QuoteCustomerGroup)} l JOIN ${tableOf(this.dataSource, CustomerGroup)} g ON g.id = l.customer_group_id
                    WHERE l.quote_id = q.id))`;
    const products = `(SELECT ${jsonArraySql(this.products.productJsonSql('p'), 'p.id')} FROM ${tableOf(this.dataSource, Product)} p
        WHERE p.id IN (SELECT i.product_id FROM ${tableOf(this.dataSource, QuoteItem)} i WHERE i.quote_id IN (SELECT id FROM page)))`;
    const customers = embed.customer
      ? `, (SELECT ${jsonArraySql(this.customers.customerJsonSql('c', embed.customer), 'c.id')} FROM ${tableOf(this.dataSource, Customer)} c
           WHERE c.id IN (SELECT customer_id FROM page)) AS customers`
      : '';
    sql = `(SELECT ${jsonArraySql(quote, order)} FROM page q) AS quotes, ${products} AS products ${customers}`;
    this.cache.set(key, sql);
    return sql;
  }

  /**
   * `{quote_id|quote_number}` (the id first, then the number, case-insensitively) in one statement;
   * null when neither matches.
   */
  @GenerateSql(
    { name: 'by id or number', args: [SqlArg.manager, '1001', {}] },
    { name: 'by number, customer embedded', args: [SqlArg.manager, 'q1001', EVERY_CUSTOMER_EMBED] },
  )
  async findOne(m: EntityManager, segment: string, embed: EmbedSelection): Promise<QuoteSet | null> {
    // Numbers are `Q` + digits, so comparing with the upper-cased segment is the case-insensitive match, on the unique index.
    const key = keySql('r', segment, 'number', 'upper');
    const sql = `WITH page AS (SELECT r.* FROM ${tableOf(this.dataSource, Quote)} r WHERE ${key.where} ${key.order} LIMIT 1) SELECT ${this.setSql('q.id', embed)}`;
    const [row] = await runStatement<QuoteSet>(m, sql, key.params);
    return row.quotes.length ? this.decodeSet(row) : null;
  }

  /** Quotes by id, in id order, in one statement (what writes answer with). */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async byIds(m: EntityManager, ids: number[]): Promise<QuoteSet> {
    const sql = `WITH page AS (SELECT r.* FROM ${tableOf(this.dataSource, Quote)} r WHERE r.id = ANY($1::int[])) SELECT ${this.setSql('q.id', {})}`;
    const [row] = await runStatement<QuoteSet>(m, sql, [ids]);
    return this.decodeSet(row);
  }

  /** A page of quotes with its capped total, in one statement (see pageTotal for the rare second). */
  @GenerateSql(
    {
      name: 'first page by id',
      args: [SqlArg.manager, {}, { sort: 'id', column: 'id', order: 'ASC', limit: 20, page: 1, offset: 0 }, {}],
    },
    {
      name: 'every filter, by name, customer embedded',
      args: [
        SqlArg.manager,
        { customer_id: 1, type: 'draft', status: 'active' },
        {
          sort: 'name',
          column: 'name',
          order: 'DESC',
          limit: 20,
          page: 2,
          offset: 20,
          cursor: 5,
          updated: { min: '2026-01-01T00:00:00Z', before: '2026-02-01T00:00:00Z' },
        },
        EVERY_CUSTOMER_EMBED,
      ],
    },
  )
  async page(m: EntityManager, filter: QuoteFilter, req: PageRequest, embed: EmbedSelection): Promise<QuoteSet & { total: number }> {
    const t = tableOf(this.dataSource, Quote);
    const where = (p: SqlParams) => {
      const conditions: string[] = [];
      if (filter.customer_id !== undefined) conditions.push(`r.customer_id = ${p.add(filter.customer_id)}`);
      if (filter.type !== undefined) conditions.push(`r.type = ${p.add(filter.type)}`);
      // `expired` is read, never stored: an open quote past its expiry (domain/quote-status.ts isPastExpiry,
      // the same rule in SQL: `expires_at <= now()`).
      if (filter.status === 'expired') conditions.push(`r.status = 'active' AND r.expires_at <= now()`);
      if (filter.status === 'active') conditions.push(`r.status = 'active' AND (r.expires_at IS NULL OR r.expires_at > now())`);
      if (filter.status !== undefined && filter.status !== 'expired' && filter.status !== 'active') {
        conditions.push(`r.status = ${p.add(filter.status)}`);
      }
      conditions.push(...pageConditionsSql('r', req, p));
      return `${t} r WHERE ${conditions.length ? conditions.join(' AND ') : 'TRUE'}`;
    };
    const p = new SqlParams();
    const from = where(p);
    const sql = `WITH page AS (SELECT r.* FROM ${from} ORDER BY ${orderSql('r', req)} LIMIT ${p.add(req.limit)} OFFSET ${p.add(req.offset)})
      SELECT ${cappedCountSql(from, req, p)} AS total, ${this.setSql(orderSql('q', req), embed)}`;
    // Unnamed: a list's plan (and an estimate) must follow its filter values, never a generic plan.
    const [row] = await runStatement<QuoteSet & { total: number }>(m, sql, p.values, { prepare: false });
    this.decodeSet(row);
    const total = await pageTotal(m, row.total, req, () => {
      const q = new SqlParams();
      return { select: `SELECT 1 FROM ${where(q)}`, params: q.values };
    });
    return { ...row, total };
  }

  /** The ids of the customer groups a quote applies to. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async groupIdsOf(m: EntityManager, quoteId: number): Promise<number[]> {
    const rows = await runStatement<{ customer_group_id: number }>(
      m,
      `SELECT l.customer_group_id FROM ${tableOf(this.dataSource, QuoteCustomerGroup)} l WHERE l.quote_id = $1 ORDER BY l.customer_group_id`,
      [quoteId],
    );
    return rows.map((r) => r.customer_group_id);
  }

  /** The quote of this name (the first made), with its number and order; null when there is none (the demo seeds). */
  @GenerateSql({ args: [SqlArg.manager, 'Demo quote'] })
  async byName(m: EntityManager, name: string): Promise<{ id: number; number: string; order_id: number | null } | null> {
    const [row] = await runStatement<{ id: number; number: string; order_id: number | null }>(
      m,
      `SELECT q.id, q.number, q.order_id FROM ${tableOf(this.dataSource, Quote)} q WHERE q.name = $1 ORDER BY q.id LIMIT 1`,
      [name],
    );
    return row ?? null;
  }
}
