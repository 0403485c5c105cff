import { Module } from '@nestjs/common';
import { BuyerQuotesModule } from '../quotes/buyer-quotes.module.js';
import { CartTokens } from './cart-tokens.js';
import { CartRepository } from './cart.repository.js';
import { CartService } from './cart.service.js';
import { ServerSecretsRepository } from './server-secrets.repository.js';

/**
 * The buyer's side of a quote: the cart page, the PDF and acceptance. Its routes are plain Express
 * handlers (cart.routes.ts), mounted by the api outside the API's token check; the quotes module
 * uses CartService for `GET /quote/{id}/pdf`. The quote it shows is the quotes module's BuyerQuote
 * (BuyerQuotesModule), the same the e-mails show.
 */
@Module({
  imports: [BuyerQuotesModule],
  providers: [CartRepository, CartService, CartTokens, ServerSecretsRepository],
  exports: [CartService],
})
export class CartModule {}
