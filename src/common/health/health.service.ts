import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, type HealthCheckResult, type HealthIndicatorResult, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { RedisHealthIndicator } from './redis-health.indicator.js';
import { ShutdownState } from './shutdown.js';

/** How long a dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2000;

export type CheckDetails = Record<string, { status: string; message?: string; responseTime?: number }>;
export type HealthReport =
  { ready: true; data: { status: 'ok'; details: CheckDetails } } | { ready: false; message: string; details: CheckDetails };

/**
 * Liveness (the process answers) and readiness (its dependencies answer) through Terminus.
 * Down reasons stay in the log: these endpoints are public, so their bodies name what is down and
 * why in general terms, never a host or a driver message.
 */
@Injectable()
export class HealthService {
  private readonly logger = new Logger('Health');
  private readonly lastStatus = new Map<string, string>();

  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly shutdown: ShutdownState,
  ) {}

  liveness(): HealthReport {
    return { ready: true, data: { status: 'ok', details: {} } };
  }

  async readiness(): Promise<HealthReport> {
    if (this.shutdown.draining) return { ready: false, message: 'Not ready: the api is shutting down.', details: {} };
    const checks = [() => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS)];
    if (this.redis.configured) checks.push(() => this.redis.pingCheck('redis', CHECK_TIMEOUT_MS));
    let result: HealthCheckResult;
    try {
      result = await this.health.check(checks);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableException)) throw err;
      result = err.getResponse() as HealthCheckResult;
    }
    const details = this.present(result.details);
    if (result.status === 'ok') return { ready: true, data: { status: 'ok', details } };
    const down = Object.keys(details).filter((k) => details[k].status === 'down');
    return { ready: false, message: `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} unavailable.`, details };
  }

  /** Public details, logging each change of a dependency's status once (not on every probe). */
  private present(results: HealthIndicatorResult): CheckDetails {
    const details: CheckDetails = {};
    for (const [key, r] of Object.entries(results) as [string, { status: string; message?: string; responseTime?: number }][]) {
      const previous = this.lastStatus.get(key);
      this.lastStatus.set(key, r.status);
      if (r.status === 'down') {
        if (previous !== 'down') this.logger.warn(`${key} is unavailable: ${r.message ?? 'no answer'}`);
        const timedOut = /^timeout of \d+ms exceeded$/.test(r.message ?? '');
        details[key] = { status: 'down', message: timedOut ? `no answer within ${CHECK_TIMEOUT_MS} ms` : 'unreachable' };
      } else {
        if (previous === 'down') this.logger.log(`${key} is available again`);
        details[key] = { status: r.status, responseTime: r.responseTime };
      }
    }
    return details;
  }
}
