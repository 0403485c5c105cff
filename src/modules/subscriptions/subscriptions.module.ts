import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { SubscriptionProductsService } from './subscription-products.service.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Subscriptions of customers to billing plans, their renewal, and the products they deliver. */
@Module({
  imports: [CatalogModule, CustomersModule],
  controllers: [SubscriptionsController],
  providers: [SubscriptionsRepository, SubscriptionsService, SubscriptionProductsService],
  exports: [SubscriptionsService, SubscriptionProductsService],
})
export class SubscriptionsModule {}
