import { Module } from '@nestjs/common';
import { BuyerQuotesService } from './buyer-quotes.service.js';
import { BuyerQuotesRepository } from './repositories/buyer-quotes.repository.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { QuoteDocumentsModule } from '../quote-documents/quote-documents.module.js';
import { TaxModule } from '../tax/tax.module.js';
import { QuoteOutboxService } from './quote-outbox.service.js';
import { QuotePricer } from './quote-pricer.service.js';
import { QuotesController } from './quotes.controller.js';
import { DeliveriesRepository } from './repositories/deliveries.repository.js';
import { PricingContextRepository } from './repositories/pricing-context.repository.js';
import { QuoteReadsRepository } from './repositories/quote-reads.repository.js';
import { QuoteWritesRepository } from './repositories/quote-writes.repository.js';
import { QuotesService } from './quotes.service.js';

/**
 * Quotes, their buyer's view and their e-mail outbox (`quote_deliveries`, written in the
 * transaction of a send or a decision). Sending the outbox's rows is a job kind of its own,
 * QuoteDeliveryModule, which imports this one; a use case here only wakes it (JobWakeups).
 */
@Module({
  imports: [QuoteDocumentsModule, CatalogModule, CustomersModule, TaxModule, CustomFieldsModule],
  controllers: [QuotesController],
  providers: [
    QuoteOutboxService,
    DeliveriesRepository,
    QuotesService,
    QuoteReadsRepository,
    QuoteWritesRepository,
    PricingContextRepository,
    QuotePricer,
    BuyerQuotesRepository,
    BuyerQuotesService,
  ],
  exports: [QuotesService, BuyerQuotesService, DeliveriesRepository],
})
export class QuotesModule {}
