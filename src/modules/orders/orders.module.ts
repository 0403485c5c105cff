import { type DynamicModule, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders made from quotes: the quotes module (which owns the quote tables) locks and marks the
 * quote, this one writes the order and takes the stock; the shipments module moves orders'
 * fulfillment.
 */
@Module({})
export class OrdersModule {
  /**
   * `quotes` is the process's own QuotesModule.forRoot(…) object: Nest keys a dynamic module by that
   * reference, so importing it here adds no second instance of the quotes module.
   */
  static forRoot(quotes: DynamicModule): DynamicModule {
    return {
      module: OrdersModule,
      imports: [CatalogModule, CustomersModule, quotes],
      controllers: [OrdersController],
      providers: [OrdersRepository, OrdersService],
      exports: [OrdersService],
    };
  }
}
