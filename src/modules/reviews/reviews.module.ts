import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';

/**
 * Product reviews, above orders and catalog: it asks the orders module whether a purchase is
 * verified and the catalog to keep a product's rating, and registers the product's `embed=reviews`
 * with the catalog (which never imports this module).
 */
@Module({
  imports: [CatalogModule, CustomersModule, OrdersModule],
  controllers: [ReviewsController],
  providers: [ReviewsRepository, ReviewsService],
  exports: [ReviewsService],
})
export class ReviewsModule {}
