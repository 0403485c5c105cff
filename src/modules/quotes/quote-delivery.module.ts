import { BullModule, getQueueToken } from '@nestjs/bull';
import { type DynamicModule, Logger, Module, type Provider } from '@nestjs/common';
import type { Queue } from 'bull';
import { renewalMs } from '../../common/jobs/domain/lease.js';
import { JobWakeups } from '../../common/jobs/job-wakeups.service.js';
import { jobEngineProvider } from '../../common/jobs/job.engine.js';
import type { AppConfig } from '../../config/app-config.js';
import { MailModule } from '../mail/mail.module.js';
import { QuoteDocumentsModule } from '../quote-documents/quote-documents.module.js';
import { DeliveriesService } from './deliveries.service.js';
import { QUOTE_DELIVERY } from './quote-outbox.service.js';
import { QuotesModule } from './quotes.module.js';
import { SendQuoteSweepHandler } from './send-quote-sweep.handler.js';
import { SendQuoteProcessor } from './send-quote.processor.js';
import { SEND_QUOTE_QUEUE, queueRedisOptions, sendQuoteQueueSettings } from './send-quote.queue.js';
import { SendQuoteWaker } from './send-quote.waker.js';

/**
 * The quote e-mails (send-quote and a buyer's decision notices) as a job kind. With Redis
 * (REDIS_URL or REDIS_SENTINELS) its wake-up is the Bull queue: the api enqueues a job per batch of
 * committed deliveries (the delivery ids as job id), the worker consumes them and sweeps for rows
 * Redis lost and claims a dead worker left. Without Redis the api delivers from the outbox itself,
 * on an engine loop woken after each send; a worker then has nothing of it to run.
 */
@Module({})
export class QuoteDeliveryModule {
  static forRoot(config: AppConfig, role: 'api' | 'worker'): DynamicModule {
    const imports: DynamicModule['imports'] = [QuotesModule, QuoteDocumentsModule, MailModule];
    const providers: Provider[] = [DeliveriesService];
    if (config.redis) {
      imports.push(
        BullModule.forRoot({ redis: queueRedisOptions(config.redis, role), prefix: config.queuePrefix }) as never,
        BullModule.registerQueue({ name: SEND_QUOTE_QUEUE, settings: sendQuoteQueueSettings(config) }) as never,
      );
      providers.push({
        provide: SendQuoteWaker,
        inject: [getQueueToken(SEND_QUOTE_QUEUE), JobWakeups],
        useFactory: (queue: Queue, wakeups: JobWakeups) => {
          const waker = new SendQuoteWaker(queue as never, config.deliveryBatchSize);
          wakeups.register(QUOTE_DELIVERY, (ids) => waker.dispatch(ids));
          return waker;
        },
      });
      if (role === 'worker') {
        providers.push(
          SendQuoteProcessor,
          SendQuoteSweepHandler,
          jobEngineProvider('send-quote-sweep', SendQuoteSweepHandler, (c) => ({
            name: 'Sweep',
            logger: new Logger('Sweep'),
            loops: 1,
            // As often as a live holder renews: a dead worker's deliveries wait at most the lease and a third.
            pollMs: Math.min(renewalMs(c.deliveryLeaseSeconds), c.deliverySweepSeconds * 1000),
            lease: { variable: 'DELIVERY_LEASE_SECONDS', seconds: c.deliveryLeaseSeconds },
          })),
        );
      }
    } else if (role === 'api') {
      providers.push(
        jobEngineProvider(QUOTE_DELIVERY, DeliveriesService, (c) => ({
          name: 'Outbox',
          logger: new Logger('Outbox'),
          loops: 1,
          // Retries come due between wake-ups: a look every second finds them.
          pollMs: 1000,
          lease: { variable: 'DELIVERY_LEASE_SECONDS', seconds: c.deliveryLeaseSeconds },
        })),
      );
    }
    return { module: QuoteDeliveryModule, imports, providers };
  }
}
