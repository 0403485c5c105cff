/**
 * The recipients of a quote e-mail (docs/api.md#sending-a-quote): the quote customer's address, every
 * `customer_emails` address, then the customers of the quote's groups, in that order, each once
 * (compared case-insensitively, first spelling kept).
 */
export function quoteRecipients(customerEmail: string | null, customerEmails: string[] | null, groupEmails: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of [customerEmail, ...(customerEmails ?? []), ...groupEmails]) {
    const email = raw?.trim();
    if (!email) continue;
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(email);
  }
  return out;
}
