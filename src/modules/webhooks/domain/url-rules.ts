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
