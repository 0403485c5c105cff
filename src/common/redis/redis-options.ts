import type { RedisOptions } from 'ioredis';
import type { RedisConfig } from '../../config/app-config.js';

/**
 * A command refused with READONLY reached a replica: the master this connection knew was demoted
 * (a Sentinel failover, a managed Redis switching its primary). The connection is dropped and made
 * again, which asks the sentinels where the master is now, and the command is sent once more there
 * (2): a refused command did nothing, so sending it again cannot do it twice.
 */
export function reconnectOnReadOnly(err: Error): 2 | false {
  return err.message.startsWith('READONLY') ? 2 : false;
}

/**
 * How to reach the configured Redis, as ioredis options, with nothing about what the connection is
 * for: each user adds its own (fail fast, offline queue, timeouts). With REDIS_URL: its host, port,
 * database and credentials, TLS for `rediss:`. With Sentinel: the sentinels and the master's name;
 * ioredis asks the sentinels for the master on every (re)connection, and with `failoverDetector` it
 * listens for `+switch-master` and reconnects at once, so a failover is followed without a restart,
 * connections that only listen (Bull's subscriber) included.
 */
export function redisConnectionOptions(redis: RedisConfig): RedisOptions {
  if ('url' in redis) {
    const url = new URL(redis.url);
    return {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(url.port || 6379),
      db: Number(url.pathname.slice(1) || 0),
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
      reconnectOnError: reconnectOnReadOnly,
    };
  }
  return {
    sentinels: redis.sentinels.map(({ host, port }) => ({ host, port })),
    name: redis.name,
    role: 'master',
    failoverDetector: true,
    ...(redis.password !== null ? { password: redis.password } : {}),
    ...(redis.sentinelPassword !== null ? { sentinelPassword: redis.sentinelPassword } : {}),
    reconnectOnError: reconnectOnReadOnly,
  };
}

/** Where the configured Redis is, for logs: host and port, never credentials. */
export function describeRedis(redis: RedisConfig): string {
  if ('url' in redis) return new URL(redis.url).host;
  return `Sentinel master "${redis.name}" (sentinels ${redis.sentinels.map((s) => `${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}`).join(', ')})`;
}
