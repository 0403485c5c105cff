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
 * The primary's WAL position after each API key's last write: in Redis when there is one, so that
 * every api host knows it (a write on host A, then a read on host B), and in this process too. A
 * read of that key may go to a replica only once the replica has replayed that far.
 */
export class WritePositions {
  private readonly local = new Map<number, WalPosition>();
  private readonly redis: Redis | null;

  constructor(
    redis: RedisConfig | null,
    private readonly prefix: string,
  ) {
    // Fails fast while Redis is away (or between a Sentinel failover and the new master): the caller
    // then reads from the primary, which is never stale.
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

  /** Records a write of this key that the primary had made by `position`. */
  async advance(apiKeyId: number, position: WalPosition): Promise<void> {
    this.local.set(apiKeyId, laterOf(this.local.get(apiKeyId) ?? null, position)!);
    await this.redis?.eval(ADVANCE, 1, this.redisKey(apiKeyId), position, String(KEEP_SECONDS));
  }

  close(): void {
    this.redis?.disconnect();
  }
}
