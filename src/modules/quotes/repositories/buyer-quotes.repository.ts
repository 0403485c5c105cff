import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { timestampsDecoder } from '../../../database/sql/json.js';
import { keySql } from '../../../database/sql/key-lookup.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { tableOf } from '../../../database/table.js';
import { Product } from '../../catalog/products/product.entity.js';
import { QuoteItem } from '../quote-item.entity.js';
import { Quote } from '../quote.entity.js';
import type { BuyerQuoteRecord } from '../../quote-documents/buyer-quote.view.js';

/**
 * A quote as its buyer reads it, from one statement (money as PostgreSQL's text; timestamps decoded
 * to Dates by the repository): the buyer's view's record with the stored status, from which the
 * service decides where the quote stands for its buyer.
 */
export interface BuyerQuoteRow extends Omit<BuyerQuoteRecord, 'state'> {
  status: string;
}

/** What a cart page's form token is signed over besides the link: the quote and how many times its link was set. */
export interface CartFormKey {
  id: number;
  version: number;
}

/** The buyer's view as the statement answered it, its timestamps (PostgreSQL's JSON text) turned into Dates in place. */
const decodeTimestamps = timestampsDecoder<BuyerQuoteRow>(['expires_at', 'accepted_at', 'declined_at', 'updated_at']);
const decodeView = (view: BuyerQuoteRow | undefined): BuyerQuoteRow | null => (view ? decodeTimestamps(view) : null);

/**
 * What a buyer's decision did: the quote's state as it was before the statement (`decided` tells
 * whether this statement accepted or declined it; `revision` is the one stored).
 */
export interface DecisionOutcome {
  id: number;
  decided: boolean;
  status: string;
  revision: number;
  expired: boolean;
}

/** A buyer's decision on the quote of a cart link; `revision` (when the form carried one) must still be the stored one. */
export interface Decision {
  cartLinkId: string;
  revision: number | null;
  decision: 'accepted' | 'declined';
  reason?: string | null;
}

/**
 * The buyer's statements on a quote: the one read of it (the quote with its items as the cart page,
 * the PDF and the e-mails show it, in one statement, by cart link, by `{id|number}` or by id) and
 * the buyer's decision.
 */
@Injectable()
export class BuyerQuotesRepository {
  /** `SELECT <the buyer's view> FROM quotes q`, for the reads to add their WHERE to. */
  private readonly viewSql: string;
  private readonly quotes: string;

  constructor(dataSource: DataSource) {
    this.quotes = tableOf(dataSource, Quote);
    this.viewSql = `SELECT json_build_object(
    'id', q.id, 'number', q.number, 'name', q.name, 'cart_link_id', q.cart_link_id, 'cart_link_version', q.cart_link_version,
    'status', q.status, 'revision', q.revision,
    'expires_at', q.expires_at, 'accepted_at', q.accepted_at, 'declined_at', q.declined_at, 'decline_reason', q.decline_reason,
    'updated_at', q.updated_at,
    'subtotal', q.subtotal::text, 'total_discount', q.total_discount::text, 'total_tax', q.total_tax::text, 'total', q.total::text,
    'items', COALESCE((
      SELECT json_agg(json_build_object(
               'name', p.name, 'sku', p.sku, 'product_id', i.product_id, 'options', i.options, 'extras', i.extras,
               'quantity', i.quantity, 'price', i.price::text, 'subtotal', i.subtotal::text, 'discount', i.discount::text,
               'total', i.total::text) ORDER BY i.position, i.id)
        FROM ${tableOf(dataSource, QuoteItem)} i LEFT JOIN ${tableOf(dataSource, Product)} p ON p.id = i.product_id
       WHERE i.quote_id = q.id), '[]'::json)) AS view
      FROM ${this.quotes} q`;
  }

  /** By cart link identifier, compared exactly (it is the buyer's capability); null when there is none. */
  @GenerateSql({ args: [SqlArg.manager, 'AbCdEfGhIjKlMnOp'] })
  async byCartLink(m: EntityManager, cartLinkId: string): Promise<BuyerQuoteRow | null> {
    const [row] = await runStatement<{ view: BuyerQuoteRow }>(m, `${this.viewSql} WHERE q.cart_link_id = $1`, [cartLinkId]);
    return decodeView(row?.view);
  }

  /** What a cart link's form token is signed over (the quote's id and its link's version); null when no quote has the link. */
  @GenerateSql({ args: [SqlArg.manager, 'AbCdEfGhIjKlMnOp'] })
  async formKey(m: EntityManager, cartLinkId: string): Promise<CartFormKey | null> {
    const [row] = await runStatement<CartFormKey>(
      m,
      `SELECT id, cart_link_version AS version FROM ${this.quotes} WHERE cart_link_id = $1`,
      [cartLinkId],
    );
    return row ?? null;
  }

  /**
   * By `{id|number}` (the id first, then the number, case-insensitively), as the API addresses
   * quotes: numbers are `Q` + digits, stored upper case, so `number = upper($)` uses the unique index.
   */
  @GenerateSql({ name: 'by id or number', args: [SqlArg.manager, '1001'] }, { name: 'by number', args: [SqlArg.manager, 'q1001'] })
  async byKey(m: EntityManager, segment: string): Promise<BuyerQuoteRow | null> {
    const key = keySql('q', segment, 'number', 'upper');
    const [row] = await runStatement<{ view: BuyerQuoteRow }>(m, `${this.viewSql} WHERE ${key.where} ${key.order} LIMIT 1`, key.params);
    return decodeView(row?.view);
  }

  /** By id (the e-mails of a quote, and the PDF they carry). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async byId(m: EntityManager, id: number): Promise<BuyerQuoteRow | null> {
    const [row] = await runStatement<{ view: BuyerQuoteRow }>(m, `${this.viewSql} WHERE q.id = $1`, [id]);
    return decodeView(row?.view);
  }

  /**
   * Accepts or declines the quote of a cart link in one statement: only an open quote (`active`,
   * not expired) of the revision the buyer saw changes. The row is locked before it is judged, so
   * a concurrent decision or change is waited for and the outcome (`status`, `revision`) is the
   * quote as it committed: a quote is decided once, and a decision a change overtook reads the new
   * revision. Null when there is no such quote.
   * "Not expired" is the rule of domain/quote-status.ts `isPastExpiry`, said in SQL.
   */
  @GenerateSql(
    { name: 'accept', args: [SqlArg.manager, { cartLinkId: 'AbCdEfGhIjKlMnOp', revision: 1, decision: 'accepted' }] },
    {
      name: 'decline',
      args: [SqlArg.manager, { cartLinkId: 'AbCdEfGhIjKlMnOp', revision: null, decision: 'declined', reason: 'Too dear' }],
    },
  )
  async decide(m: EntityManager, d: Decision): Promise<DecisionOutcome | null> {
    const set =
      d.decision === 'accepted'
        ? `accepted_at = now(), status = 'accepted'`
        : `declined_at = now(), decline_reason = $3::text, status = 'declined'`;
    // `cur` locks the quote first: behind a concurrent change (a PATCH holding the row) it waits, then
    // reads the row as that change committed it, so the outcome is judged on the quote as it now is
    // (a plain read here would see the statement's snapshot, the revision the buyer saw, and call a
    // decision that a change just overtook "decided already").
    const [row] = await runStatement<DecisionOutcome>(
      m,
      `WITH cur AS (
         SELECT id, status, revision, expires_at FROM ${this.quotes} WHERE cart_link_id = $1 FOR UPDATE),
       a AS (
         UPDATE ${this.quotes} q SET ${set}, updated_at = now()
           FROM cur
          WHERE q.id = cur.id AND cur.status = 'active' AND (cur.expires_at IS NULL OR cur.expires_at > now())
            AND ($2::int IS NULL OR cur.revision = $2::int)
          RETURNING q.id)
       SELECT cur.id, EXISTS (SELECT 1 FROM a) AS decided, cur.status, cur.revision,
              (cur.expires_at IS NOT NULL AND cur.expires_at <= now()) AS expired
         FROM cur`,
      d.decision === 'accepted' ? [d.cartLinkId, d.revision] : [d.cartLinkId, d.revision, d.reason ?? null],
    );
    return row ?? null;
  }
}
