import { Module } from '@nestjs/common';
import { QuoteDocumentsModule } from '../quote-documents/quote-documents.module.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { CartTokens } from './cart-tokens.service.js';
import { CartService } from './cart.service.js';
import { ServerSecretsRepository } from './server-secrets.repository.js';

/**
 * The buyer's side of a quote: the cart page, the PDF and acceptance (their renderings are the
 * quote-documents module's). Its routes are plain Express
 * handlers (cart.routes.ts), mounted by the api outside the API's token check. It depends on the
 * quotes module (BuyerQuotesService: the quote as the buyer reads it; QuotesService.decide: the
 * decision), never the other way round.
 */
@Module({
  imports: [QuotesModule, QuoteDocumentsModule],
  providers: [CartService, CartTokens, ServerSecretsRepository],
  exports: [CartService],
})
export class CartModule {}
