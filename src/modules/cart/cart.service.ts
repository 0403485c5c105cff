import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type BuyerFormat, type BuyerQuote, buyerView } from './buyer-view.js';
import { quotePage } from './cart-page.js';
import { CartTokens } from './cart-tokens.js';
import { type CartRecord, CartRepository } from './cart.repository.js';
import { renderQuotePdf } from './quote-pdf.js';

/**
 * What a buyer's decision came to: made now, the quote decided before (nothing changes), expired,
 * changed since the page was shown (its revision moved), refused form, no such quote.
 */
export type DecisionResult = 'done' | 'already-decided' | 'expired' | 'changed' | 'bad-token' | 'not-found';

/** What the buyer decided on the cart page. */
export type BuyerDecision = 'accepted' | 'declined';

/**
 * Records `quote.accepted` / `quote.declined` (and their notices) for a quote just decided, in the
 * decision's transaction (`m`); `afterCommit` hands work over once it committed.
 */
export type DecisionRecorder = (
  m: EntityManager,
  quoteId: number,
  decision: BuyerDecision,
  afterCommit: (fn: () => void) => void,
) => Promise<void>;

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
  private recordDecision: DecisionRecorder | null = null;

  constructor(
    private readonly repository: CartRepository,
    private readonly tokens: CartTokens,
    private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.format = { storeName: config.storeName, storeEmail: config.storeEmail, currency: config.currency, locale: config.locale };
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
   * Who records `quote.accepted` and `quote.declined`: the quotes module, which presents quotes as
   * GET /quote/{id} shows them and uses this module (so this one cannot inject it). Set once at
   * start-up (QuotesService).
   */
  onDecision(record: DecisionRecorder): void {
    this.recordDecision = record;
  }

  /**
   * "Accept quote" / "Decline quote": records `accepted_at` (or `declined_at` and the reason) once;
   * the quote's `status` then reads `accepted` (`declined`). A quote decided before changes
   * nothing, an expired one cannot be decided, and one that changed since the page showed it
   * (`revision`, from the form) is not decided: the buyer reloads and sees what changed. The form
   * token is checked first. Only the decision that changed the quote records its event.
   */
  async decide(
    cartLinkId: string,
    decision: BuyerDecision,
    form: { token: unknown; revision: unknown; reason?: string | null },
  ): Promise<DecisionResult> {
    if (!(await this.tokens.verify(cartLinkId, form.token))) return 'bad-token';
    // Pages rendered before forms carried a revision still work: without one, no revision is checked.
    const revision = typeof form.revision === 'string' && /^\d{1,9}$/.test(form.revision) ? Number(form.revision) : null;
    if (form.revision !== undefined && revision === null) return 'changed';
    return this.tx.run(async (m, afterCommit) => {
      const outcome = await this.repository.decide(m, { cartLinkId, revision, decision, reason: form.reason ?? null });
      if (!outcome) return 'not-found';
      if (outcome.decided) {
        // The one place these events are written, in this transaction (CONTRACT §12, §14): the ERP
        // then turns the quote into an order. Without its recorder the decision rolls back.
        if (!this.recordDecision) throw new Error('No recorder of buyer decisions is set (QuotesService sets it).');
        await this.recordDecision(m, outcome.id, decision, afterCommit);
        return 'done';
      }
      // Not decided by this statement: decided already (perhaps by a concurrent request that
      // committed after this statement's snapshot, which still showed the quote open), expired,
      // or changed since the buyer's page was shown.
      if (outcome.status !== 'active') return 'already-decided';
      if (outcome.expired) return 'expired';
      return revision !== null && revision !== outcome.revision ? 'changed' : 'already-decided';
    });
  }
}
