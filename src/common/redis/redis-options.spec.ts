import { describeRedis, reconnectOnReadOnly, redisConnectionOptions } from './redis-options.js';

describe('redisConnectionOptions', () => {
  it('asks the sentinels for the master and listens for their failovers', () => {
    expect(
      redisConnectionOptions({
        sentinels: [
          { host: '10.0.0.1', port: 26379 },
          { host: '::1', port: 26380 },
        ],
        name: 'store',
        password: null,
        sentinelPassword: null,
      }),
    ).toEqual({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'store',
      role: 'master',
      failoverDetector: true,
      reconnectOnError: reconnectOnReadOnly,
    });
  });
});

describe('describeRedis', () => {
  it('names where Redis is, never a password', () => {
    expect(describeRedis({ url: 'redis://user:s3cret@cache.internal:6380/2' })).toBe('cache.internal:6380');
    const sentinel = describeRedis({
      sentinels: [
        { host: 's1', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'store',
      password: 's3cret',
      sentinelPassword: 's3cret-too',
    });
    expect(sentinel).toBe('Sentinel master "store" (sentinels s1:26379, [::1]:26380)');
  });
});
