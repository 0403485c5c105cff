import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import { uncounted } from '../../database/query-counter.js';
import { DeliveriesService } from './deliveries.service.js';
import { SEND_QUOTE_JOB_OPTIONS, deliveryJobId } from './send-quote.queue.js';

/** Hands committed deliveries to whoever sends them. */
export abstract class DeliveryDispatcher {
  abstract dispatch(deliveryIds: number[]): Promise<void>;
}

/**
 * With Redis: one Bull job per delivery, the delivery id as job id (a second add of the same id is
 * ignored). If Redis refuses, the rows stay queued and the worker's sweep enqueues them later, so
 * the request that wrote them still succeeds.
 */
export class BullDeliveryDispatcher extends DeliveryDispatcher {
  private readonly logger = new Logger('Deliveries');

  constructor(private readonly queue: Queue) {
    super();
  }

  async dispatch(deliveryIds: number[]): Promise<void> {
    try {
      await this.queue.addBulk(
        deliveryIds.map((id) => ({ data: { deliveryId: id }, opts: { ...SEND_QUOTE_JOB_OPTIONS, jobId: deliveryJobId(id) } })),
      );
    } catch (err) {
      this.logger.warn(`Could not enqueue deliveries ${deliveryIds.join(', ')} (the sweep will): ${(err as Error).message}`);
    }
  }
}

/**
 * Without Redis the api is its own worker: it delivers from the outbox table, right after a send
 * and then every second for retries, one delivery at a time.
 */
@Injectable()
export class InProcessOutbox extends DeliveryDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deliveries: DeliveriesService) {
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
      for (let ids = await this.deliveries.due(20); ids.length > 0 && !this.stopped; ids = await this.deliveries.due(20)) {
        for (const id of ids) {
          if (this.stopped) return;
          await this.deliveries.deliver(id);
        }
        // Only retries that are not yet due remain; the timer comes back for them.
        if ((await this.deliveries.due(1)).length === 0) return;
      }
    } catch (err) {
      this.logger.error(`Outbox pass failed: ${(err as Error).message}`);
    }
  }
}
