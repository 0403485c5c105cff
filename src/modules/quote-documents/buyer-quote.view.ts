import { timestamp } from '../../common/format/format.js';
import { type MoneyInput, formatCurrency, toDecimal } from '../../common/money/money.js';
import { type Labels, labelsFor } from './labels/buyer.labels.js';

/**
 * Where a quote stands for its buyer: open to accept or decline, past its expiry, accepted, declined,
 * or ordered. The quotes module decides it (its expiry rule: quotes/domain/quote-status.ts, buyerState).
 */
export type BuyerState = 'open' | 'expired' | 'accepted' | 'declined' | 'ordered';

/**
 * What the buyer's view is made from: a quote as its owner reads it for its buyer (money as
 * PostgreSQL's text, timestamps as Dates), with where it stands for the buyer already decided.
 */
export interface BuyerQuoteRecord {
  id: number;
  number: string;
  name: string;
  cart_link_id: string;
  cart_link_version: number;
  state: BuyerState;
  revision: number;
  expires_at: Date | null;
  accepted_at: Date | null;
  declined_at: Date | null;
  decline_reason: string | null;
  updated_at: Date;
  subtotal: string;
  total_discount: string;
  total_tax: string;
  total: string;
  items: BuyerItemRecord[];
}

interface BuyerItemRecord {
  name: string | null;
  sku: string | null;
  product_id: number;
  options: Record<string, string>;
  extras: { sku: string; name: string; price: string }[];
  quantity: number;
  price: string;
  subtotal: string;
  discount: string;
  total: string;
}

export interface BuyerItem {
  name: string;
  sku: string | null;
  /** Option name and chosen value, in the order they were saved. */
  options: [string, string][];
  extras: { name: string; price: string }[];
  quantity: number;
  unitPrice: string;
  /** The line before its discount (quantity × unit price, extras included). */
  subtotal: string;
  /** Null when the line has no discount. */
  discount: string | null;
  total: string;
}

/** Who sells: the store's name and, when configured, its e-mail, postal address (lines) and phone. */
export interface Seller {
  name: string;
  email: string | null;
  address: string[];
  phone: string | null;
}

/**
 * A quote as its buyer reads it — on the cart page, in the PDF and in the e-mails: every amount
 * formatted in the store's currency and locale, dates spelled out in UTC. The three renderings
 * read this one object, so they cannot disagree.
 */
export interface BuyerQuote {
  storeName: string;
  /** The LOCALE value, e.g. "en-US": language of labels and dates, and the PDF's paper size. */
  locale: string;
  /** Who sells: the store's name and, when configured, its e-mail, postal address (lines) and phone. */
  seller: { name: string; email: string | null; address: string[]; phone: string | null };
  /** Every fixed word the buyer reads, in LOCALE's language (English when there is no table for it): labels/. */
  labels: Labels;
  id: number;
  number: string;
  name: string;
  cartLinkId: string;
  /** How many times the link was set (its form tokens are signed over it with `id`). */
  cartLinkVersion: number;
  state: BuyerState;
  /** `YYYY-MM-DD HH:MM:SS` (UTC), as the API shows it; null when the quote never expires. */
  expiresAt: string | null;
  /** The same date spelled out in the store's locale, e.g. "March 1, 2025 at 2:05 PM UTC". */
  expiresOn: string | null;
  /** `YYYY-MM-DD HH:MM:SS` (UTC) of the acceptance and of the decline, as the API shows them. */
  acceptedAt: string | null;
  declinedAt: string | null;
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
}

/** How the store shows quotes to buyers (CURRENCY, LOCALE, the seller's identity). */
export interface BuyerFormat {
  currency: string;
  locale: string;
  seller: Seller;
}

/** `tel:` link of a phone number as written: its digits, and the leading `+` if any. */
export function telLink(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A timestamp in the store's locale, in UTC (the zone every timestamp of the API is in). */
export function spellDate(value: Date, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return `${format.format(value)} UTC`;
}

/**
 * The discount rule of what a buyer reads (page, PDF, e-mail): a line shows its discount only when
 * it has one (any amount other than zero), so an undiscounted line reads "quantity × price = total".
 */
function hasDiscount(discount: MoneyInput): boolean {
  return !toDecimal(discount).isZero();
}

export function buyerView(r: BuyerQuoteRecord, f: BuyerFormat): BuyerQuote {
  const money = (v: string) => formatCurrency(v, f.currency, f.locale);
  return {
    storeName: f.seller.name,
    locale: f.locale,
    seller: f.seller,
    labels: labelsFor(f.locale),
    id: r.id,
    number: r.number,
    name: r.name,
    cartLinkId: r.cart_link_id,
    cartLinkVersion: r.cart_link_version ?? 1,
    state: r.state,
    expiresAt: timestamp(r.expires_at),
    expiresOn: r.expires_at ? spellDate(r.expires_at, f.locale) : null,
    acceptedAt: timestamp(r.accepted_at),
    declinedAt: timestamp(r.declined_at),
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
      subtotal: money(i.subtotal),
      discount: hasDiscount(i.discount) ? money(i.discount) : null,
      total: money(i.total),
    })),
    subtotal: money(r.subtotal),
    discount: money(r.total_discount),
    tax: money(r.total_tax),
    total: money(r.total),
    updatedAt: r.updated_at,
  };
}
