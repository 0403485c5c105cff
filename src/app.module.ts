import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { ScopeGuard } from './common/auth/scope.guard.js';
import { ApiExceptionFilter } from './common/http/exception.filter.js';
import { ResponseInterceptor } from './common/http/response.interceptor.js';
import { IdempotencyRepository } from './common/idempotency/idempotency.repository.js';
import { IdempotencyStore } from './common/idempotency/idempotency.store.js';
import { RateLimiter } from './common/rate-limit/rate-limiter.js';
import { RouteTable } from './common/http/route-table.js';
import { ApiValidationPipe } from './common/validation/validation.pipe.js';
import type { Logger } from 'pino';
import { HealthModule } from './common/health/health.module.js';
import { createLogger } from './common/logging/logger.js';
import { LoggingModule } from './common/logging/logging.module.js';
import type { AppConfig } from './config/app-config.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { BulkModule } from './modules/bulk/bulk.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { CustomFieldsModule } from './modules/custom-fields/custom-fields.module.js';
import { CustomersModule } from './modules/customers/customers.module.js';
import { GeographyModule } from './modules/geography/geography.module.js';
import { QuoteDeliveryModule } from './modules/quotes/quote-delivery.module.js';
import { QuotesModule } from './modules/quotes/quotes.module.js';
import { CartModule } from './modules/cart/cart.module.js';
import { OrdersModule } from './modules/orders/orders.module.js';
import { ShipmentsModule } from './modules/shipments/shipments.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { TaxModule } from './modules/tax/tax.module.js';
import { WebhookDeliveryModule } from './modules/webhooks/webhook-delivery.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { StoresModule } from './modules/stores/stores.module.js';

/** The feature modules that need no configuration. */
const FEATURE_MODULES = [
  WebhooksModule,
  ApiKeysModule,
  StoresModule,
  GeographyModule,
  CustomFieldsModule,
  TaxModule,
  CatalogModule,
  CustomersModule,
  // Nest registers a module (and its routes) before those it imports: shipments, then orders, then quotes.
  ShipmentsModule,
  ReviewsModule,
  SubscriptionsModule,
  OrdersModule,
  QuotesModule,
  // The buyer's pages (api only); they use the quotes module, which never uses them.
  CartModule,
];

/** The api: every feature module with the global pipe, guard, interceptor and filter. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger = createLogger(config.logLevel, 'api')): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        HealthModule,
        DatabaseModule,
        JobsModule,
        DiscoveryModule,
        DemoModule,
        ...FEATURE_MODULES,
        QuoteDeliveryModule.forRoot(config, 'api'),
        WebhookDeliveryModule.forRoot(config, 'api'),
        BulkModule.forRoot(config, 'api'),
      ],
      providers: [
        RouteTable,
        RateLimiter,
        IdempotencyRepository,
        IdempotencyStore,
        { provide: APP_PIPE, useClass: ApiValidationPipe },
        { provide: APP_GUARD, useClass: ScopeGuard },
        { provide: APP_INTERCEPTOR, useClass: ResponseInterceptor },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
