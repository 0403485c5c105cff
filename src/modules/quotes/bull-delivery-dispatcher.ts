import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { groupBy } from '../../common/embed/embed.js';
import type { DeliveryRetry } from './deliveries.service.js';
import { SEND_QUOTE_JOB_OPTIONS, type SendQuoteJob, deliveriesJobId } from './send-quote.queue.js';

import { DeliveryDispatcher } from './delivery-dispatcher.js';

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

  /**
   * Jobs of their own for a dead holder's deliveries: the dead worker's job may still be `active`
   * in Redis under the ids' plain job id until Bull finds it stalled, so a takeover job is named
   * by the ids and the end of the lease it takes over. The same expired claim found by the next
   * look (or another worker's) makes the same job, and a later death a new one.
   */
  override async takeOver(claims: { id: number; leaseEndedMs: number }[]): Promise<void> {
    if (claims.length === 0) return;
    try {
      await this.queue.addBulk(
        chunks(
          claims.map((c) => c.id),
          this.batchSize,
        ).map((ids) => {
          const ended = Math.max(...claims.filter((c) => ids.includes(c.id)).map((c) => c.leaseEndedMs));
          return {
            data: { deliveryIds: ids },
            opts: { ...SEND_QUOTE_JOB_OPTIONS, jobId: `takeover-${deliveriesJobId(ids)}-${ended}` },
          };
        }),
      );
    } catch (err) {
      this.warn(claims.length, err);
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
