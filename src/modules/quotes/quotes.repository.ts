import { readQuery } from '../../database/read-query.js';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EmbedSelection } from '../../common/embed/embed.js';
import { asId } from '../../common/http/identifiers.js';
import { type PageRequest, SqlParams, cappedCountSql, orderSql, pageTotal } from '../../common/paging/page-sql.js';
import { jsonArraySql, jsonRowSql } from '../../database/json-sql.js';
import { ProductsRepository, type ProductRecord } from '../catalog/products.repository.js';
import { Product } from '../catalog/product.entity.js';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { type CustomerRecord, CustomersRepository, type GroupRecord } from '../customers/customers.repository.js';
import { Customer } from '../customers/customer.entity.js';
import { QuoteCustomerGroup } from './quote-customer-group.entity.js';
import { QuoteItem } from './quote-item.entity.js';
import { Quote } from './quote.entity.js';

/** A quote as the read queries return it: its row, items in quote order and customer groups by id (see jsonRowSql). */
export interface QuoteRecord {
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
  updated_min?: Date;
  /** Exclusive. */
  updated_before?: Date;
}

/**
 * The quotes module's hand-written read queries: one quote, or a page of quotes with its capped
 * total, with items, item products, customer groups and the embedded customer, in one statement.
 * The SQL text comes from entity metadata and whitelisted sort columns; values are parameters.
 */
@Injectable()
export class QuotesRepository {
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly customers: CustomersRepository,
  ) {}

  private table(e: Function): string {
    return `"${this.dataSource.getMetadata(e).tableName}"`;
  }

  /** SELECT list of a quote set over the CTE `page`, ordered by `order` (over alias q). */
  private setSql(order: string, embed: EmbedSelection): string {
    const key = `set|${order}|${embed.customer ? Object.keys(embed.customer).sort().join(',') || '-' : ''}`;
    let sql = this.cache.get(key);
    if (sql) return sql;
    const ds = this.dataSource;
    const quote = `json_build_object(
        'row', ${jsonRowSql(ds, Quote, 'q')},
        'items', (SELECT ${jsonArraySql(jsonRowSql(ds, QuoteItem, 'i'), 'i.position, i.id')} FROM ${this.table(QuoteItem)} i WHERE i.quote_id = q.id),
        'groups', (SELECT ${jsonArraySql(this.customers.groupJsonSql('g'), 'g.id')}
                     FROM ${this.table(QuoteCustomerGroup)} l JOIN ${this.table(CustomerGroup)} g ON g.id = l.customer_group_id
                    WHERE l.quote_id = q.id))`;
    const products = `(SELECT ${jsonArraySql(this.products.productJsonSql('p'), 'p.id')} FROM ${this.table(Product)} p
        WHERE p.id IN (SELECT i.product_id FROM ${this.table(QuoteItem)} i WHERE i.quote_id IN (SELECT id FROM page)))`;
    const customers = embed.customer
      ? `, (SELECT ${jsonArraySql(this.customers.customerJsonSql('c', embed.customer), 'c.id')} FROM ${this.table(Customer)} c
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
  async findOne(m: EntityManager, segment: string, embed: EmbedSelection): Promise<QuoteSet | null> {
    const id = asId(segment);
    // Numbers are `Q` + digits, so comparing with the upper-cased segment is the case-insensitive match, on the unique index.
    const where = id === null ? 'r.number = upper($1)' : 'r.id = $1 OR r.number = upper($2)';
    const order = id === null ? '' : 'ORDER BY CASE WHEN r.id = $1 THEN 0 ELSE 1 END';
    const sql = `WITH page AS (SELECT r.* FROM ${this.table(Quote)} r WHERE ${where} ${order} LIMIT 1) SELECT ${this.setSql('q.id', embed)}`;
    const [row] = (await readQuery(m, sql, id === null ? [segment] : [id, segment])) as QuoteSet[];
    return row.quotes.length ? row : null;
  }

  /** Quotes by id, in id order, in one statement (what writes answer with). */
  async byIds(m: EntityManager, ids: number[]): Promise<QuoteSet> {
    const sql = `WITH page AS (SELECT r.* FROM ${this.table(Quote)} r WHERE r.id = ANY($1::int[])) SELECT ${this.setSql('q.id', {})}`;
    const [row] = (await readQuery(m, sql, [ids])) as QuoteSet[];
    return row;
  }

  /** A page of quotes with its capped total, in one statement (see pageTotal for the rare second). */
  async page(m: EntityManager, filter: QuoteFilter, req: PageRequest, embed: EmbedSelection): Promise<QuoteSet & { total: number }> {
    const t = this.table(Quote);
    const where = (p: SqlParams) => {
      const conditions: string[] = [];
      if (filter.customer_id !== undefined) conditions.push(`r.customer_id = ${p.add(filter.customer_id)}`);
      if (filter.type !== undefined) conditions.push(`r.type = ${p.add(filter.type)}`);
      if (filter.status === 'expired') conditions.push('r.expires_at <= now()');
      if (filter.status === 'active') conditions.push(`r.status = 'active' AND (r.expires_at IS NULL OR r.expires_at > now())`);
      if (filter.updated_min) conditions.push(`r.updated_at >= ${p.add(filter.updated_min)}`);
      if (filter.updated_before) conditions.push(`r.updated_at < ${p.add(filter.updated_before)}`);
      if (req.cursor !== undefined) conditions.push(`r.id > ${p.add(req.cursor)}`);
      return `${t} r WHERE ${conditions.length ? conditions.join(' AND ') : 'TRUE'}`;
    };
    const p = new SqlParams();
    const from = where(p);
    const sql = `WITH page AS (SELECT r.* FROM ${from} ORDER BY ${orderSql('r', req)} LIMIT ${p.add(req.limit)} OFFSET ${p.add(req.offset)})
      SELECT ${cappedCountSql(from, req, p)} AS total, ${this.setSql(orderSql('q', req), embed)}`;
    const [row] = (await readQuery(m, sql, p.values)) as (QuoteSet & { total: number })[];
    const total = await pageTotal(m, row.total, req, () => {
      const q = new SqlParams();
      return { from: where(q), params: q.values };
    });
    return { ...row, total };
  }
}
