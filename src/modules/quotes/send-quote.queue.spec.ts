import { queueRedisOptions } from './send-quote.queue.js';
import { reconnectOnReadOnly } from '../../common/redis/redis-options.js';

describe('queueRedisOptions', () => {
  const common = { reconnectOnError: reconnectOnReadOnly, retryStrategy: expect.any(Function) };

  it('reads host, port, database and credentials from REDIS_URL', () => {
    expect(queueRedisOptions({ url: 'redis://user:p%40ss@cache.internal:6380/2' }, 'worker')).toEqual({
      host: 'cache.internal',
      port: 6380,
      db: 2,
      username: 'user',
      password: 'p@ss',
      ...common,
    });
    expect(queueRedisOptions({ url: 'redis://127.0.0.1' }, 'worker')).toEqual({ host: '127.0.0.1', port: 6379, db: 0, ...common });
    expect(queueRedisOptions({ url: 'rediss://:secret@[::1]:6390' }, 'worker')).toEqual({
      host: '::1',
      port: 6390,
      db: 0,
      password: 'secret',
      tls: {},
      ...common,
    });
  });

  it('finds the master through Sentinel, following failovers', () => {
    const sentinel = { sentinels: [{ host: 's1', port: 26379 }], name: 'store', password: 'pw', sentinelPassword: 'spw' };
    expect(queueRedisOptions(sentinel, 'worker')).toEqual({
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'store',
      role: 'master',
      failoverDetector: true,
      password: 'pw',
      sentinelPassword: 'spw',
      ...common,
    });
    expect(queueRedisOptions({ ...sentinel, password: null, sentinelPassword: null }, 'api')).not.toHaveProperty('password');
  });

  it('makes the api fail fast while Redis is away: no offline queue, no retried command; both reconnect every 2 s at most', () => {
    const options = queueRedisOptions({ url: 'redis://127.0.0.1:6379' }, 'api');
    expect(options).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 5000 });
    expect([1, 5, 10, 100].map((n) => options.retryStrategy!(n))).toEqual([200, 1000, 2000, 2000]);
    const worker = queueRedisOptions({ url: 'redis://127.0.0.1:6379' }, 'worker');
    expect(worker).not.toHaveProperty('enableOfflineQueue');
    expect([1, 5, 10, 100].map((n) => worker.retryStrategy!(n))).toEqual([200, 1000, 2000, 2000]);
  });

  it('reconnects and sends a command again when a demoted master refuses it with READONLY', () => {
    expect(reconnectOnReadOnly(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnectOnReadOnly(new Error('ERR unknown command'))).toBe(false);
  });
});
