import { Global, Module } from '@nestjs/common';
import { EventRecorder } from './event-recorder.service.js';
import { EventsController } from './events.controller.js';
import { EventsService } from './events.service.js';
import { WebhookDeliveriesService } from './webhook-deliveries.service.js';
import { WebhooksController } from './webhooks.controller.js';
import { EventsRepository } from './events.repository.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Events and webhook endpoints. Global, so every write path can inject EventRecorder and record
 * its events in its own transaction.
 */
@Global()
@Module({
  controllers: [WebhooksController, EventsController],
  providers: [
    EventsRepository,
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    EventRecorder,
    WebhooksService,
    WebhookDeliveriesService,
    EventsService,
  ],
  exports: [EventsRepository, WebhookDeliveriesRepository, EventRecorder],
})
export class WebhooksModule {}
