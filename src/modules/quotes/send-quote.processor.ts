import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { DeliveriesService } from './deliveries.service.js';
import { SEND_QUOTE_QUEUE } from './send-quote.queue.js';

/**
 * The worker's consumer: a job carries only the delivery id; the row says what to do. A retry the
 * row asks for is handed back to Bull (throw), which waits out the exponential backoff.
 */
@Processor(SEND_QUOTE_QUEUE)
export class SendQuoteProcessor {
  private readonly logger = new Logger('SendQuote');

  constructor(private readonly deliveries: DeliveriesService) {}

  @Process({ concurrency: 5 })
  async handle(job: Job<{ deliveryId: number }>): Promise<string> {
    const outcome = await this.deliveries.deliver(job.data.deliveryId);
    if (outcome === 'retry') throw new Error(`delivery ${job.data.deliveryId} will be retried`);
    this.logger.log(`delivery ${job.data.deliveryId}: ${outcome}`);
    return outcome;
  }
}
