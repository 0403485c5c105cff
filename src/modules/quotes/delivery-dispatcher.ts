import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { groupBy } from '../../common/embed/embed.js';
import { uncounted } from '../../database/query-counter.js';
import { DeliveriesService, type DeliveryRetry } from './deliveries.service.js';
import { SEND_QUOTE_JOB_OPTIONS, type SendQuoteJob, deliveriesJobId } from './send-quote.queue.js';

/** Hands committed deliveries to whoever sends them. */
export abstract class DeliveryDispatcher {
  /** Best effort: never rejects, since the rows are safe in the outbox table whatever becomes of it. */
  abstract dispatch(deliveryIds: number[]): Promise<void>;
  /** Deliveries to try again once their wait is over. */
  retryLater(_retries: DeliveryRetry[]): Promise<void> {
    return Promise.resolve();
  }
}

/** `ids` in runs of at most `size`, in order. */
function chunks(ids: number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** How often an enqueue that keeps failing (Redis away) is logged. */
const WARN_EVERY_MS = 30_000;

/**
 * With Redis: one Bull job per DELIVERY_BATCH_SIZE deliveries, added in one round trip, the job id
 * following from the ids (a second add of the same set is ignored). If Redis refuses, the rows stay
 * queued and the worker's sweep enqueues them later, so the request that wrote them still succeeds.
 * While Redis is away the failures are logged once per WARN_EVERY_MS with how many were left to
 * the sweep, not once per request.
 */
export class BullDeliveryDispatcher extends DeliveryDispatcher {
  private readonly logger = new Logger('Deliveries');
  private lastWarning = 0;
  private unsaid = 0;

  constructor(
    private readonly queue: Queue<SendQuoteJob>,
    private readonly batchSize: number,
  ) {
    super();
  }

  async dispatch(deliveryIds: number[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    try {
      await this.queue.addBulk(
        chunks(deliveryIds, this.batchSize).map((ids) => ({
          data: { deliveryIds: ids },
          opts: { ...SEND_QUOTE_JOB_OPTIONS, jobId: deliveriesJobId(ids) },
        })),
      );
    } catch (err) {
      this.warn(deliveryIds.length, err);
    }
  }

  /** One delayed job per wait (a batch's failures share their attempt count, so their wait). */
  override async retryLater(retries: DeliveryRetry[]): Promise<void> {
    const byWait = groupBy(retries, (r) => r.waitMs);
    const due = Date.now();
    try {
      await this.queue.addBulk(
        [...byWait].flatMap(([waitMs, group]) => {
          const ids = group.map((r) => r.id);
          return chunks(ids, this.batchSize).map((batch) => ({
            data: { deliveryIds: batch },
            // A few milliseconds late rather than early: an early job finds its rows not due yet.
            opts: { ...SEND_QUOTE_JOB_OPTIONS, delay: waitMs + 5, jobId: `${deliveriesJobId(batch)}-at-${due + waitMs}` },
          }));
        }),
      );
    } catch (err) {
      this.warn(retries.length, err);
    }
  }

  private warn(count: number, err: unknown): void {
    this.unsaid += count;
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    const message = err instanceof Error ? err.message : String(err);
    this.logger.warn(`Could not enqueue ${this.unsaid} deliveries (the sweep will): ${message}`);
    this.unsaid = 0;
  }
}

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
