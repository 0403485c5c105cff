import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { nextNumberSql } from '../../../database/sql/counters.js';
import { keySql } from '../../../database/sql/key-lookup.js';
import { decodeRows, jsonArraySql, jsonRowDecoder, jsonRowSql } from '../../../database/sql/json.js';
import { SqlParams } from '../../../database/sql/params.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { deleteById } from '../../../database/sql/write.js';
import type { PricedItem } from '../quote-pricer.service.js';
import { QuoteCustomerGroup } from '../quote-customer-group.entity.js';
import { QuoteItem } from '../quote-item.entity.js';
import { Quote } from '../quote.entity.js';
import {
  LOCKED_EXAMPLE,
  PRICING_ARGS_EXAMPLE,
  type PricingArgs,
  type PricingContext,
  PricingContextRepository,
} from './pricing-context.repository.js';
import { tableOf } from '../../../database/table.js';

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

/** What PATCH changes besides the quote's columns (see updateQuote). */
export interface QuoteChange {
  items?: PricedItem[];
  prices?: { ids: number[]; items: PricedItem[] };
  groupIds?: number[];
}

/** The locked quote of a PATCH, its stored items and the pricing context, from one statement. */
export interface LockedQuote {
  current: Quote;
  items: QuoteItem[];
  /** The ids of its customer groups, ascending. */
  groupIds: number[];
  context: PricingContext;
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
/** The stored fields of an item a write sets (a PATCH that sets them all alike changes nothing). */
export const STORED_ITEM_FIELDS: readonly string[] = ITEM_COLUMNS.map(([c]) => c);
const ITEM_NAMES = ITEM_COLUMNS.map(([c]) => `"${c}"`).join(', ');
const ITEM_RECORD = ITEM_COLUMNS.map(([c, t]) => `"${c}" ${t}`).join(', ');
const QUOTE_COLUMNS = ['name', 'type', 'customer_id', 'billing_plan_id', 'customer_emails', 'cart_link_id', 'coupon_code'] as const;
const AMOUNTS = ['subtotal', 'total_discount', 'total_tax', 'total'] as const;

const ITEM_EXAMPLE: PricedItem = {
  position: 0,
  product_id: 1,
  variant_id: null,
  related_id: null,
  extras: [],
  options: {},
  custom_fields: {},
  quantity: 2,
  postponed: false,
  key: 'k',
  x_billing_plan_id: null,
  is_trial_product: false,
  price: '10.00',
  subtotal: '20.00',
  discount: '0.00',
  total: '20.00',
  tax: '0.00',
};
const VALUES_EXAMPLE: QuoteValues = {
  name: 'Example',
  type: 'draft',
  customer_id: 1,
  billing_plan_id: null,
  customer_emails: ['buyer@example.com'],
  cart_link_id: 'AbCdEfGhIjKlMnOp',
  coupon_code: null,
  expires_x_days: 30,
  subtotal: '20.00',
  total_discount: '0.00',
  total_tax: '0.00',
  total: '20.00',
};

/**
 * The quotes module's writes: PATCH's lock (with the pricing context, in one statement), a new
 * quote with its items and groups in one statement, PATCH's writes in one statement, and the
 * delete. Every data-modifying statement ends in a SELECT, so it answers rows the same way on
 * PostgreSQL and on the embedded database.
 */
@Injectable()
export class QuoteWritesRepository {
  /** The locked quote's row and items as lockWithContext reads them (jsonRowSql), timestamps decoded in place. */
  private readonly decodeQuote: (row: Quote) => Quote;
  private readonly decodeItem: (row: QuoteItem) => QuoteItem;

  constructor(
    private readonly dataSource: DataSource,
    private readonly pricing: PricingContextRepository,
  ) {
    this.decodeQuote = jsonRowDecoder(dataSource, Quote);
    this.decodeItem = jsonRowDecoder(dataSource, QuoteItem);
  }

  /**
   * PATCH's first statement: locks the quote (`{id|number}`, as findOne) for the rest of the
   * transaction and reads it, its stored items and the pricing context. Null when there is no such quote.
   */
  @GenerateSql(
    { name: 'by id, with every part', args: [SqlArg.manager, '1', PRICING_ARGS_EXAMPLE] },
    { name: "by number, the quote's own items, customer and coupon", args: [SqlArg.manager, 'q1001', LOCKED_EXAMPLE] },
  )
  async lockWithContext(m: EntityManager, segment: string, args: PricingArgs): Promise<LockedQuote | null> {
    // Numbers are `Q` + digits, stored upper case: the case-insensitive match on the unique index.
    const key = keySql('r', segment, 'number', 'upper');
    const context = this.pricing.contextSelect(args, 'cur', key.params);
    const sql = `WITH cur AS (SELECT r.* FROM ${tableOf(this.dataSource, Quote)} r WHERE ${key.where} ${key.order} LIMIT 1 FOR UPDATE)
      SELECT (SELECT ${jsonRowSql(this.dataSource, Quote, 'cur')} FROM cur) AS current,
             (SELECT ${jsonArraySql(jsonRowSql(this.dataSource, QuoteItem, 'i'), 'i.position, i.id')}
                FROM ${tableOf(this.dataSource, QuoteItem)} i WHERE i.quote_id = (SELECT id FROM cur)) AS items,
             (SELECT COALESCE(json_agg(l.customer_group_id ORDER BY l.customer_group_id), '[]'::json)
                FROM ${tableOf(this.dataSource, QuoteCustomerGroup)} l WHERE l.quote_id = (SELECT id FROM cur)) AS group_ids,
             ${context.sql}`;
    const [row] = await runStatement<PricingContext & { current: Quote | null; items: QuoteItem[]; group_ids: number[] }>(
      m,
      sql,
      context.params,
    );
    if (!row.current) return null;
    const { current, items, group_ids, ...rest } = row;
    decodeRows(items, this.decodeItem);
    return { current: this.decodeQuote(current), items, groupIds: group_ids, context: this.pricing.decodeContext(rest) };
  }

  /** Items of `quoteIdSql` from a JSON array parameter, in position order (an INSERT's SELECT), so ids follow positions. */
  private itemsInsertSql(quoteIdSql: string, itemsParam: string): string {
    return `INSERT INTO ${tableOf(this.dataSource, QuoteItem)} ("quote_id", ${ITEM_NAMES})
      SELECT ${quoteIdSql}, ${ITEM_COLUMNS.map(([c]) => `x."${c}"`).join(', ')}
        FROM json_to_recordset(${itemsParam}::json) AS x(${ITEM_RECORD}) ORDER BY x.position`;
  }

  /**
   * A new quote with its items and customer groups in one statement (its number from the
   * store's sequence, expires_at from expires_x_days); returns its id.
   */
  @GenerateSql(
    { name: 'with items and groups', args: [SqlArg.manager, VALUES_EXAMPLE, [ITEM_EXAMPLE], [1]] },
    { name: 'bare', args: [SqlArg.manager, { name: 'Example' }, [], []] },
  )
  async insertQuote(m: EntityManager, values: QuoteValues, items: PricedItem[], groupIds: number[]): Promise<number> {
    const p = new SqlParams();
    const cols: string[] = ['"number"'];
    const vals: string[] = [`'Q' || ${nextNumberSql('quote')}`];
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
    const writes = [`q AS (INSERT INTO ${tableOf(this.dataSource, Quote)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id)`];
    if (items.length) writes.push(`i AS (${this.itemsInsertSql('(SELECT id FROM q)', p.add(JSON.stringify(items)))} RETURNING 1)`);
    if (groupIds.length) {
      writes.push(`g AS (INSERT INTO ${tableOf(this.dataSource, QuoteCustomerGroup)} (quote_id, customer_group_id)
        SELECT q.id, gid FROM q, unnest(${p.add(groupIds)}::int[]) AS gid RETURNING 1)`);
    }
    const [row] = await runStatement<{ id: number }>(m, `WITH ${writes.join(', ')} SELECT id FROM q`, p.values, { prepare: false });
    return row.id;
  }

  /**
   * PATCH's writes in one statement: the quote's columns (updated_at moves), the items replaced
   * (`items`) or their prices updated in place (`prices`, by stored id), the customer groups
   * replaced (`groupIds`). The quote is locked by lockWithContext first.
   */
  @GenerateSql(
    {
      name: 'columns, items replaced, groups replaced',
      args: [SqlArg.manager, 1, VALUES_EXAMPLE, { items: [ITEM_EXAMPLE], groupIds: [1] }],
    },
    { name: 'prices updated in place', args: [SqlArg.manager, 1, { total: '20.00' }, { prices: { ids: [1], items: [ITEM_EXAMPLE] } }] },
    { name: 'items removed, expiry cleared', args: [SqlArg.manager, 1, { expires_x_days: null }, { items: [] }] },
  )
  async updateQuote(m: EntityManager, id: number, values: QuoteValues, change: QuoteChange): Promise<void> {
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
    // A new link voids the form tokens of the old one, even if it is set back later.
    if (values.cart_link_id !== undefined) sets.push('"cart_link_version" = "cart_link_version" + 1');
    // Only a PATCH that changes something writes, so every write is a new revision.
    sets.push('"revision" = "revision" + 1', '"updated_at" = now()');
    const writes = [`q AS (UPDATE ${tableOf(this.dataSource, Quote)} SET ${sets.join(', ')} WHERE id = ${quoteId} RETURNING id)`];
    const items = tableOf(this.dataSource, QuoteItem);
    if (change.items) {
      writes.push(`di AS (DELETE FROM ${items} WHERE quote_id = ${quoteId})`);
      if (change.items.length) writes.push(`ii AS (${this.itemsInsertSql(quoteId, p.add(JSON.stringify(change.items)))})`);
    } else if (change.prices && change.prices.ids.length) {
      const priced = change.prices.items;
      const column = (f: (i: PricedItem) => unknown) => p.add(priced.map(f));
      writes.push(`ui AS (UPDATE ${items} AS i
          SET variant_id = v.variant_id, price = v.price, subtotal = v.subtotal, discount = v.discount,
              total = v.total, tax = v.tax, updated_at = now()
         FROM unnest(${p.add(change.prices.ids)}::int[], ${column((i) => i.variant_id)}::int[], ${column((i) => i.price)}::numeric[],
                     ${column((i) => i.subtotal)}::numeric[], ${column((i) => i.discount)}::numeric[], ${column((i) => i.total)}::numeric[],
                     ${column((i) => i.tax)}::numeric[]) AS v(id, variant_id, price, subtotal, discount, total, tax)
        WHERE i.id = v.id)`);
    }
    if (change.groupIds) {
      const links = tableOf(this.dataSource, QuoteCustomerGroup);
      const ids = `${p.add(change.groupIds)}::int[]`;
      // Links kept are neither deleted nor inserted, so no statement sees a key twice.
      writes.push(`dg AS (DELETE FROM ${links} WHERE quote_id = ${quoteId} AND customer_group_id <> ALL(${ids}))`);
      writes.push(`ig AS (INSERT INTO ${links} (quote_id, customer_group_id) SELECT ${quoteId}, gid FROM unnest(${ids}) AS gid
        ON CONFLICT DO NOTHING)`);
    }
    await runStatement(m, `WITH ${writes.join(', ')} SELECT id FROM q`, p.values, { prepare: false });
  }

  /**
   * Sets the stored status of a locked quote (reopen, order): `active` clears the buyer's decision
   * (accepted_at, declined_at, decline_reason); `ordered` records the order. updated_at moves.
   */
  @GenerateSql(
    { name: 'reopen', args: [SqlArg.manager, 1, { status: 'active' }] },
    { name: 'ordered', args: [SqlArg.manager, 1, { status: 'ordered', orderId: 1 }] },
  )
  async setStatus(m: EntityManager, id: number, to: { status: 'active' } | { status: 'ordered'; orderId: number }): Promise<void> {
    const sql =
      to.status === 'active'
        ? `UPDATE ${tableOf(this.dataSource, Quote)} SET status = 'active', accepted_at = NULL, declined_at = NULL, decline_reason = NULL,
             updated_at = now() WHERE id = $1`
        : `UPDATE ${tableOf(this.dataSource, Quote)} SET status = 'ordered', order_id = $2, updated_at = now() WHERE id = $1`;
    await runStatement(m, sql, to.status === 'active' ? [id] : [id, to.orderId]);
  }

  /** Deletes a quote; its items, customer group links and deliveries go with it (ON DELETE CASCADE). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  deleteQuote(m: EntityManager, id: number): Promise<void> {
    return deleteById(m, Quote, id);
  }
}
