import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { leaseProblem, renewalMs } from '../../common/jobs/domain/lease.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DeliveriesService } from './deliveries.service.js';
import { DeliveryDispatcher } from './delivery-dispatcher.js';

/**
 * In the worker: every DELIVERY_SWEEP_SECONDS, deliveries still queued well after they were due
 * (Redis lost the job, or the api could not enqueue it) are enqueued again; job ids are the
 * delivery ids, so a job still in Redis is not doubled. And every third of DELIVERY_LEASE_SECONDS
 * (as often as a live holder renews), claims whose holder died (their lease ended) are handed to a
 * live worker in takeover jobs, so a dead worker's deliveries wait at most the lease and a third.
 */
@Injectable()
export class DeliverySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sweep');
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly deliveries: DeliveriesService,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const lookEvery = renewalMs(this.config.deliveryLeaseSeconds);
    const problem = leaseProblem('DELIVERY_LEASE_SECONDS', this.config.deliveryLeaseSeconds, lookEvery);
    if (problem) this.logger.warn(problem);
    void this.sweep();
    this.timers = [
      setInterval(() => void this.sweep(), this.config.deliverySweepSeconds * 1000),
      setInterval(() => void this.takeOver(), lookEvery),
    ];
  }

  onApplicationShutdown(): void {
    for (const t of this.timers) clearInterval(t);
  }

  async sweep(): Promise<number> {
    try {
      // Give a fresh row the sweep interval to reach Redis the ordinary way first.
      const ids = await this.deliveries.due(500, this.config.deliverySweepSeconds);
      if (ids.length) {
        await this.dispatcher.dispatch(ids);
        this.logger.log(`re-enqueued ${ids.length} deliveries`);
      }
      return ids.length;
    } catch (err) {
      this.logger.error(`sweep failed: ${(err as Error).message}`);
      return 0;
    }
  }

  /** Hands the claims of dead holders to live workers; answers how many. */
  async takeOver(): Promise<number> {
    try {
      const claims = await this.deliveries.expiredClaims(500);
      if (claims.length) {
        await this.dispatcher.takeOver(claims);
        this.logger.log(`${claims.length} deliveries of a worker that died (lease ended) enqueued for takeover`);
      }
      return claims.length;
    } catch (err) {
      this.logger.error(`takeover look failed: ${(err as Error).message}`);
      return 0;
    }
  }
}
