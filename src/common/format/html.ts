/**
 * HTML escaping of the five characters that matter, for text and quoted attribute values alike.
 * Mustache's default also encodes `/`, `=` and backticks, which turns a link into
 * `https:&#x2F;&#x2F;…`: valid, but no longer the link as written (link checkers, plain-text previews
 * and searches in a message miss it).
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
