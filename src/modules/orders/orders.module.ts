import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders made from quotes: the quotes module (which owns the quote tables) locks and marks the
 * quote, this one writes the order and takes the stock; the shipments module moves orders'
 * fulfillment.
 */
@Module({
  imports: [CatalogModule, CustomersModule, QuotesModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService],
  exports: [OrdersService],
})
export class OrdersModule {}
