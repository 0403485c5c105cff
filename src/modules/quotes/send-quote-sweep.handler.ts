import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobHandler } from '../../common/jobs/job.engine.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DeliveriesService } from './deliveries.service.js';
import { SendQuoteWaker } from './send-quote.waker.js';

/**
 * In the worker with Redis, a job kind of its own on the engine (its loop looks every third of
 * DELIVERY_LEASE_SECONDS, or every DELIVERY_SWEEP_SECONDS when that is shorter): claims whose
 * holder died (their lease ended) are handed to a live worker in takeover jobs, so a dead worker's
 * deliveries wait at most the lease and a third; and every DELIVERY_SWEEP_SECONDS, deliveries still
 * queued well after they were due (Redis lost the job, or the api could not enqueue it) are
 * enqueued again; job ids are the delivery ids, so a job still in Redis is not doubled.
 */
@Injectable()
export class SendQuoteSweepHandler implements JobHandler {
  private readonly logger = new Logger('Sweep');
  private lastSweep = 0;

  constructor(
    private readonly deliveries: DeliveriesService,
    private readonly waker: SendQuoteWaker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Always 0: the look comes again after the engine's pause, whatever it found. */
  async pass(): Promise<number> {
    await this.takeOver();
    if (Date.now() - this.lastSweep >= this.config.deliverySweepSeconds * 1000) {
      await this.sweep();
      this.lastSweep = Date.now();
    }
    return 0;
  }

  private async sweep(): Promise<void> {
    // Give a fresh row the sweep interval to reach Redis the ordinary way first.
    const ids = await this.deliveries.due(500, this.config.deliverySweepSeconds);
    if (ids.length === 0) return;
    await this.waker.dispatch(ids);
    this.logger.log(`re-enqueued ${ids.length} deliveries`);
  }

  /** Hands the claims of dead holders to live workers. */
  private async takeOver(): Promise<void> {
    const claims = await this.deliveries.expiredClaims(500);
    if (claims.length === 0) return;
    await this.waker.takeOver(claims);
    this.logger.log(`${claims.length} deliveries of a worker that died (lease ended) enqueued for takeover`);
  }
}
