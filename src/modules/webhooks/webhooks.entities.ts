import { WebhookEvent } from './event.entity.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';

export const WEBHOOKS_ENTITIES = [WebhookEvent, Webhook, WebhookDelivery];
