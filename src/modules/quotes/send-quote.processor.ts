import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { APP_CONFIG, type AppConfig, HOME_CLUSTER } from '../../config/app-config.js';
import { runOnCluster } from '../../database/clusters/cluster-scope.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { DeliveriesService, type DeliveryOutcome } from './deliveries.service.js';
import { SEND_QUOTE_QUEUE, type SendQuoteJob } from './send-quote.queue.js';
import { SendQuoteWaker } from './send-quote.waker.js';

/**
 * The worker's consumer, WORKER_CONCURRENCY jobs at a time: Bull is the quote delivery kind's
 * wake-up here, and a job carries delivery ids and their cluster only; the rows say what to do. Deliveries that
 * failed for now go back to the queue as a delayed job that runs when their backoff is over (the
 * sweep catches them too if Redis loses it). An error of the job itself (the database away) is
 * handed to Bull, which tries the job again after its backoff.
 */
@Injectable()
export class SendQuoteProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger('SendQuote');

  constructor(
    @InjectQueue(SEND_QUOTE_QUEUE) private readonly queue: Queue<SendQuoteJob>,
    private readonly deliveries: DeliveriesService,
    private readonly waker: SendQuoteWaker,
    private readonly directory: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.queue
      .process(this.config.workerConcurrency, (job) => this.handle(job))
      .catch((err: unknown) => {
        this.logger.error(`The send-quote consumer stopped: ${err instanceof Error ? err.message : String(err)}`);
      });
  }

  async handle(job: Job<SendQuoteJob>): Promise<string> {
    const { deliveryIds: ids, store } = job.data;
    // On the cluster of the rows (the store's, as the directory has it now: a move may have taken
    // them elsewhere since the job was queued), and so are the retries it queues.
    const cluster = store === undefined ? (job.data.cluster ?? HOME_CLUSTER) : this.directory.clusterOf(store);
    const { outcomes } = await runOnCluster(cluster, async () => {
      const done = await this.deliveries.deliverBatch(ids);
      if (done.retries.length) await this.waker.retryLater(done.retries, store);
      return done;
    });
    const counts = new Map<DeliveryOutcome, number>();
    for (const o of outcomes.values()) counts.set(o, (counts.get(o) ?? 0) + 1);
    const summary = [...counts].map(([o, n]) => `${n} ${o}`).join(', ');
    this.logger.log(`deliveries ${ids.length === 1 ? ids[0] : `${ids[0]}…${ids[ids.length - 1]}`}: ${summary}`);
    // A job of one delivery answers its outcome.
    return ids.length === 1 ? outcomes.get(ids[0])! : summary;
  }
}
