import type { EntityManager } from 'typeorm';

/** A quote line as an order copies it. */
export interface QuoteLineForOrder {
  position: number;
  product_id: number;
  variant_id: number | null;
  /** The product's name and SKU now (the order freezes them); null when the product is gone. */
  name: string | null;
  sku: string | null;
  options: Record<string, string>;
  extras: { sku: string; name: string; price: string }[];
  quantity: number;
  price: string;
  discount: string;
  tax: string;
  total: string;
}

/** A quote locked for its conversion into an order. */
export interface QuoteForOrder {
  id: number;
  number: string;
  /** As the API reads it (`expired` included). */
  status: string;
  order_id: number | null;
  customer_id: number | null;
  customer_emails: string[] | null;
  coupon_code: string | null;
  subtotal: string;
  total_discount: string;
  total_tax: string;
  total: string;
  lines: QuoteLineForOrder[];
}

/**
 * What the orders module asks of the quotes module, which owns the quote tables: a quote locked
 * for conversion, and the mark that it became an order (with its `quote.ordered` event). The
 * quotes module registers it at start-up (it uses the orders module, so this one cannot inject it).
 */
export interface QuoteSource {
  lockForOrder(m: EntityManager, key: string): Promise<QuoteForOrder>;
  markOrdered(m: EntityManager, quoteId: number, orderId: number): Promise<void>;
}
