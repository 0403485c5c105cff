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
