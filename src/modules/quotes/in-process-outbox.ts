import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { uncounted } from '../../database/query-counter.js';
import { DeliveriesService } from './deliveries.service.js';

import { DeliveryDispatcher } from './delivery-dispatcher.js';

/**
 * Without Redis the api is its own worker: it delivers from the outbox table, right after a send
 * and then every second for retries, DELIVERY_BATCH_SIZE deliveries at a time.
 */
@Injectable()
export class InProcessOutbox extends DeliveryDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deliveries: DeliveriesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.dispatch([]), 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Starts a pass over the due deliveries (or marks one to follow the pass under way). */
  dispatch(_deliveryIds: number[] = []): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return Promise.resolve();
    }
    this.running = uncounted(() => this.drain()).finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.dispatch();
      }
    });
    return Promise.resolve();
  }

  /** Resolves once nothing is due (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      const size = this.config.deliveryBatchSize;
      for (let ids = await this.deliveries.due(size); ids.length > 0 && !this.stopped; ids = await this.deliveries.due(size)) {
        await this.deliveries.deliverBatch(ids);
        // Only retries that are not yet due remain; the timer comes back for them.
        if ((await this.deliveries.due(1)).length === 0) return;
      }
    } catch (err) {
      this.logger.error(`Outbox pass failed: ${(err as Error).message}`);
    }
  }
}
