import { Module } from '@nestjs/common';
import { BuyerQuotesService } from './buyer-quotes.service.js';
import { BuyerQuotesRepository } from './repositories/buyer-quotes.repository.js';

/**
 * The quotes module's one read of a quote for its buyer, on its own so that the cart module (the
 * page, the PDF) and the quotes module (the e-mails) both use it without importing each other.
 */
@Module({
  providers: [BuyerQuotesRepository, BuyerQuotesService],
  exports: [BuyerQuotesService],
})
export class BuyerQuotesModule {}
