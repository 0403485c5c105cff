import type { BuyerState } from '../../quote-documents/buyer-quote.view.js';

/**
 * A quote's life (docs/api.md#a-quotes-life): open (`active`, or `expired` once past `expires_at`), then accepted
 * or declined by its buyer, and `ordered` once an order was made from it. What the buyer accepted
 * (or declined) is final: it cannot be edited, deleted or sent until the seller reopens it; an
 * ordered quote never changes again.
 */
export const QUOTE_STATUSES = ['active', 'accepted', 'declined', 'expired', 'ordered'] as const;

/** What a quote reads: a stored decision stands; an open quote past its expiry reads `expired`. */
export function effectiveStatus(q: { status: string; expires_at: Date | null }, now = new Date()): string {
  if (q.status !== 'active') return q.status;
  return isPastExpiry(q.expires_at, now) ? 'expired' : q.status;
}

/** Where a quote stands for its buyer (the page, the PDF, the e-mails): its effective status, `active` read as open. */
export function buyerState(q: { status: string; expires_at: Date | null }, now = new Date()): BuyerState {
  const status = effectiveStatus(q, now);
  if (status === 'accepted' || status === 'declined' || status === 'ordered' || status === 'expired') return status;
  return 'open';
}

/** Statuses in which the quote is final: no PATCH, DELETE or send-quote. */
const FINAL: readonly string[] = ['accepted', 'declined', 'ordered'];

export type QuoteAction = 'change' | 'delete' | 'send';
const VERB: Record<QuoteAction, string> = { change: 'changed', delete: 'deleted', send: 'sent' };

/** The 409 message when `action` is refused for a quote in `status`, else null. */
export function finalQuoteError(number: string, status: string, action: QuoteAction): string | null {
  if (!FINAL.includes(status)) return null;
  const how = status === 'ordered' ? 'it can no longer change' : 'reopen it first (POST /quote/{id}/reopen)';
  return `Quote ${number} is ${status} and cannot be ${VERB[action]}: ${how}.`;
}

/** The 409 message when a quote in `status` cannot be reopened, else null. */
export function reopenError(number: string, status: string): string | null {
  if (status === 'accepted' || status === 'declined') return null;
  if (status === 'ordered') return `Quote ${number} is ordered and cannot be reopened.`;
  return `Quote ${number} is ${status}: only an accepted or declined quote can be reopened.`;
}

/**
 * The expiry rule, the one place it is written in TypeScript: a quote with an expiry is past it from
 * that instant on (`expires_at <= now`). The SQL that filters or decides on it says the same in its
 * WHERE (`expires_at <= now()` / `expires_at > now()`: QuoteReadsRepository.page, BuyerQuotesRepository.decide).
 */
export function isPastExpiry(expiresAt: Date | null, now = new Date()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
