import { backoffMs } from '../../../common/jobs/domain/backoff.js';

/**
 * The retry schedule of a delivery. After failed attempt n (1-based) the next one waits
 * base · 2^(n−1), at most 6 hours, ±20 % jitter; with the default base of 30 s that is
 * 30 s, 1, 2, 4, 8, 16, 32 min, 1.1, 2.1, 4.3 h, then 6 h, 6 h, 6 h: attempt 14 comes about 26 h
 * after the first, and a delivery whose 14th attempt fails is `failed` for good.
 */
export const MAX_ATTEMPTS = 14;
const MAX_WAIT_MS = 6 * 3600_000;
/**
 * How many attempts a delivery keeps on record (its last ones): more than MAX_ATTEMPTS, so today
 * every attempt of a delivery is kept; the cap keeps the row bounded whatever the retry policy becomes.
 */
export const MAX_ATTEMPT_RECORDS = 20;

/** Milliseconds to wait after failed attempt `attempt`, or null when it was the last one. */
export function retryWaitMs(attempt: number, baseMs: number, random: () => number = Math.random): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return backoffMs(attempt, { baseMs, maxMs: MAX_WAIT_MS, jitter: 0.2 }, random);
}

/** An endpoint whose attempts have all failed for this long is switched off. */
export const DISABLE_AFTER_MS = 24 * 3600_000;
