import { createHash } from 'node:crypto';
import type { AdvancedSettings, JobOptions } from 'bull';
import type { RedisOptions } from 'ioredis';
import { backoffMs } from '../../common/jobs/domain/backoff.js';
import { redisConnectionOptions } from '../../common/redis/redis-options.js';
import type { AppConfig, RedisConfig } from '../../config/app-config.js';

/** The Bull queue of quote e-mails. A job names up to DELIVERY_BATCH_SIZE deliveries. */
export const SEND_QUOTE_QUEUE = 'send-quote';

export interface SendQuoteJob {
  deliveryIds: number[];
  /** The cluster the deliveries' rows were on (docs/api.md#clusters); absent in jobs queued before there were clusters: `home`. */
  cluster?: string;
  /** The store whose deliveries they are, when one: its cluster is the directory's, so a job queued before a move finds them after it. */
  store?: number;
}

/**
 * A job's id follows from its deliveries, so adding the same set twice (the api and the sweep, or
 * two sweeps) makes one job: `delivery-<id>` for one, `deliveries-<first>-<last>-<hash>` for more.
 */
export function deliveriesJobId(ids: number[]): string {
  if (ids.length === 1) return `delivery-${ids[0]}`;
  const hash = createHash('sha1').update(ids.join(',')).digest('hex').slice(0, 12);
  return `deliveries-${ids[0]}-${ids[ids.length - 1]}-${hash}`;
}

/** Attempts before a delivery is `failed`; without Redis, the api's engine loop uses the same count and backoff. */
export const DELIVERY_MAX_ATTEMPTS = 5;
/** The default of DELIVERY_BACKOFF_MS: the wait before the first retry. */
const DELIVERY_BACKOFF_MS = 1000;
const DELIVERY_BACKOFF = 'delivery';

export const SEND_QUOTE_JOB_OPTIONS: JobOptions = {
  // Attempts of the job itself (the database away while it ran); a delivery's own retries are
  // delayed jobs of their own, timed by the row's next_attempt_at.
  attempts: DELIVERY_MAX_ATTEMPTS,
  backoff: { type: DELIVERY_BACKOFF },
  // Finished jobs leave Redis, so the sweep can enqueue a delivery again under the same job id.
  removeOnComplete: true,
  removeOnFail: true,
};

/** Exponential backoff: 1 s, 2 s, 4 s, 8 s … (by default) after the 1st, 2nd, 3rd … failed attempt. */
export const deliveryBackoffMs = (attempts: number, baseMs = DELIVERY_BACKOFF_MS) => backoffMs(attempts, { baseMs });

/**
 * Settings of the send-quote queue. Bull's own `exponential` waits delay·(2^n − 1) (1 s, 3 s, 7 s …),
 * so the retry schedule is a named strategy instead. A job's lock lasts no longer than the
 * delivery lease (at most Bull's default 30 s), and stalled jobs are looked for as often. The
 * takeover of a dead worker's deliveries does not wait for Bull: the sweep enqueues them in
 * takeover jobs of their own once their lease ends (SendQuoteSweepHandler); the stalled job,
 * when Bull runs it again, finds them taken and skips them.
 */
export function sendQuoteQueueSettings(config: AppConfig): AdvancedSettings {
  const lockMs = Math.min(30_000, config.deliveryLeaseSeconds * 1000);
  return {
    backoffStrategies: { [DELIVERY_BACKOFF]: (attemptsMade: number) => deliveryBackoffMs(attemptsMade, config.deliveryBackoffMs) },
    lockDuration: lockMs,
    stalledInterval: lockMs,
  };
}

/** Reconnection delays: 200 ms, 400 ms … then every 2 s, for as long as Redis is away. */
const reconnectDelay = (times: number) => Math.min(times * 200, 2000);

/**
 * The Redis connection of the send-quote queue (REDIS_URL or Sentinel, redisConnectionOptions). In
 * the api it fails fast: the api only adds jobs, and an add that cannot reach Redis is better
 * refused at once (the rows wait in the outbox for the sweep) than held in ioredis' offline queue,
 * where adds pile up in memory for as long as the outage lasts. The worker keeps Bull's offline
 * queue and retries: its consumer must resume and its jobs' completions must reach Redis, however
 * long the wait. Both reconnect every 2 s at most (Bull's own delay grows to 20 s), so a restarted
 * Redis or a new master after a failover is used within 2 s of being there.
 */
export function queueRedisOptions(redis: RedisConfig, role: 'api' | 'worker'): RedisOptions {
  const options: RedisOptions = { ...redisConnectionOptions(redis), retryStrategy: reconnectDelay };
  if (role === 'api') {
    Object.assign(options, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 5000 } satisfies RedisOptions);
  }
  return options;
}
