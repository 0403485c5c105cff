import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthService } from './health.service.js';
import { RedisHealthIndicator } from './redis-health.indicator.js';
import { ShutdownState } from './shutdown.js';

/** Liveness, readiness and the drain state the api's shutdown sets; routes in health.routes.ts. */
@Module({
  // Terminus' own "Health Check has failed!" on every failing probe would flood the log; HealthService logs changes.
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [HealthService, RedisHealthIndicator, ShutdownState],
  exports: [HealthService, ShutdownState],
})
export class HealthModule {}
