/** How a job kind spaces its retries: exponential from `baseMs`, optionally capped and jittered. */
export interface Backoff {
  baseMs: number;
  /** The longest wait, however many attempts failed. */
  maxMs?: number;
  /** ± this share of the wait, drawn at random (0.2: between 80 % and 120 %), so retries of many rows spread out. */
  jitter?: number;
}

/**
 * The wait after failed attempt `attempt` (1-based): base · 2^(attempt−1), at most `maxMs`, with
 * its jitter. The one retry schedule of every job kind (quote e-mails, webhooks, an import's chunk).
 */
export function backoffMs(attempt: number, b: Backoff, random: () => number = Math.random): number {
  const plain = Math.min(b.baseMs * 2 ** Math.max(0, attempt - 1), b.maxMs ?? Infinity);
  if (!b.jitter) return plain;
  return Math.max(1, Math.round(plain * (1 - b.jitter + 2 * b.jitter * random())));
}
