import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { currentCluster } from '../../database/clusters/cluster-scope.js';
import { currentStoreId } from '../../database/store-scope.js';
import { groupBy } from '../../common/embed/embed.js';
import { FailureLogger } from '../../common/jobs/failure.logger.js';
import type { DeliveryRetry } from './deliveries.service.js';
import { SEND_QUOTE_JOB_OPTIONS, type SendQuoteJob, deliveriesJobId } from './send-quote.queue.js';

/** `ids` in runs of at most `size`, in order. */
function chunks(ids: number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/**
 * The Bull-backed wake-up of quote deliveries (with Redis): one Bull job per DELIVERY_BATCH_SIZE
 * deliveries, added in one round trip, the job id following from the ids (a second add of the
 * same set is ignored; ids are unique across clusters), with the cluster whose rows they are (the
 * one the work in hand runs on). If Redis refuses, the rows stay queued and the worker's sweep enqueues them
 * later, so the request that wrote them still succeeds; while Redis is away the failures are
 * logged through a FailureLogger with how many were left to the sweep, not once per request.
 */
export class SendQuoteWaker {
  private readonly logger = new Logger('Deliveries');
  private readonly failures = new FailureLogger((err, count) =>
    this.logger.warn(`Could not enqueue ${count} deliveries (the sweep will): ${err.message}`),
  );

  constructor(
    private readonly queue: Queue<SendQuoteJob>,
    private readonly batchSize: number,
  ) {}

  /** Best effort: never rejects, since the rows are safe in the outbox table whatever becomes of it. */
  async dispatch(deliveryIds: number[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    try {
      await this.queue.addBulk(
        chunks(deliveryIds, this.batchSize).map((ids) => ({
          data: { deliveryIds: ids, cluster: currentCluster(), store: currentStoreId() },
          opts: { ...SEND_QUOTE_JOB_OPTIONS, jobId: deliveriesJobId(ids) },
        })),
      );
    } catch (err) {
      this.failures.failed(err, deliveryIds.length);
    }
  }

  /** One delayed job per wait (a batch's failures share their attempt count, so their wait); `store`: whose they are, when one's. */
  async retryLater(retries: DeliveryRetry[], store = currentStoreId()): Promise<void> {
    if (retries.length === 0) return;
    const byWait = groupBy(retries, (r) => r.waitMs);
    const due = Date.now();
    try {
      await this.queue.addBulk(
        [...byWait].flatMap(([waitMs, group]) => {
          const ids = group.map((r) => r.id);
          return chunks(ids, this.batchSize).map((batch) => ({
            data: { deliveryIds: batch, cluster: currentCluster(), store },
            // A few milliseconds late rather than early: an early job finds its rows not due yet.
            opts: { ...SEND_QUOTE_JOB_OPTIONS, delay: waitMs + 5, jobId: `${deliveriesJobId(batch)}-at-${due + waitMs}` },
          }));
        }),
      );
    } catch (err) {
      this.failures.failed(err, retries.length);
    }
  }

  /**
   * Jobs of their own for a dead holder's deliveries: the dead worker's job may still be `active`
   * in Redis under the ids' plain job id until Bull finds it stalled, so a takeover job is named
   * by the ids and the end of the lease it takes over. The same expired claim found by the next
   * look (or another worker's) makes the same job, and a later death a new one.
   */
  async takeOver(claims: { id: number; leaseEndedMs: number }[]): Promise<void> {
    if (claims.length === 0) return;
    try {
      await this.queue.addBulk(
        chunks(
          claims.map((c) => c.id),
          this.batchSize,
        ).map((ids) => {
          const ended = Math.max(...claims.filter((c) => ids.includes(c.id)).map((c) => c.leaseEndedMs));
          return {
            data: { deliveryIds: ids, cluster: currentCluster() },
            opts: { ...SEND_QUOTE_JOB_OPTIONS, jobId: `takeover-${deliveriesJobId(ids)}-${ended}` },
          };
        }),
      );
    } catch (err) {
      this.failures.failed(err, claims.length);
    }
  }
}
