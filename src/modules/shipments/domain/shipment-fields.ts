/** Field rules of shipments and tracking codes, free of Nest and TypeORM. */
export const SHIPMENT_STATUSES = ['pending', 'shipped', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/**
 * A tracking link must be an absolute http(s) address a browser can open: the scheme is spelled out
 * (WHATWG parsing would otherwise accept `http:example.com`), a host is present, and no white space.
 */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s/?#]/i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    // Not parseable as a URL: simply invalid input.
    return false;
  }
}
