import type { RateLimitStore, RateLimitWindow } from './rate-limit.store.js';

/**
 * Fixed windows that start with a key's first request, for a single api process. Expired windows
 * are dropped when the map grows, so idle keys cost nothing for long.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      if (this.windows.size >= 10_000) this.prune(now);
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return Promise.resolve({ count: w.count, resetMs: w.endsAt - now });
  }

  peek(key: string): Promise<RateLimitWindow | null> {
    const now = this.now();
    const w = this.windows.get(key);
    return Promise.resolve(w && w.endsAt > now ? { count: w.count, resetMs: w.endsAt - now } : null);
  }

  unhit(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.endsAt > this.now() && w.count > 0) w.count--;
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }
}
