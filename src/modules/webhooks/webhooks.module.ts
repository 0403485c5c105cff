import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { EventRecorder } from './event-recorder.js';
import { EventsController } from './events.controller.js';
import { EventsService } from './events.service.js';
import { WebhookDeliverer } from './webhook-deliverer.js';
import { WebhookDeliveriesService } from './webhook-deliveries.service.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Events and webhook endpoints. Global, so every write path can inject EventRecorder and record
 * its events in its own transaction.
 */
@Global()
@Module({
  controllers: [WebhooksController, EventsController],
  providers: [WebhooksRepository, EventRecorder, WebhooksService, WebhookDeliveriesService, EventsService],
  exports: [WebhooksRepository, EventRecorder],
})
export class WebhooksModule {}

/**
 * The deliverer: always in the worker; in the api only when REDIS_URL is unset (no worker is
 * expected then, as for send-quote). Several processes may run it: claims are leased.
 */
@Module({})
export class WebhookDeliveryModule {
  static forRoot(config: AppConfig, role: 'api' | 'worker'): DynamicModule {
    const run = role === 'worker' || !config.redisUrl;
    return { module: WebhookDeliveryModule, providers: run ? [WebhookDeliverer] : [] };
  }
}
