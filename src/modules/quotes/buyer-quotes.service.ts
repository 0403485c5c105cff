import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type BuyerFormat, type BuyerQuote, buyerView } from './domain/buyer-view.js';
import { BuyerQuotesRepository } from './repositories/buyer-quotes.repository.js';

/** What the buyer decided on the cart page. */
export type BuyerDecision = 'accepted' | 'declined';

/**
 * What a buyer's decision came to: made now, the quote decided before (nothing changes), expired,
 * changed since the page was shown (its revision moved), no such quote.
 */
export type DecisionOutcomeKind = 'done' | 'already-decided' | 'expired' | 'changed' | 'not-found';

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

/**
 * The buyer's side of a quote, as the quotes module owns it: the quote as its buyer reads it
 * (BuyerQuote, from one statement: what the cart page, the PDF and the e-mails show; null when
 * there is no such quote), and the buyer's decision on it. The cart module calls these; it holds
 * no statement on quotes.
 */
@Injectable()
export class BuyerQuotesService {
  readonly format: BuyerFormat;
  private recordDecision: DecisionRecorder | null = null;

  constructor(
    private readonly repository: BuyerQuotesRepository,
    private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.format = {
      currency: config.currency,
      locale: config.locale,
      seller: { name: config.storeName, email: config.storeEmail, address: config.storeAddress, phone: config.storePhone },
    };
  }

  /** By cart link identifier, compared exactly (the buyer's capability). */
  async byCartLink(cartLinkId: string): Promise<BuyerQuote | null> {
    const record = await this.repository.byCartLink(this.tx.direct, cartLinkId);
    return record && buyerView(record, this.format);
  }

  /** By `{id|number}`, as the API addresses quotes. */
  async byKey(key: string): Promise<BuyerQuote | null> {
    const record = await this.repository.byKey(this.tx.direct, key);
    return record && buyerView(record, this.format);
  }

  async byId(id: number): Promise<BuyerQuote | null> {
    const record = await this.repository.byId(this.tx.direct, id);
    return record && buyerView(record, this.format);
  }

  /**
   * Who records `quote.accepted` and `quote.declined`: QuotesService, which presents quotes as
   * GET /quote/{id} shows them (the event's data) and writes the notices. Set once at start-up.
   */
  onDecision(record: DecisionRecorder): void {
    this.recordDecision = record;
  }

  /**
   * Accepts or declines the quote of a cart link: records `accepted_at` (or `declined_at` and the
   * reason) once; the quote's `status` then reads `accepted` (`declined`). A quote decided before
   * changes nothing, an expired one cannot be decided, and one whose revision is no longer
   * `revision` (when given) is not decided. Only the decision that changed the quote records its event.
   */
  async decide(cartLinkId: string, decision: BuyerDecision, revision: number | null, reason: string | null): Promise<DecisionOutcomeKind> {
    return this.tx.run(async (m, afterCommit) => {
      const outcome = await this.repository.decide(m, { cartLinkId, revision, decision, reason });
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
