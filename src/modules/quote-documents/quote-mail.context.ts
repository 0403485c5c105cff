import { escapeHtml } from '../../common/format/html.js';
import { type BuyerQuote, telLink } from './buyer-quote.view.js';
import { fill } from './labels/buyer.labels.js';

/** What a message is: the quote itself (send-quote), or a notice of the buyer's decision. */
export interface MailOccasion {
  message: string | null;
  decision: 'accepted' | 'declined' | null;
  cartLink: string;
  /** The note to STORE_EMAIL (`shop:store-decision`): its title names what the buyer did, in English. */
  toStore?: boolean;
}

/** A message's text for HTML: escaped, its line breaks kept as `<br>`. */
function htmlLines(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>\n');
}

/**
 * The Mustache context of the quote e-mails (`shop:send-quote`, `shop:quote-decision`,
 * `shop:store-decision`), from the BuyerQuote the cart page shows: the same amounts (CURRENCY in
 * LOCALE), the same dates and the same words (docs/api.md#the-buyers-page-cart lists every variable).
 */
export function mailContext(q: BuyerQuote, o: MailOccasion) {
  const l = q.labels;
  // A buyer's free text goes to the store only: the confirmations to the quote's recipients (any
  // template, TEMPLATES_DIR's too) never carry it, so a decline cannot make the store mail anyone's words.
  const reason = o.toStore ? q.declineReason : null;
  const decidedAt = o.decision === 'accepted' ? q.acceptedAt : o.decision === 'declined' ? q.declinedAt : null;
  const decidedOn = o.decision === 'accepted' ? q.acceptedOn : o.decision === 'declined' ? q.declinedOn : null;
  const title = o.toStore
    ? `Quote ${q.number} ${o.decision ?? 'sent'}: ${q.name}`
    : o.decision === 'accepted'
      ? fill(l.mailAcceptedSubject, { number: q.number, name: q.name })
      : o.decision === 'declined'
        ? fill(l.mailDeclinedSubject, { number: q.number, name: q.name })
        : fill(l.mailSubject, { number: q.number, name: q.name });
  return {
    lang: q.locale,
    title,
    labels: l,
    message: o.message,
    message_html: o.message === null ? null : htmlLines(o.message),
    accepted: o.decision === 'accepted',
    declined: o.decision === 'declined',
    decided_at: decidedAt,
    decided_on: decidedOn,
    reason,
    decision_text:
      o.decision === 'accepted'
        ? fill(l.mailAccepted, { number: q.number, date: decidedOn ?? '', total: q.total })
        : o.decision === 'declined'
          ? fill(l.mailDeclined, { number: q.number, date: decidedOn ?? '' })
          : null,
    reason_text: reason === null ? null : fill(l.declineReason, { reason }),
    store: {
      name: q.seller.name,
      email: q.seller.email,
      address: q.seller.address,
      phone: q.seller.phone,
      phone_link: q.seller.phone === null ? null : telLink(q.seller.phone),
    },
    quote: {
      name: q.name,
      number: q.number,
      number_text: fill(l.quoteNumber, { number: q.number }),
      state: q.state,
      cart_link: o.cartLink,
      expires_at: q.expiresAt,
      expires_on: q.expiresOn,
      valid_until_text: q.expiresOn === null ? null : fill(l.validUntil, { date: q.expiresOn }),
      subtotal: q.subtotal,
      total_discount: q.discount,
      total_tax: q.tax,
      total: q.total,
    },
    items: q.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      quantity: i.quantity,
      price: i.unitPrice,
      subtotal: i.subtotal,
      discount: i.discount,
      total: i.total,
      options: i.options.map(([name, value]) => ({ name, value })),
      extras: i.extras,
    })),
  };
}
