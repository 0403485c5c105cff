import { MemoryRateLimitStore } from './memory-rate-limit.store.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';

describe('MemoryRateLimitStore', () => {
  it('counts per key in a window that starts with the first request and ends 60 s later', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 15_000;
    expect(await store.hit('a', 60_000)).toEqual({ count: 2, resetMs: 45_000 });
    expect(await store.hit('b', 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 44_999;
    expect(await store.hit('a', 60_000)).toEqual({ count: 3, resetMs: 1 });
    now += 1;
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    expect(await store.hit('b', 60_000)).toEqual({ count: 2, resetMs: 15_000 });
  });
});

describe('RedisRateLimitStore', () => {
  it('fails fast while Redis cannot be reached, so the limiter can let the request through', async () => {
    const errors: string[] = [];
    // Port 1 on the loopback: nothing listens there.
    const store = new RedisRateLimitStore({ url: 'redis://127.0.0.1:1' }, (err) => errors.push(err.message));
    try {
      const started = Date.now();
      await expect(store.hit('k', 60_000)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await store.close();
    }
  });
});

describe('unhit', () => {
  it('takes one request back from a live window, never below zero, and leaves an ended window ended', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    await store.hit('a', 60_000);
    await store.hit('a', 60_000);
    await store.unhit('a');
    expect(await store.peek('a')).toEqual({ count: 1, resetMs: 60_000 });
    await store.unhit('a');
    await store.unhit('a');
    expect(await store.peek('a')).toEqual({ count: 0, resetMs: 60_000 });
    await store.unhit('never-seen');
    expect(await store.peek('never-seen')).toBeNull();
    now += 60_000;
    await store.unhit('a');
    expect(await store.peek('a')).toBeNull();
  });
});
