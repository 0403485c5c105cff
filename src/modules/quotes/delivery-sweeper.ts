import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DeliveriesService } from './deliveries.service.js';
import { DeliveryDispatcher } from './delivery-dispatcher.js';

/**
 * In the worker: every DELIVERY_SWEEP_SECONDS, deliveries still queued well after they were due
 * (Redis lost the job, or the api could not enqueue it) and claims of workers that died are
 * enqueued again. Job ids are the delivery ids, so a job still in Redis is not doubled.
 */
@Injectable()
export class DeliverySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sweep');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deliveries: DeliveriesService,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.config.deliverySweepSeconds * 1000);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
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
}
