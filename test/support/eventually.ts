export interface PollOptions {
  /** How long to keep trying (ms); the last try starts at this deadline. */
  timeoutMs?: number;
  /** The pause between tries (ms). */
  intervalMs?: number;
}

/**
 * Runs `check` (typically a few `expect`s) until it passes, and returns what it returned. On timeout
 * the last try's error is thrown as it was, so the report shows the assertion that still failed.
 * For a condition that takes a while; never a bare sleep in its place.
 */
export async function eventually<T>(check: () => T | Promise<T>, { timeoutMs = 5_000, intervalMs = 50 }: PollOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      const left = deadline - Date.now();
      if (left <= 0) throw err;
      await new Promise((r) => setTimeout(r, Math.min(intervalMs, left)));
    }
  }
}
