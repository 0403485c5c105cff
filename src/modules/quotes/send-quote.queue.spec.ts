import { queueRedisOptions } from './send-quote.queue.js';

describe('queueRedisOptions', () => {
  it('reads host, port, database and credentials from REDIS_URL', () => {
    expect(queueRedisOptions('redis://user:p%40ss@cache.internal:6380/2', 'worker')).toEqual({
      host: 'cache.internal',
      port: 6380,
      db: 2,
      username: 'user',
      password: 'p@ss',
    });
    expect(queueRedisOptions('redis://127.0.0.1', 'worker')).toEqual({ host: '127.0.0.1', port: 6379, db: 0 });
    expect(queueRedisOptions('rediss://:secret@[::1]:6390', 'worker')).toEqual({
      host: '::1',
      port: 6390,
      db: 0,
      password: 'secret',
      tls: {},
    });
  });

  it('makes the api fail fast while Redis is away: no offline queue, no retried command, reconnects every 2 s at most', () => {
    const options = queueRedisOptions('redis://127.0.0.1:6379', 'api');
    expect(options).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 5000 });
    expect([1, 5, 10, 100].map((n) => options.retryStrategy!(n))).toEqual([200, 1000, 2000, 2000]);
    expect(queueRedisOptions('redis://127.0.0.1:6379', 'worker')).not.toHaveProperty('enableOfflineQueue');
  });
});
