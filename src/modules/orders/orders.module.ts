import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders made from quotes. The quotes module (which owns the quote tables) registers itself as the
 * source of quotes (OrdersService.useQuotes); the shipments module moves orders' fulfillment.
 */
@Module({
  imports: [CatalogModule, CustomersModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService],
  exports: [OrdersService],
})
export class OrdersModule {}
