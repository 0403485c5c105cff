import { ServiceUnavailableException } from '@nestjs/common';
import type { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { HealthService } from './health.service.js';
import type { RedisHealthIndicator } from './redis-health.indicator.js';
import { ShutdownState } from './shutdown.js';

/** HealthService over a Terminus stand-in that reports the given details. */
function service(details: Record<string, { status: string; message?: string; responseTime?: number }>, shutdown = new ShutdownState()) {
  const failed = Object.values(details).some((d) => d.status === 'down');
  const health = {
    check: async () => {
      const result = { status: failed ? 'error' : 'ok', details };
      if (failed) throw new ServiceUnavailableException(result);
      return result;
    },
  } as unknown as HealthCheckService;
  const redis = { configured: 'redis' in details } as RedisHealthIndicator;
  return new HealthService(health, {} as TypeOrmHealthIndicator, redis, shutdown);
}

describe('HealthService.readiness', () => {
  it('is ready when every dependency is up, with their response times', async () => {
    expect(await service({ database: { status: 'up', responseTime: 3 } }).readiness()).toEqual({
      ready: true,
      data: { status: 'ok', details: { database: { status: 'up', responseTime: 3 } } },
    });
  });

  it('names what is down, in general terms only (the driver message and host stay in the log)', async () => {
    const report = await service({
      database: { status: 'down', message: 'connect ECONNREFUSED 10.1.2.3:5432', responseTime: 1 },
      redis: { status: 'down', message: 'timeout of 2000ms exceeded', responseTime: 2000 },
    }).readiness();
    expect(report).toEqual({
      ready: false,
      message: 'Not ready: database and redis are unavailable.',
      details: {
        database: { status: 'down', message: 'unreachable' },
        redis: { status: 'down', message: 'no answer within 2000 ms' },
      },
    });
  });

  it('is not ready while the api drains, without asking anything', async () => {
    const shutdown = new ShutdownState();
    shutdown.begin();
    expect(await service({ database: { status: 'up' } }, shutdown).readiness()).toEqual({
      ready: false,
      message: 'Not ready: the api is shutting down.',
      details: {},
    });
  });
});
