import { Injectable } from '@nestjs/common';
import { BuyerQuotesService } from '../quotes/buyer-quotes.service.js';
import { type BuyerDecision, type DecisionOutcomeKind, QuotesService } from '../quotes/quotes.service.js';
import type { BuyerFormat, BuyerQuote } from '../quote-documents/buyer-quote.view.js';
import { quotePage } from '../quote-documents/cart.page.js';
import { CartTokens } from './cart-tokens.service.js';
import { QuotePdfs } from '../quote-documents/quote-pdf.renderer.js';

/** What a buyer's decision came to (see QuotesService.decide), or a refused form. */
export type DecisionResult = DecisionOutcomeKind | 'bad-token';

export type { BuyerDecision } from '../quotes/quotes.service.js';

export interface QuotePdf {
  quote: BuyerQuote;
  pdf: Buffer;
}

/**
 * The buyer's side of a quote: its page and PDF by cart link (no token: the unguessable link is
 * the capability), and the forms of its decision (their token). The quote and the decision are the
 * quotes module's (BuyerQuotesService, QuotesService.decide): this module holds no statement on quotes.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly quotes: BuyerQuotesService,
    private readonly decisions: QuotesService,
    private readonly tokens: CartTokens,
    private readonly pdfs: QuotePdfs,
  ) {}

  /** How the request's store shows quotes (its name, currency, language). */
  format(): BuyerFormat {
    return this.quotes.format();
  }

  /** The HTML page of a cart link; null when no quote has it (never existed, or deleted). */
  async page(cartLinkId: string): Promise<string | null> {
    const quote = await this.quotes.byCartLink(cartLinkId);
    if (!quote) return null;
    return quotePage(quote, await this.tokens.sign({ cartLinkId: quote.cartLinkId, id: quote.id, version: quote.cartLinkVersion }));
  }

  async pdfByCartLink(cartLinkId: string): Promise<QuotePdf | null> {
    return this.pdf(await this.quotes.byCartLink(cartLinkId));
  }

  private async pdf(quote: BuyerQuote | null): Promise<QuotePdf | null> {
    if (!quote) return null;
    return { quote, pdf: await this.pdfs.render(quote) };
  }

  /**
   * "Accept quote" / "Decline quote": records `accepted_at` (or `declined_at` and the reason) once;
   * the quote's `status` then reads `accepted` (`declined`). A quote decided before changes
   * nothing, an expired one cannot be decided, and one that changed since the page showed it
   * (`revision`, from the form) is not decided: the buyer reloads and sees what changed. The form
   * token is checked first; the decision itself is the quotes module's (QuotesService.decide).
   */
  async decide(
    cartLinkId: string,
    decision: BuyerDecision,
    form: { token: unknown; revision: unknown; reason?: string | null },
  ): Promise<DecisionResult> {
    // The token is checked against the link as it is now: a link changed since (even set back) voids it.
    const key = await this.quotes.formKey(cartLinkId);
    if (!key) return 'not-found';
    if (!(await this.tokens.verify({ cartLinkId, ...key }, form.token))) return 'bad-token';
    // Pages rendered before forms carried a revision still work: without one, no revision is checked.
    const revision = typeof form.revision === 'string' && /^\d{1,9}$/.test(form.revision) ? Number(form.revision) : null;
    if (form.revision !== undefined && revision === null) return 'changed';
    return this.decisions.decide(cartLinkId, decision, revision, form.reason ?? null);
  }
}
