import { flag, timestamp } from '../../common/format/format.js';
import type { WebhookEvent } from './event.entity.js';
import type { DeliveryWithType } from './webhook-deliveries.repository.js';
import type { EventView, WebhookDeliveryView, WebhookView, WebhookWithSecretView } from './webhooks.views.js';
import type { Webhook } from './webhook.entity.js';

/** The public id of an event: `evt_` and its row id. */
export const eventId = (id: number): string => `evt_${id}`;

export function presentWebhook(w: Webhook): WebhookView {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    description: w.description,
    is_active: flag(w.is_active),
    disabled_reason: w.disabled_reason,
    failing_since: timestamp(w.failing_since),
    created_at: timestamp(w.created_at),
    updated_at: timestamp(w.updated_at),
  };
}

/** Create and rotate-secret only: the one time the secret is shown. */
export function presentWebhookWithSecret(w: Webhook): WebhookWithSecretView {
  return { ...presentWebhook(w), secret: w.secret };
}

export function presentDelivery(d: DeliveryWithType): WebhookDeliveryView {
  return {
    id: d.id,
    webhook_id: d.webhook_id,
    event_id: eventId(d.event_id),
    event_type: d.event_type,
    status: d.status,
    attempts: d.attempt_log.map((a) => ({
      attempt: a.attempt,
      // attempt_log is jsonb: each attempt's `at` is the ISO text it was written with.
      at: timestamp(new Date(a.at)),
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      error: a.error,
    })),
    last_status_code: d.last_status_code,
    duration_ms: d.duration_ms,
    error: d.error,
    // Only a delivery still to be tried has a next attempt.
    next_attempt_at: d.status === 'queued' ? timestamp(d.next_attempt_at) : null,
    created_at: timestamp(d.created_at),
    updated_at: timestamp(d.updated_at),
  };
}

/** An event row as GET /events shows it and as a delivery's body carries it. */
export function presentEvent(
  e: Pick<WebhookEvent, 'id' | 'type' | 'resource' | 'resource_id' | 'sequence' | 'data' | 'created_at'>,
): EventView {
  return {
    id: eventId(e.id),
    type: e.type,
    created_at: timestamp(e.created_at),
    resource: e.resource,
    resource_id: e.resource_id,
    sequence: e.sequence,
    data: e.data,
  };
}
