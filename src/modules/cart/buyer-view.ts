import { timestamp } from '../../common/format/format.js';
import { formatCurrency } from '../../common/money/money.js';
import type { CartRecord } from './cart.repository.js';

/** Where a quote stands for its buyer: open to accept or decline, past its expiry, accepted, declined, or ordered. */
export type BuyerState = 'open' | 'expired' | 'accepted' | 'declined' | 'ordered';

export interface BuyerItem {
  name: string;
  sku: string | null;
  /** Option name and chosen value, in the order they were saved. */
  options: [string, string][];
  extras: { name: string; price: string }[];
  quantity: number;
  unitPrice: string;
  /** Null when the line has no discount. */
  discount: string | null;
  total: string;
}

/**
 * A quote as its cart page and its PDF show it: every amount formatted in the store's currency and
 * locale, dates spelled out in UTC. Both renderings read this one object, so they cannot disagree.
 */
export interface BuyerQuote {
  storeName: string;
  number: string;
  name: string;
  cartLinkId: string;
  state: BuyerState;
  /** `YYYY-MM-DD HH:MM:SS` (UTC), as the API shows it; null when the quote never expires. */
  expiresAt: string | null;
  /** The same date spelled out in the store's locale, e.g. "March 1, 2025 at 2:05 PM UTC". */
  expiresOn: string | null;
  acceptedOn: string | null;
  declinedOn: string | null;
  declineReason: string | null;
  /** The quote's revision: the forms carry it, so a decision applies to what the page showed. */
  revision: number;
  items: BuyerItem[];
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
  updatedAt: Date;
  /** The LOCALE value, e.g. "en-US": language of labels and dates, and the PDF's paper size. */
  locale: string;
  /** Who sells: the store's name and, when configured, its e-mail, postal address (lines) and phone. */
  seller: { name: string; email: string | null; address: string[]; phone: string | null };
}

export interface BuyerFormat {
  storeName: string;
  /** STORE_EMAIL, or null. */
  storeEmail?: string | null;
  currency: string;
  locale: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A timestamp in the store's locale, in UTC (the zone every timestamp of the API is in). */
export function spellDate(value: string | Date, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return `${format.format(new Date(value))} UTC`;
}

export function buyerView(r: CartRecord, f: BuyerFormat, now = new Date()): BuyerQuote {
  const money = (v: string) => formatCurrency(v, f.currency, f.locale);
  const expired = r.expires_at !== null && new Date(r.expires_at).getTime() <= now.getTime();
  return {
    storeName: f.storeName,
    number: r.number,
    name: r.name,
    cartLinkId: r.cart_link_id,
    state: r.status === 'accepted' || r.status === 'declined' || r.status === 'ordered' ? r.status : expired ? 'expired' : 'open',
    expiresAt: timestamp(r.expires_at),
    expiresOn: r.expires_at ? spellDate(r.expires_at, f.locale) : null,
    acceptedOn: r.accepted_at ? spellDate(r.accepted_at, f.locale) : null,
    declinedOn: r.declined_at ? spellDate(r.declined_at, f.locale) : null,
    declineReason: r.decline_reason ?? null,
    revision: r.revision ?? 1,
    items: r.items.map((i) => ({
      name: i.name ?? `Product ${i.product_id}`,
      sku: i.sku,
      options: Object.entries(i.options ?? {}),
      extras: (i.extras ?? []).map((e) => ({ name: e.name, price: money(e.price) })),
      quantity: i.quantity,
      unitPrice: money(i.price),
      discount: Number(i.discount) !== 0 ? money(i.discount) : null,
      total: money(i.total),
    })),
    subtotal: money(r.subtotal),
    discount: money(r.total_discount),
    tax: money(r.total_tax),
    total: money(r.total),
    updatedAt: new Date(r.updated_at),
    locale: f.locale,
    // No postal address or phone is configured yet.
    seller: { name: f.storeName, email: f.storeEmail ?? null, address: [], phone: null },
  };
}
