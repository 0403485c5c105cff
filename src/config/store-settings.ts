import { isEmailAddress } from '../common/validation/email.js';

/**
 * The rules of a store's settings, one copy for the environment of the store `default` (loadConfig)
 * and for `PATCH /store` and the CLI: each answers what is wrong with a value, or null when it is fine.
 */

/**
 * A sender: an address, or a name and an address in `<>` (`Sales <sales@shop.example>`, the name
 * quoted when it holds a comma: `"Acme, Inc." <…>`). A control character (CR, LF: a header of its own),
 * an address isEmailAddress refuses or a second `<` are refused.
 */
export function mailFromProblem(value: string): string | null {
  if (/\p{Cc}/u.test(value)) return 'must not contain control characters (CR, LF, tab …)';
  const named = /^(.*?)\s*<([^<>]*)>$/.exec(value);
  const name = named ? named[1] : '';
  const address = named ? named[2] : value;
  const nameFits = /^"[^"\\]*"$/.test(name) || !/[<>",;\\]/.test(name);
  if (!isEmailAddress(address) || !nameFits || /\p{Cf}/u.test(name))
    return `must be an e-mail address or "Name <address>", got ${JSON.stringify(value)}`;
  return null;
}

/** An ISO 4217 code: three capital letters. */
export function currencyProblem(value: string): string | null {
  return /^[A-Z]{3}$/.test(value) ? null : `must be an ISO 4217 code, got "${value}"`;
}

/** A BCP 47 locale that can show amounts of `currency`. */
export function localeProblem(value: string, currency: string): string | null {
  try {
    new Intl.NumberFormat(value, { style: 'currency', currency });
    return null;
  } catch {
    return `must be a BCP 47 locale, got "${value}"`;
  }
}

/** A store's address: an http or https URL without credentials, query or fragment (cart links are it + `/cart/…`). */
export function storeUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(value))
    return 'must be an address without credentials, query or fragment';
  return null;
}
