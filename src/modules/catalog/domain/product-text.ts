/** Derived text of products and categories: plain-text descriptions and URL names. */

// Tags that separate words when rendered; any other tag (b, span, a …) joins its neighbours.
const BLOCK_TAG =
  /<\/?(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*>/gi;
const ANY_TAG = /<\/?[a-zA-Z][^>]*>|<!--[\s\S]*?-->/g;
const HIDDEN = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  // One pass, so "&amp;lt;" becomes the text "&lt;" and is not decoded twice.
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** `description_stripped`: the description without markup, entities decoded, white space collapsed. */
export function stripHtml(html: string): string {
  const text = html.replace(HIDDEN, ' ').replace(BLOCK_TAG, ' ').replace(ANY_TAG, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** A URL name from free text: lower-case ASCII words joined by `-`. */
export function slugify(text: string, fallback: string, max = 200): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The first of `base`, `base-2`, `base-3` … not in `taken` (a set: a batch asks once per product). */
export function firstFreeSlug(base: string, taken: ReadonlySet<string> | readonly string[]): string {
  const used = taken instanceof Set ? taken : new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
