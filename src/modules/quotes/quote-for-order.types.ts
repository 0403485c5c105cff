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

/** A quote locked for its conversion into an order (QuotesService.lockForOrder), as the orders module copies it. */
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
