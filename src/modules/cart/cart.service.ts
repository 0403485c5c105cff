import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type BuyerFormat, type BuyerQuote, buyerView } from './buyer-view.js';
import { quotePage } from './cart-page.js';
import { CartTokens } from './cart-tokens.js';
import { type CartRecord, CartRepository } from './cart.repository.js';
import { renderQuotePdf } from './quote-pdf.js';

/** What an accept came to: accepted now, accepted before (nothing changes), expired, refused form, no such quote. */
export type AcceptResult = 'accepted' | 'already-accepted' | 'expired' | 'bad-token' | 'not-found';

/** Records `quote.accepted` for a quote just accepted, in the accept's transaction (`m`). */
export type AcceptedQuoteRecorder = (m: EntityManager, quoteId: number) => Promise<void>;

export interface QuotePdf {
  quote: BuyerQuote;
  pdf: Buffer;
}

/**
 * The buyer's side of a quote: its page and PDF by cart link (no token: the unguessable link is
 * the capability), its PDF by `{id|number}` for the API, and acceptance.
 */
@Injectable()
export class CartService {
  readonly format: BuyerFormat;
  private recordAccepted: AcceptedQuoteRecorder | null = null;

  constructor(
    private readonly repository: CartRepository,
    private readonly tokens: CartTokens,
    private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.format = { storeName: config.storeName, currency: config.currency, locale: config.locale };
  }

  /** The HTML page of a cart link; null when no quote has it (never existed, or deleted). */
  async page(cartLinkId: string): Promise<string | null> {
    const record = await this.repository.byCartLink(this.tx.direct, cartLinkId);
    if (!record) return null;
    return quotePage(buyerView(record, this.format), await this.tokens.sign(record.cart_link_id));
  }

  async pdfByCartLink(cartLinkId: string): Promise<QuotePdf | null> {
    return this.pdf(await this.repository.byCartLink(this.tx.direct, cartLinkId));
  }

  async pdfByKey(key: string): Promise<QuotePdf | null> {
    return this.pdf(await this.repository.byKey(this.tx.direct, key));
  }

  async pdfById(id: number): Promise<QuotePdf | null> {
    return this.pdf(await this.repository.byId(this.tx.direct, id));
  }

  private async pdf(record: CartRecord | null): Promise<QuotePdf | null> {
    if (!record) return null;
    const quote = buyerView(record, this.format);
    return { quote, pdf: await renderQuotePdf(quote) };
  }

  /**
   * Who records `quote.accepted`: the quotes module, which presents quotes as GET /quote/{id} shows
   * them and uses this module (so this one cannot inject it). Set once at start-up (QuotesService).
   */
  onAccepted(record: AcceptedQuoteRecorder): void {
    this.recordAccepted = record;
  }

  /**
   * "Accept quote": records `accepted_at` once (its `status` then reads `accepted`); a second accept
   * changes nothing, an expired quote cannot be accepted. The form token is checked first. Only the
   * accept that changed the quote records `quote.accepted`.
   */
  async accept(cartLinkId: string, token: unknown): Promise<AcceptResult> {
    if (!(await this.tokens.verify(cartLinkId, token))) return 'bad-token';
    return this.tx.run(async (m) => {
      const outcome = await this.repository.accept(m, cartLinkId);
      if (!outcome) return 'not-found';
      if (outcome.accepted) {
        // The one place a `quote.accepted` event is written, in this transaction (CONTRACT §12):
        // the ERP then turns the quote into an order. Without its recorder the accept rolls back.
        if (!this.recordAccepted) throw new Error('No recorder of quote.accepted is set (QuotesService sets it).');
        await this.recordAccepted(m, outcome.id);
        return 'accepted';
      }
      // Not accepted by this statement: expired, or accepted already (perhaps by a concurrent accept
      // that committed after this statement's snapshot, which still showed the quote open).
      return outcome.expired && outcome.status !== 'accepted' ? 'expired' : 'already-accepted';
    });
  }
}
