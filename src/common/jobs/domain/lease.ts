/**
 * The arithmetic of a leased claim, as every job kind (quote e-mails, webhooks, bulk jobs) uses it.
 * A holder takes work with a lease (an expiry) and renews it while it lives; once it dies nobody
 * renews, so its work is free again when the lease it last renewed ends, and someone takes it at
 * their next look. The promise is a takeover within TAKEOVER_WITHIN_MS of the death.
 */

/** A dead holder's work is taken over within this of its death (the contract's 30 s). */
export const TAKEOVER_WITHIN_MS = 30_000;

/** A renewal never comes more often than this, however short the lease (tests use 1–2 s). */
const MIN_RENEWAL_MS = 200;

/**
 * How often a holder renews its lease: a third of it, so two renewals in a row may be late or fail
 * (a slow statement, a pause of the process) before the lease ends under a holder that lives.
 */
export function renewalMs(leaseSeconds: number): number {
  return Math.max(MIN_RENEWAL_MS, Math.floor((leaseSeconds * 1000) / 3));
}

/**
 * The longest a dead holder's work waits: its last renewal came at the latest at its death, so
 * the lease ends at most `leaseSeconds` after it; then whoever looks every `lookEveryMs` finds it.
 */
export function takeoverBoundMs(leaseSeconds: number, lookEveryMs: number): number {
  return leaseSeconds * 1000 + lookEveryMs;
}

/**
 * Why a lease does not keep the promise with takeovers looked for every `lookEveryMs` (a sentence
 * for a warning), or null when it does.
 */
export function leaseProblem(variable: string, leaseSeconds: number, lookEveryMs: number): string | null {
  const bound = takeoverBoundMs(leaseSeconds, lookEveryMs);
  if (bound <= TAKEOVER_WITHIN_MS) return null;
  return (
    `${variable}=${leaseSeconds}: work of a process that died may wait up to ${Math.ceil(bound / 1000)} s ` +
    `before it is taken over (more than ${TAKEOVER_WITHIN_MS / 1000} s)`
  );
}

/**
 * After a renewal: the ids that are no longer ours. `held` are the ids still in hand when the
 * answer came (an id whose outcome was recorded meanwhile has left it), `renewed` what the
 * statement renewed; a held id it did not renew was taken over by another holder.
 */
export function lostClaims<Id extends number | string>(held: Iterable<Id>, renewed: Iterable<number | string>): Id[] {
  const kept = new Set([...renewed].map(String));
  return [...held].filter((id) => !kept.has(String(id)));
}
