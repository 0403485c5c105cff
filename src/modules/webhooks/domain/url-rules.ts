const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
/**
 * The request schema's form of a webhook URL (urlProblem is the rule): http or https, a host name
 * (its last label starting with a letter, as a number there would be read as an IPv4 address) or an
 * IPv4 address, an optional port, then a path and query without spaces; no credentials. Literal IPv6
 * hosts, which the API also takes, are left out of the pattern (they are almost always private).
 */
export const WEBHOOK_URL_PATTERN =
  `^[Hh][Tt][Tt][Pp][Ss]?://(?:(?:${LABEL}\\.)*[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?|${OCTET}(?:\\.${OCTET}){3})` +
  `(?::[1-9][0-9]{0,3})?(?:/[A-Za-z0-9._~!$&'()*+,;=:@/-]*)?(?:\\?[A-Za-z0-9._~!$&'()*+,;=:@/?-]*)?$`;

/** A webhook URL: http(s), a host, no credentials, at most 2048 characters. Null when fine, else why not. */
export function urlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (!url.hostname) return 'must name a host';
  if (url.username || url.password) return 'must not carry credentials';
  return null;
}

/** Logged at start by the api and the worker when WEBHOOK_ALLOW_PRIVATE=true: the rule above is off. */
export const ALLOW_PRIVATE_WARNING =
  'WEBHOOK_ALLOW_PRIVATE=true: webhook URLs may reach private, loopback and link-local addresses (the cloud metadata ' +
  'address included). For development and tests only: in production anyone holding webhooks:write can make this server ' +
  'send requests into its own network.';
