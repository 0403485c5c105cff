import { BullModule, getQueueToken } from '@nestjs/bull';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import type { Queue } from 'bull';
import type { AppConfig } from '../../config/app-config.js';
import { BuyerQuotesService } from './buyer-quotes.service.js';
import { BuyerQuotesRepository } from './repositories/buyer-quotes.repository.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { MailModule } from '../mail/mail.module.js';
import { QuoteDocumentsModule } from '../quote-documents/quote-documents.module.js';
import { TaxModule } from '../tax/tax.module.js';
import { DeliveriesService } from './deliveries.service.js';
import { QuotePricer } from './quote-pricer.js';
import { QuotesController } from './quotes.controller.js';
import { DeliveriesRepository } from './repositories/deliveries.repository.js';
import { PricingContextRepository } from './repositories/pricing-context.repository.js';
import { QuoteReadsRepository } from './repositories/quote-reads.repository.js';
import { QuoteWritesRepository } from './repositories/quote-writes.repository.js';
import { QuotesService } from './quotes.service.js';
import { BullDeliveryDispatcher } from './bull-delivery-dispatcher.js';
import { DeliveryDispatcher } from './delivery-dispatcher.js';
import { InProcessOutbox } from './in-process-outbox.js';
import { DeliverySweeper } from './delivery-sweeper.js';
import { SendQuoteProcessor } from './send-quote.processor.js';
import { SEND_QUOTE_QUEUE, queueRedisOptions, sendQuoteQueueSettings } from './send-quote.queue.js';

/**
 * Quotes and their e-mail pipeline. With Redis (REDIS_URL or REDIS_SENTINELS) the api enqueues
 * Bull jobs and the worker (role `worker`) consumes them; without it the api delivers from the
 * outbox itself. The cli (role `cli`) uses the quotes service for demo data and sends nothing.
 * The cart and orders modules use it: each imports the very module object the api (or cli)
 * imports (CartModule.forRoot, OrdersModule.forRoot), so all see one QuotesService.
 */
@Module({})
export class QuotesModule {
  static forRoot(config: AppConfig, role: 'api' | 'worker' | 'cli'): DynamicModule {
    const imports = [MailModule, QuoteDocumentsModule, CatalogModule, CustomersModule, TaxModule, CustomFieldsModule];
    const providers: Provider[] = [
      DeliveriesService,
      DeliveriesRepository,
      QuotesService,
      QuoteReadsRepository,
      QuoteWritesRepository,
      PricingContextRepository,
      QuotePricer,
      BuyerQuotesRepository,
      BuyerQuotesService,
    ];
    if (config.redis && role !== 'cli') {
      imports.push(
        BullModule.forRoot({ redis: queueRedisOptions(config.redis, role), prefix: config.queuePrefix }) as never,
        BullModule.registerQueue({ name: SEND_QUOTE_QUEUE, settings: sendQuoteQueueSettings(config) }) as never,
      );
      providers.push({
        provide: DeliveryDispatcher,
        inject: [getQueueToken(SEND_QUOTE_QUEUE)],
        useFactory: (queue: Queue) => new BullDeliveryDispatcher(queue as never, config.deliveryBatchSize),
      });
      if (role === 'worker') providers.push(SendQuoteProcessor, DeliverySweeper);
    } else if (role === 'api') {
      providers.push(InProcessOutbox, { provide: DeliveryDispatcher, useExisting: InProcessOutbox });
    } else {
      // A worker without Redis has nothing to consume, and the cli sends nothing: rows written
      // through them stay queued for the api (or the worker's sweep) to deliver.
      providers.push({ provide: DeliveryDispatcher, useValue: { dispatch: async () => undefined } });
    }
    const controllers = role === 'api' ? [QuotesController] : [];
    return {
      module: QuotesModule,
      imports,
      controllers,
      providers,
      exports: [DeliveriesService, QuotesService, BuyerQuotesService],
    };
  }
}
