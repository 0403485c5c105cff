/** How often a failure that keeps coming back is said again. */
const FAILURE_LOG_MS = 30_000;

/**
 * Says a repeated failure at once, then at most once per FAILURE_LOG_MS with how many came
 * meanwhile: background work retries every poll (and an enqueue fails with every request while
 * Redis is away), which would otherwise write several lines a second for the length of an outage.
 * `say` hears the error and how many failures (or items) it speaks for, this one included.
 */
export class FailureLogger {
  private last = 0;
  private unsaid = 0;

  constructor(private readonly say: (err: Error, count: number) => void) {}

  failed(err: unknown, count = 1): void {
    this.unsaid += count;
    const now = Date.now();
    if (now - this.last < FAILURE_LOG_MS) return;
    this.last = now;
    const total = this.unsaid;
    this.unsaid = 0;
    this.say(err instanceof Error ? err : new Error(String(err)), total);
  }
}
