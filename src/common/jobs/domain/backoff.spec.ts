import { backoffMs } from './backoff.js';

describe('backoffMs', () => {
  it('doubles from the base after each failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, { baseMs: 1000 }))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('stops at its cap', () => {
    expect(backoffMs(10, { baseMs: 1000, maxMs: 60_000 })).toBe(60_000);
  });

  it('spreads a wait by its jitter, either way', () => {
    expect(backoffMs(2, { baseMs: 1000, jitter: 0.2 }, () => 0)).toBe(1600);
    expect(backoffMs(2, { baseMs: 1000, jitter: 0.2 }, () => 0.5)).toBe(2000);
    expect(backoffMs(2, { baseMs: 1000, jitter: 0.2 }, () => 1)).toBe(2400);
  });
});
