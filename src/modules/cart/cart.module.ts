import { Module } from '@nestjs/common';
import { CartTokens } from './cart-tokens.js';
import { CartRepository } from './cart.repository.js';
import { CartService } from './cart.service.js';
import { ServerSecretsRepository } from './server-secrets.repository.js';

/**
 * The buyer's side of a quote: the cart page, the PDF and acceptance. Its routes are plain Express
 * handlers (cart.routes.ts), mounted by the api outside the API's token check; the quotes module
 * uses CartService for `GET /quote/{id}/pdf` and the PDF attached to send-quote e-mails.
 */
@Module({
  providers: [CartRepository, CartService, CartTokens, ServerSecretsRepository],
  exports: [CartService],
})
export class CartModule {}
