import { Redis } from 'ioredis';
import type { RedisConfig } from '../../config/app-config.js';
import { redisConnectionOptions } from '../redis/redis-options.js';

/**
 * At most `limit` holders at once per key, each holding a slot under a lease: a holder renews its
 * slot while it works and gives it back when it ends, whichever way; a slot whose holder died (its
 * process crashed) lapses when its lease runs out, so nothing leaks for good.
 */
export interface SlotStore {
  /** Takes a slot named `id` under `key` for `leaseMs`; false when `limit` are held already. */
  take(key: string, id: string, limit: number, leaseMs: number): Promise<boolean>;
  /** Extends the lease of a slot held (nothing when it lapsed). */
  renew(key: string, id: string, leaseMs: number): Promise<void>;
  release(key: string, id: string): Promise<void>;
  close(): Promise<void>;
}

/** The slots of one process (no Redis configured, or it cannot be reached). */
export class MemorySlotStore implements SlotStore {
  /** Per key: slot id → when its lease ends. */
  private readonly slots = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  take(key: string, id: string, limit: number, leaseMs: number): Promise<boolean> {
    const now = this.now();
    const held = this.slots.get(key) ?? new Map<string, number>();
    for (const [slot, until] of held) if (until <= now) held.delete(slot);
    if (held.size >= limit) return Promise.resolve(false);
    held.set(id, now + leaseMs);
    this.slots.set(key, held);
    return Promise.resolve(true);
  }

  renew(key: string, id: string, leaseMs: number): Promise<void> {
    const held = this.slots.get(key);
    if (held?.has(id)) held.set(id, this.now() + leaseMs);
    return Promise.resolve();
  }

  release(key: string, id: string): Promise<void> {
    const held = this.slots.get(key);
    held?.delete(id);
    if (held?.size === 0) this.slots.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Slots in Redis, shared by every process: a sorted set per key, each member a slot scored with the
 * end of its lease by Redis' clock. Taking one first drops the lapsed ones; the set itself expires a
 * lease after its last change, so a deployment whose every process died leaves nothing behind.
 */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const TAKE_SCRIPT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

const RENEW_SCRIPT = `${NOW}
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

export class RedisSlotStore implements SlotStore {
  private readonly redis: Redis;

  constructor(config: RedisConfig, onError: (err: Error) => void) {
    this.redis = new Redis({
      ...redisConnectionOptions(config),
      // Connected on first use (a CLI that never uploads never connects), and failing fast while
      // Redis is away: the caller then counts in its own process.
      lazyConnect: true,
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      commandTimeout: 1000,
    });
    this.redis.on('error', onError);
  }

  async take(key: string, id: string, limit: number, leaseMs: number): Promise<boolean> {
    return (await this.redis.eval(TAKE_SCRIPT, 1, key, limit, leaseMs, id)) === 1;
  }

  async renew(key: string, id: string, leaseMs: number): Promise<void> {
    await this.redis.eval(RENEW_SCRIPT, 1, key, leaseMs, id);
  }

  async release(key: string, id: string): Promise<void> {
    await this.redis.zrem(key, id);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'wait') return this.redis.disconnect();
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
