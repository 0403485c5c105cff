import { Redis } from 'ioredis';
import type { RedisConfig } from '../../config/app-config.js';
import { redisConnectionOptions } from '../../common/redis/redis-options.js';
import { type WalPosition, laterOf } from './wal-position.js';

/** Keeps the later of the stored position and the given one, and the key's expiry fresh. */
const ADVANCE = `
local current = redis.call('GET', KEYS[1])
if (not current) or current < ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
else
  redis.call('EXPIRE', KEYS[1], ARGV[2])
end
return 1`;

/**
 * How long a key's last write position is kept. Any replica serving reads has replayed a write long
 * before this (a replica more than DATABASE_REPLICA_MAX_LAG_SECONDS behind serves nobody), so an
 * expired entry can no longer send a read to a replica that lacks the write.
 */
const KEEP_SECONDS = 3600;

/**
 * How long a write's answer waits for its position to reach Redis: through a connection that is not
 * ready yet (start-up, a reconnection, a Sentinel failover) and a failed attempt or two. Past it the
 * position is kept as unrecorded and sent on as soon as Redis answers again.
 */
export const RECORD_WITHIN_MS = 2_000;
/** How often unrecorded positions are offered to Redis again. */
const RESEND_MS = 250;

/**
 * The primary's WAL position after each API key's last write: in Redis when there is one, so that
 * every api host knows it (a write on host A, then a read on host B), and in this process too. A
 * read of that key may go to a replica only once the replica has replayed that far.
 */
export class WritePositions {
  private readonly local = new Map<number, WalPosition>();
  /** Positions that did not reach Redis in time: until they do, other hosts may not know them. */
  private readonly unrecorded = new Map<number, WalPosition>();
  private resendTimer: NodeJS.Timeout | null = null;
  private readonly redis: Redis | null;

  constructor(
    redis: RedisConfig | null,
    private readonly prefix: string,
  ) {
    // A read fails fast while Redis is away (or between a Sentinel failover and the new master): the
    // caller then reads from the primary, which is never stale. A write's position waits for the
    // connection within RECORD_WITHIN_MS (see advance).
    this.redis = redis
      ? new Redis({ ...redisConnectionOptions(redis), maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 1000 })
      : null;
    this.redis?.on('error', () => undefined);
  }

  private redisKey(apiKeyId: number): string {
    return `${this.prefix}:wal:${apiKeyId}`;
  }

  /** The position a read of this key needs; throws when Redis cannot say (then read from the primary). */
  async needed(apiKeyId: number): Promise<WalPosition | null> {
    const here = this.local.get(apiKeyId) ?? null;
    if (!this.redis) return here;
    return laterOf(here, await this.redis.get(this.redisKey(apiKeyId)));
  }

  /**
   * True while a position of this process has not reached Redis: another host reading the key would
   * not know it, and this host sends every read to the primary until it has been sent on.
   */
  get someUnrecorded(): boolean {
    return this.unrecorded.size > 0;
  }

  /**
   * Records a write of this key that the primary had made by `position`: here at once, in Redis
   * within RECORD_WITHIN_MS (waiting for a connection that is not ready, trying again after a
   * failure). False when Redis did not take it in time: it is kept and sent on when Redis answers.
   */
  async advance(apiKeyId: number, position: WalPosition): Promise<boolean> {
    this.local.set(apiKeyId, laterOf(this.local.get(apiKeyId) ?? null, position)!);
    const redis = this.redis;
    if (!redis) return true;
    const deadline = Date.now() + RECORD_WITHIN_MS;
    for (;;) {
      try {
        await this.whenReady(redis, deadline);
        await redis.eval(ADVANCE, 1, this.redisKey(apiKeyId), position, String(KEEP_SECONDS));
        return true;
      } catch {
        if (Date.now() + 50 >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    this.unrecorded.set(apiKeyId, laterOf(this.unrecorded.get(apiKeyId) ?? null, position)!);
    this.resendTimer ??= setInterval(() => void this.resend(redis), RESEND_MS);
    this.resendTimer.unref();
    return false;
  }

  close(): void {
    if (this.resendTimer) clearInterval(this.resendTimer);
    this.resendTimer = null;
    this.redis?.disconnect();
  }

  /** Resolves once the connection is ready; rejects at the deadline. */
  private whenReady(redis: Redis, deadline: number): Promise<void> {
    if (redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (err?: Error) => {
        clearTimeout(timer);
        redis.off('ready', ready);
        if (err) reject(err);
        else resolve();
      };
      const ready = () => done();
      const timer = setTimeout(() => done(new Error('Redis was not ready in time')), Math.max(0, deadline - Date.now()));
      redis.on('ready', ready);
    });
  }

  /** Sends the unrecorded positions on; stops once none is left. */
  private async resend(redis: Redis): Promise<void> {
    if (redis.status !== 'ready') return;
    for (const [apiKeyId, position] of [...this.unrecorded]) {
      try {
        await redis.eval(ADVANCE, 1, this.redisKey(apiKeyId), position, String(KEEP_SECONDS));
      } catch {
        return;
      }
      if (this.unrecorded.get(apiKeyId) === position) this.unrecorded.delete(apiKeyId);
    }
    if (this.unrecorded.size === 0 && this.resendTimer) {
      clearInterval(this.resendTimer);
      this.resendTimer = null;
    }
  }
}
