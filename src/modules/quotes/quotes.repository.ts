import { runStatement } from '../../database/sql/statement.js';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EmbedSelection } from '../../common/embed/embed.js';
import { asId } from '../../common/http/identifiers.js';
import type { PageRequest } from '../../common/paging/page-request.js';
import { cappedCountSql, orderSql, pageTotal } from '../../database/sql/page.js';
import { SqlParams } from '../../database/sql/params.js';
import { jsonArraySql, jsonRowSql } from '../../database/sql/json.js';
import { ProductsRepository, type ProductRecord } from '../catalog/products.repository.js';
import { Product } from '../catalog/product.entity.js';
import { ProductExtra } from '../catalog/product-extra.entity.js';
import { ProductOption } from '../catalog/product-option.entity.js';
import { ProductPriceTier } from '../catalog/product-price-tier.entity.js';
import { ProductVariant } from '../catalog/product-variant.entity.js';
import { VariantPriceTier } from '../catalog/variant-price-tier.entity.js';
import { CustomFieldDefinition } from '../custom-fields/custom-field-definition.entity.js';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { Coupon } from '../customers/coupons/coupon.entity.js';
import { CustomerAddress } from '../customers/customer-address.entity.js';
import type { TaxLocation } from '../customers/customer-addresses.service.js';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { TaxClass } from '../tax/tax-class.entity.js';
import { TaxRate } from '../tax/tax-rate.entity.js';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { type CustomerRecord, CustomersRepository, type GroupRecord } from '../customers/customers.repository.js';
import { Customer } from '../customers/customer.entity.js';
import { QuoteCustomerGroup } from './quote-customer-group.entity.js';
import { QuoteItem } from './quote-item.entity.js';
import type { PricedItem } from './quote-pricer.js';
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

/** Rows as the pricing context query returns them (see jsonRowSql). */
interface ProductPricingRow {
  row: Product;
  tiers: ProductPriceTier[];
  options: ProductOption[];
  variants: { row: ProductVariant; tiers: VariantPriceTier[] }[];
  extras: ProductExtra[];
}

/**
 * Everything pricing and checking a quote write reads, from one statement: the products of the
 * items (tiers, live options, variants with tiers, extras), the customer with its group's tax
 * exemption and default shipping address, billing plans, cart custom fields, the default tax
 * class and the rates of the classes involved, the coupon, and customer groups by api_code.
 */
export interface PricingContext {
  products: ProductPricingRow[] | null;
  customer: { id: number; email: string; group_id: number | null; tax_exempt: boolean; address: TaxLocation | null } | null;
  plans: number[] | null;
  cart_fields: CustomFieldDefinition[] | null;
  default_tax_class: number | null;
  rates: TaxRate[] | null;
  coupon: Coupon | null;
  groups: { id: number; api_code: string }[] | null;
}

/** What the pricing context is read for; on PATCH, `null` members fall back to the locked quote's own. */
export interface PricingArgs {
  /** Products of the items sent; null: of the quote's stored items (PATCH without items). */
  productIds: number[] | null;
  /** The customer; undefined: the quote's own (PATCH without customer_id). */
  customerId?: number | null;
  planIds: number[];
  cartFields: boolean;
  /** The coupon code; undefined: the quote's own (PATCH without coupon_code). */
  couponCode?: string | null;
  groupCodes: string[];
}

/** The columns of a quote row a write sets, as stored. */
export interface QuoteValues {
  name?: string;
  type?: string;
  customer_id?: number | null;
  billing_plan_id?: number | null;
  customer_emails?: string[] | null;
  cart_link_id?: string;
  coupon_code?: string | null;
  /** Sets expires_x_days, and expires_at from it (counted from now on create, from created_at on update). */
  expires_x_days?: number | null;
  subtotal?: string;
  total_discount?: string;
  total_tax?: string;
  total?: string;
}

/** Stored item columns and their SQL types, for json_to_recordset. */
const ITEM_COLUMNS: [string, string][] = [
  ['position', 'int'],
  ['product_id', 'int'],
  ['variant_id', 'int'],
  ['related_id', 'int'],
  ['extras', 'jsonb'],
  ['options', 'jsonb'],
  ['custom_fields', 'jsonb'],
  ['quantity', 'int'],
  ['postponed', 'boolean'],
  ['key', 'text'],
  ['x_billing_plan_id', 'int'],
  ['is_trial_product', 'boolean'],
  ['price', 'numeric'],
  ['subtotal', 'numeric'],
  ['discount', 'numeric'],
  ['total', 'numeric'],
  ['tax', 'numeric'],
];
const ITEM_NAMES = ITEM_COLUMNS.map(([c]) => `"${c}"`).join(', ');
const ITEM_RECORD = ITEM_COLUMNS.map(([c, t]) => `"${c}" ${t}`).join(', ');
const QUOTE_COLUMNS = ['name', 'type', 'customer_id', 'billing_plan_id', 'customer_emails', 'cart_link_id', 'coupon_code'] as const;
const AMOUNTS = ['subtotal', 'total_discount', 'total_tax', 'total'] as const;

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
    const [row] = (await runStatement(m, sql, id === null ? [segment] : [id, segment])) as QuoteSet[];
    return row.quotes.length ? row : null;
  }

  /** Quotes by id, in id order, in one statement (what writes answer with). */
  async byIds(m: EntityManager, ids: number[]): Promise<QuoteSet> {
    const sql = `WITH page AS (SELECT r.* FROM ${this.table(Quote)} r WHERE r.id = ANY($1::int[])) SELECT ${this.setSql('q.id', {})}`;
    const [row] = (await runStatement(m, sql, [ids])) as QuoteSet[];
    return row;
  }

  /**
   * The SELECT list of the pricing context. `cur` (the locked quote, on PATCH) is in scope when
   * `locked`; parameters are placed through `p`.
   */
  private pricingSql(args: PricingArgs, p: SqlParams, locked: boolean): string {
    const ds = this.dataSource;
    const t = (e: Function) => this.table(e);
    const productIds =
      args.productIds !== null || !locked
        ? `${p.add(args.productIds ?? [])}::int[]`
        : `ARRAY(SELECT si.product_id FROM ${t(QuoteItem)} si WHERE si.quote_id = (SELECT id FROM cur))`;
    const customerId =
      args.customerId !== undefined || !locked ? `${p.add(args.customerId ?? null)}::int` : '(SELECT customer_id FROM cur)';
    const coupon = args.couponCode !== undefined || !locked ? `${p.add(args.couponCode ?? null)}::text` : '(SELECT coupon_code FROM cur)';
    const row = (e: Function, alias: string) => jsonRowSql(ds, e, alias);
    const products = `(SELECT json_agg(json_build_object(
        'row', ${row(Product, 'p')},
        'tiers', (SELECT ${jsonArraySql(row(ProductPriceTier, 't'), 't.id')} FROM ${t(ProductPriceTier)} t WHERE t.product_id = p.id),
        'options', (SELECT ${jsonArraySql(row(ProductOption, 'o'), 'o.sort_order, o.id')} FROM ${t(ProductOption)} o
                     WHERE o.product_id = p.id AND o.deleted_at IS NULL),
        'variants', (SELECT ${jsonArraySql(
          `json_build_object('row', ${row(ProductVariant, 'v')}, 'tiers', (SELECT ${jsonArraySql(row(VariantPriceTier, 'vt'), 'vt.id')}
             FROM ${t(VariantPriceTier)} vt WHERE vt.variant_id = v.id))`,
          'v.id',
        )} FROM ${t(ProductVariant)} v WHERE v.product_id = p.id),
        'extras', (SELECT ${jsonArraySql(row(ProductExtra, 'e'), 'e.sort_order, e.id')} FROM ${t(ProductExtra)} e WHERE e.product_id = p.id)))
      FROM ${t(Product)} p WHERE p.id = ANY(${productIds}))`;
    const customer = `(SELECT json_build_object('id', c.id, 'email', c.email, 'group_id', c.customer_group_id,
        'tax_exempt', COALESCE(g.is_tax_exempt, false),
        'address', (SELECT json_build_object('country_code', co.code, 'state_code', st.code, 'postal_code', a.postal_code, 'city', a.city)
                      FROM ${t(CustomerAddress)} a JOIN ${t(Country)} co ON co.id = a.country_id LEFT JOIN ${t(State)} st ON st.id = a.state_id
                     WHERE a.customer_id = c.id AND a.kind = 'shipping' AND a.is_default LIMIT 1))
      FROM ${t(Customer)} c LEFT JOIN ${t(CustomerGroup)} g ON g.id = c.customer_group_id WHERE c.id = ${customerId})`;
    const plans = `(SELECT json_agg(b.id) FROM ${t(BillingPlan)} b WHERE b.id = ANY(${p.add(args.planIds)}::int[]))`;
    const cartFields = args.cartFields
      ? `(SELECT ${jsonArraySql(row(CustomFieldDefinition, 'd'), 'd.sort_order, d.id')} FROM ${t(CustomFieldDefinition)} d WHERE d.entity = 'cart')`
      : 'NULL::json';
    const defaultClass = `(SELECT tc.id FROM ${t(TaxClass)} tc WHERE tc.is_default LIMIT 1)`;
    const rates = `(SELECT ${jsonArraySql(row(TaxRate, 'r'), 'r.priority, r.id')} FROM ${t(TaxRate)} r
        WHERE r.tax_class_id IN (SELECT pp.tax_class_id FROM ${t(Product)} pp WHERE pp.id = ANY(${productIds})) OR r.tax_class_id = ${defaultClass})`;
    const couponSql = `(SELECT ${row(Coupon, 'cp')} FROM ${t(Coupon)} cp WHERE lower(cp.code) = lower(${coupon}) LIMIT 1)`;
    const groups = `(SELECT json_agg(json_build_object('id', cg.id, 'api_code', cg.api_code)) FROM ${t(CustomerGroup)} cg
        WHERE cg.api_code = ANY(${p.add(args.groupCodes)}::text[]))`;
    return `${products} AS products, ${customer} AS customer, ${plans} AS plans, ${cartFields} AS cart_fields,
      ${defaultClass} AS default_tax_class, ${rates} AS rates, ${couponSql} AS coupon, ${groups} AS groups`;
  }

  /** The pricing context of a new quote, in one statement. */
  async pricingContext(m: EntityManager, args: PricingArgs): Promise<PricingContext> {
    const p = new SqlParams();
    const sql = `SELECT ${this.pricingSql(args, p, false)}`;
    const [row] = (await runStatement(m, sql, p.values)) as PricingContext[];
    return row;
  }

  /**
   * PATCH's first statement: locks the quote (`{id|number}`, as findOne) for the rest of the
   * transaction and reads it, its stored items and the pricing context. Null when there is no such quote.
   */
  async lockWithContext(
    m: EntityManager,
    segment: string,
    args: PricingArgs,
  ): Promise<{ current: Quote; items: QuoteItem[]; context: PricingContext } | null> {
    const id = asId(segment);
    const p = new SqlParams();
    const where = id === null ? `r.number = upper(${p.add(segment)})` : `r.id = ${p.add(id)} OR r.number = upper(${p.add(segment)})`;
    const order = id === null ? '' : 'ORDER BY CASE WHEN r.id = $1 THEN 0 ELSE 1 END';
    const sql = `WITH cur AS (SELECT r.* FROM ${this.table(Quote)} r WHERE ${where} ${order} LIMIT 1 FOR UPDATE)
      SELECT (SELECT ${jsonRowSql(this.dataSource, Quote, 'cur')} FROM cur) AS current,
             (SELECT ${jsonArraySql(jsonRowSql(this.dataSource, QuoteItem, 'i'), 'i.position, i.id')}
                FROM ${this.table(QuoteItem)} i WHERE i.quote_id = (SELECT id FROM cur)) AS items,
             ${this.pricingSql(args, p, true)}`;
    const [row] = (await runStatement(m, sql, p.values)) as (PricingContext & { current: Quote | null; items: QuoteItem[] })[];
    if (!row.current) return null;
    const { current, items, ...context } = row;
    return { current, items, context };
  }

  /** Items of `quoteIdSql` from a JSON array parameter, in position order (an INSERT's SELECT), so ids follow positions. */
  private itemsInsertSql(quoteIdSql: string, itemsParam: string): string {
    return `INSERT INTO ${this.table(QuoteItem)} ("quote_id", ${ITEM_NAMES})
      SELECT ${quoteIdSql}, ${ITEM_COLUMNS.map(([c]) => `x."${c}"`).join(', ')}
        FROM json_to_recordset(${itemsParam}::json) AS x(${ITEM_RECORD}) ORDER BY x.position`;
  }

  /**
   * A new quote with its items and customer groups in one statement (its number from the
   * sequence, expires_at from expires_x_days); returns its id.
   */
  async insertQuote(m: EntityManager, values: QuoteValues, items: PricedItem[], groupIds: number[]): Promise<number> {
    const p = new SqlParams();
    const cols: string[] = ['"number"'];
    const vals: string[] = [`'Q' || nextval('quote_number_seq')`];
    for (const c of QUOTE_COLUMNS) {
      if (values[c] === undefined) continue;
      cols.push(`"${c}"`);
      vals.push(c === 'customer_emails' ? `${p.add(values[c] === null ? null : JSON.stringify(values[c]))}::jsonb` : p.add(values[c]));
    }
    for (const c of AMOUNTS) {
      cols.push(`"${c}"`);
      vals.push(p.add(values[c] ?? '0'));
    }
    if (values.expires_x_days !== undefined && values.expires_x_days !== null) {
      const days = p.add(values.expires_x_days);
      cols.push('"expires_x_days"', '"expires_at"');
      vals.push(`${days}::int`, `now() + make_interval(days => ${days}::int)`);
    }
    const writes = [`q AS (INSERT INTO ${this.table(Quote)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id)`];
    if (items.length) writes.push(`i AS (${this.itemsInsertSql('(SELECT id FROM q)', p.add(JSON.stringify(items)))} RETURNING 1)`);
    if (groupIds.length) {
      writes.push(`g AS (INSERT INTO ${this.table(QuoteCustomerGroup)} (quote_id, customer_group_id)
        SELECT q.id, gid FROM q, unnest(${p.add(groupIds)}::int[]) AS gid RETURNING 1)`);
    }
    const [row] = (await runStatement(m, `WITH ${writes.join(', ')} SELECT id FROM q`, p.values, { prepare: false })) as { id: number }[];
    return row.id;
  }

  /**
   * PATCH's writes in one statement: the quote's columns (updated_at moves), the items replaced
   * (`items`) or their prices updated in place (`prices`, by stored id), the customer groups
   * replaced (`groupIds`). The quote is locked by lockWithContext first.
   */
  async updateQuote(
    m: EntityManager,
    id: number,
    values: QuoteValues,
    change: { items?: PricedItem[]; prices?: { ids: number[]; items: PricedItem[] }; groupIds?: number[] },
  ): Promise<void> {
    const p = new SqlParams();
    const quoteId = `${p.add(id)}::int`;
    const sets: string[] = [];
    for (const c of [...QUOTE_COLUMNS, ...AMOUNTS]) {
      if (values[c] === undefined) continue;
      const v = values[c];
      sets.push(`"${c}" = ${c === 'customer_emails' ? `${p.add(v === null ? null : JSON.stringify(v))}::jsonb` : p.add(v)}`);
    }
    if (values.expires_x_days !== undefined) {
      const days = `${p.add(values.expires_x_days)}::int`;
      sets.push(
        `"expires_x_days" = ${days}`,
        `"expires_at" = CASE WHEN ${days} IS NULL THEN NULL ELSE created_at + make_interval(days => ${days}) END`,
      );
    }
    sets.push('"updated_at" = now()');
    const writes = [`q AS (UPDATE ${this.table(Quote)} SET ${sets.join(', ')} WHERE id = ${quoteId} RETURNING id)`];
    const items = this.table(QuoteItem);
    if (change.items) {
      writes.push(`di AS (DELETE FROM ${items} WHERE quote_id = ${quoteId})`);
      if (change.items.length) writes.push(`ii AS (${this.itemsInsertSql(quoteId, p.add(JSON.stringify(change.items)))})`);
    } else if (change.prices && change.prices.ids.length) {
      const column = (f: (i: PricedItem) => unknown) => p.add(change.prices!.items.map(f));
      writes.push(`ui AS (UPDATE ${items} AS i
          SET variant_id = v.variant_id, price = v.price, subtotal = v.subtotal, discount = v.discount,
              total = v.total, tax = v.tax, updated_at = now()
         FROM unnest(${p.add(change.prices.ids)}::int[], ${column((i) => i.variant_id)}::int[], ${column((i) => i.price)}::numeric[],
                     ${column((i) => i.subtotal)}::numeric[], ${column((i) => i.discount)}::numeric[], ${column((i) => i.total)}::numeric[],
                     ${column((i) => i.tax)}::numeric[]) AS v(id, variant_id, price, subtotal, discount, total, tax)
        WHERE i.id = v.id)`);
    }
    if (change.groupIds) {
      const links = this.table(QuoteCustomerGroup);
      const ids = `${p.add(change.groupIds)}::int[]`;
      // Links kept are neither deleted nor inserted, so no statement sees a key twice.
      writes.push(`dg AS (DELETE FROM ${links} WHERE quote_id = ${quoteId} AND customer_group_id <> ALL(${ids}))`);
      writes.push(`ig AS (INSERT INTO ${links} (quote_id, customer_group_id) SELECT ${quoteId}, gid FROM unnest(${ids}) AS gid
        ON CONFLICT DO NOTHING)`);
    }
    await runStatement(m, `WITH ${writes.join(', ')} SELECT id FROM q`, p.values, { prepare: false });
  }

  /** A page of quotes with its capped total, in one statement (see pageTotal for the rare second). */
  async page(m: EntityManager, filter: QuoteFilter, req: PageRequest, embed: EmbedSelection): Promise<QuoteSet & { total: number }> {
    const t = this.table(Quote);
    const where = (p: SqlParams) => {
      const conditions: string[] = [];
      if (filter.customer_id !== undefined) conditions.push(`r.customer_id = ${p.add(filter.customer_id)}`);
      if (filter.type !== undefined) conditions.push(`r.type = ${p.add(filter.type)}`);
      if (filter.status === 'expired') conditions.push(`r.expires_at <= now() AND r.status <> 'accepted'`);
      if (filter.status === 'accepted') conditions.push(`r.status = 'accepted'`);
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
    // Unnamed: a list's plan (and an estimate) must follow its filter values, never a generic plan.
    const [row] = (await runStatement(m, sql, p.values, { prepare: false })) as (QuoteSet & { total: number })[];
    const total = await pageTotal(m, row.total, req, () => {
      const q = new SqlParams();
      return { select: `SELECT 1 FROM ${where(q)}`, params: q.values };
    });
    return { ...row, total };
  }
}

/** A delivery as the sending side needs it: claimed by `claim`, attempts already counted. */
export interface ClaimedDelivery {
  id: number;
  quote_id: number;
  recipient: string;
  message: string | null;
  bcc: string[] | null;
  attach_pdf: boolean;
  attempts: number;
}

/** What the quote e-mail shows, read in one statement (money as PostgreSQL's text, timestamps as JSON). */
export interface QuoteMailRecord {
  name: string;
  number: string;
  cart_link_id: string;
  expires_at: string | null;
  subtotal: string;
  total_discount: string;
  total_tax: string;
  total: string;
  items: {
    name: string | null;
    sku: string | null;
    product_id: number;
    quantity: number;
    price: string;
    subtotal: string;
    discount: string;
    total: string;
  }[];
}

/**
 * The send-quote outbox's statements: claiming many deliveries in one UPDATE, keeping the claims of
 * a live worker fresh, recording many sent messages (and the quote's last_sent_at) in one
 * statement, and the mail's view of a quote. Every data-modifying statement is wrapped in a CTE
 * ending in SELECT, so it answers rows the same way on PostgreSQL and on the embedded database.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get m(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * Takes the deliveries among `ids` that are free: queued and due, or claimed by a worker whose
   * lease ran out. Each taken row is `sending`, claimed now, with one more attempt.
   */
  claim(ids: number[], leaseSeconds: number): Promise<ClaimedDelivery[]> {
    return runStatement<ClaimedDelivery>(
      this.m,
      `WITH c AS (
         UPDATE quote_deliveries
            SET status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
          WHERE id = ANY($1::int[])
            AND ((status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
                 OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $2)))
          RETURNING id, quote_id, recipient, message, bcc, attach_pdf, attempts)
       SELECT * FROM c ORDER BY id`,
      [ids, leaseSeconds],
    );
  }

  /** Among `ids`, the queued ones whose retry is not due yet, with the milliseconds left. */
  notYetDue(ids: number[]): Promise<{ id: number; wait_ms: number }[]> {
    return runStatement(
      this.m,
      `SELECT id, ceil(extract(epoch FROM next_attempt_at - now()) * 1000)::int AS wait_ms
         FROM quote_deliveries
        WHERE id = ANY($1::int[]) AND status = 'queued' AND next_attempt_at > now()
        ORDER BY id`,
      [ids],
    );
  }

  /** A live worker's claims stay its own: their lease starts again. */
  async renewClaims(ids: number[]): Promise<void> {
    await runStatement(
      this.m,
      `WITH r AS (UPDATE quote_deliveries SET claimed_at = now() WHERE id = ANY($1::int[]) AND status = 'sending' RETURNING id)
       SELECT count(*)::int AS renewed FROM r`,
      [ids],
    );
  }

  /**
   * Messages the SMTP server accepted: `sent` with their Message-ID, and each quote's last_sent_at
   * moved forward, in one statement (so both commit together).
   */
  async markSent(ids: number[], messageIds: string[]): Promise<void> {
    await runStatement(
      this.m,
      `WITH s AS (
         UPDATE quote_deliveries d
            SET status = 'sent', sent_at = now(), message_id = u.message_id, last_error = NULL, claimed_at = NULL, updated_at = now()
           FROM unnest($1::int[], $2::text[]) AS u(id, message_id)
          WHERE d.id = u.id
          RETURNING d.quote_id),
       q AS (
         -- GREATEST: deliveries of one quote commit in any order; now() is each statement's start.
         UPDATE quotes SET last_sent_at = GREATEST(last_sent_at, now())
          WHERE id IN (SELECT quote_id FROM s)
          RETURNING id)
       SELECT (SELECT count(*) FROM s)::int AS sent, (SELECT count(*) FROM q)::int AS quotes`,
      [ids, messageIds],
    );
  }

  /**
   * An attempt that failed: `queued` again with its next attempt in `waitSeconds`, or `failed`
   * for good (a null wait leaves next_attempt_at null).
   */
  async markFailed(id: number, status: 'queued' | 'failed', reason: string, waitSeconds: number | null): Promise<void> {
    // One use per parameter: `$2` as both the column value and a CASE operand made PostgreSQL
    // refuse the statement (inconsistent types deduced).
    await runStatement(
      this.m,
      `WITH f AS (
         UPDATE quote_deliveries
            SET status = $2, last_error = $3, claimed_at = NULL, updated_at = now(),
                next_attempt_at = now() + make_interval(secs => $4)
          WHERE id = $1
          RETURNING id)
       SELECT id FROM f`,
      [id, status, reason, waitSeconds],
    );
  }

  /** Deliveries due now: queued ones whose backoff has passed (by `olderThanSeconds`), and expired claims. */
  async due(limit: number, olderThanSeconds: number, leaseSeconds: number): Promise<number[]> {
    const rows = await runStatement<{ id: number }>(
      this.m,
      `SELECT id FROM quote_deliveries
        WHERE (status = 'queued' AND COALESCE(next_attempt_at, created_at) <= now() - make_interval(secs => $2))
           OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $3))
        ORDER BY id LIMIT $1`,
      [limit, olderThanSeconds, leaseSeconds],
    );
    return rows.map((r) => r.id);
  }

  /** The quote as its e-mail shows it, items in quote order with their product's name and SKU; null if it is gone. */
  async mailView(quoteId: number): Promise<QuoteMailRecord | null> {
    const [row] = await runStatement<{ view: QuoteMailRecord }>(
      this.m,
      `SELECT json_build_object(
                'name', q.name, 'number', q.number, 'cart_link_id', q.cart_link_id, 'expires_at', q.expires_at,
                'subtotal', q.subtotal::text, 'total_discount', q.total_discount::text,
                'total_tax', q.total_tax::text, 'total', q.total::text,
                'items', COALESCE((
                  SELECT json_agg(json_build_object(
                           'name', p.name, 'sku', p.sku, 'product_id', i.product_id, 'quantity', i.quantity,
                           'price', i.price::text, 'subtotal', i.subtotal::text, 'discount', i.discount::text,
                           'total', i.total::text) ORDER BY i.position, i.id)
                    FROM quote_items i LEFT JOIN products p ON p.id = i.product_id
                   WHERE i.quote_id = q.id), '[]'::json)) AS view
         FROM quotes q WHERE q.id = $1`,
      [quoteId],
    );
    return row?.view ?? null;
  }
}
