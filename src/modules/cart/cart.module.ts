import { Module } from '@nestjs/common';
import { QuotesModule } from '../quotes/quotes.module.js';
import { CartTokens } from './cart-tokens.js';
import { CartService } from './cart.service.js';
import { ServerSecretsRepository } from './server-secrets.repository.js';

/**
 * The buyer's side of a quote: the cart page, the PDF and acceptance. Its routes are plain Express
 * handlers (cart.routes.ts), mounted by the api outside the API's token check. It depends on the
 * quotes module (BuyerQuotesService: the quote as the buyer reads it; QuotesService.decide: the
 * decision), never the other way round.
 */
@Module({
  imports: [QuotesModule],
  providers: [CartService, CartTokens, ServerSecretsRepository],
  exports: [CartService],
})
export class CartModule {}
