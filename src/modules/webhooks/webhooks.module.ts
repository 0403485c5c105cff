import { Global, Module } from '@nestjs/common';
import { EventRecorder } from './event-recorder.js';
import { EventsController } from './events.controller.js';
import { EventsService } from './events.service.js';
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
