import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { redisConnectionOptions } from '../redis/redis-options.js';

/**
 * Pings the Redis (REDIS_URL, or the master Sentinel names) on a connection of its own that never queues commands: while Redis
 * is away a ping fails at once (instead of waiting for a reconnect), and it reconnects by itself.
 */
@Injectable()
export class RedisHealthIndicator implements OnModuleInit, OnApplicationShutdown {
  private readonly redis: Redis | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly indicators: HealthIndicatorService,
  ) {
    this.redis = config.redis
      ? new Redis({
          ...redisConnectionOptions(config.redis),
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: 2000,
          retryStrategy: (times) => Math.min(times * 250, 2000),
        })
      : null;
    // Connection errors are what the ping reports; ioredis would otherwise print each one.
    this.redis?.on('error', () => undefined);
  }

  get configured(): boolean {
    return this.redis !== null;
  }

  onModuleInit(): void {
    // A Redis that is down at boot is reported by /ready, not a reason to refuse to start.
    this.redis?.connect().catch(() => undefined);
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }

  /** A first connection under way is waited for (a probe right after boot); a Redis that is away is not. */
  private connected(redis: Redis): Promise<void> {
    if (redis.status !== 'connecting' && redis.status !== 'connect') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        redis.off('ready', done).off('close', done);
        resolve();
      };
      redis.once('ready', done).once('close', done);
    });
  }

  pingCheck(key: string, timeoutMs: number) {
    return this.indicators
      .check(key)
      .attempt(async () => {
        if (!this.redis) throw new Error('Redis is not configured');
        await this.connected(this.redis);
        await this.redis.ping();
      })
      .withTimeout(timeoutMs);
  }
}
