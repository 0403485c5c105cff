import { Redis } from 'ioredis';
import type { RedisConfig } from '../../config/app-config.js';
import { redisConnectionOptions } from '../redis/redis-options.js';
import type { RateLimitStore, RateLimitWindow } from './rate-limit.store.js';

/**
 * The same windows kept in Redis, so every api process draws on one budget. The count and its
 * expiry are set in one script: a window can never be left without an expiry (which would block
 * the key for good), and Redis' clock alone decides when it ends.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** The window as it stands, counting nothing (nil when the key has none). */
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

/** One request taken back from a live window; a window that ended stays ended. */
const UNHIT_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if count and tonumber(count) > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly redis: Redis;

  constructor(config: RedisConfig, onError: (err: Error) => void) {
    this.redis = new Redis({
      ...redisConnectionOptions(config),
      // Fail fast instead of queueing while Redis is away (or a failover is under way): the limiter
      // then lets requests through until the connection (to the new master) is back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 1000,
    });
    this.redis.on('error', onError);
  }

  /** Resolves once connected, or after `timeoutMs` (requests then pass unlimited until it is). */
  async ready(timeoutMs: number): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.redis.once('ready', done);
    });
  }

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, key, windowMs)) as [number, number];
    return { count, resetMs: ttl };
  }

  async peek(key: string): Promise<RateLimitWindow | null> {
    const window = (await this.redis.eval(PEEK_SCRIPT, 1, key)) as [number, number] | null;
    return window && window[1] > 0 ? { count: window[0], resetMs: window[1] } : null;
  }

  async unhit(key: string): Promise<void> {
    await this.redis.eval(UNHIT_SCRIPT, 1, key);
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      // Already disconnected: nothing left to close.
      this.redis.disconnect();
    }
  }
}
