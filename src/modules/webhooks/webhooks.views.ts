import { Field } from '../../openapi/fields.js';

/** The JSON of a webhook endpoint (presentWebhook). */
export class WebhookView {
  @Field.id() id: number;
  @Field.text({ example: 'https://erp.example.com/store-events' }) url: string;
  @Field.strings({ example: ['quote.*', 'product.updated'] }) events: string[];
  @Field.text({ nullable: true, example: 'ERP sync' }) description: string | null;
  @Field.flag() is_active: 0 | 1;
  @Field.text({ nullable: true, example: null }) disabled_reason: string | null;
  @Field.timestamp({ nullable: true }) failing_since: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** A webhook endpoint with its signing secret: only the answers of create and rotate-secret carry it. */
export class WebhookWithSecretView extends WebhookView {
  @Field.text({ example: 'whsec_5f2b…' }) secret: string;
}

/** One attempt of a delivery, as `attempts` lists it. */
export class WebhookDeliveryAttemptView {
  @Field.integer({ minimum: 1, example: 1, description: 'Its number: 1 for the first attempt; a retry counts on.' }) attempt: number;
  @Field.timestamp({ description: 'When the request started.' }) at: string | null;
  @Field.integer({
    nullable: true,
    example: 500,
    description: 'The status the endpoint answered; null when none came (timeout, refused address, connection error).',
  })
  status_code: number | null;
  @Field.integer({ minimum: 0, example: 35 }) duration_ms: number;
  @Field.text({ nullable: true, example: 'HTTP 500', description: 'Why it is not a success; null for a success.' }) error: string | null;
}

/** The JSON of one delivery of an event to an endpoint (presentDelivery). */
export class WebhookDeliveryView {
  @Field.id() id: number;
  @Field.id() webhook_id: number;
  @Field.text({ example: 'evt_42' }) event_id: string;
  @Field.text({ example: 'quote.sent' }) event_type: string;
  @Field.enum(['queued', 'succeeded', 'failed', 'skipped'], {
    description:
      '`skipped`: when it was due, the API key that last created or changed the endpoint could not read the event ' +
      '(revoked, expired, gone, or without the read scope of its resource); nothing was sent and `error` says why.',
  })
  status: string;
  @Field.list(() => WebhookDeliveryAttemptView, {
    description:
      'Every attempt, oldest first, each with its answer: the last 20 are kept (a delivery makes at most 14, so in practice all of them). ' +
      'Empty while none was made; a redelivery is a new delivery with its own list.',
  })
  attempts: WebhookDeliveryAttemptView[];
  @Field.integer({ nullable: true, example: 200 }) last_status_code: number | null;
  @Field.integer({ nullable: true, example: 35 }) duration_ms: number | null;
  @Field.text({
    nullable: true,
    example: null,
    description:
      'Why the last attempt failed, or why the delivery was skipped (`The key that last changed the endpoint is revoked.`, ' +
      '`… has expired.`, `… no longer exists.`, `… lacks the scope "customers:read".`); null otherwise.',
  })
  error: string | null;
  @Field.timestamp({ nullable: true }) next_attempt_at: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** The JSON of an event, as GET /events lists it and as a delivery's body carries it (presentEvent). */
export class EventView {
  @Field.text({ example: 'evt_42' }) id: string;
  @Field.text({ example: 'quote.updated' }) type: string;
  @Field.timestamp() created_at: string | null;
  @Field.text({ example: 'quote' }) resource: string;
  @Field.id() resource_id: number;
  @Field.integer({ minimum: 1, example: 3 }) sequence: number;
  @Field.schema(
    { type: 'object', additionalProperties: true, example: { id: 1 } },
    { description: 'The resource as GET shows it after the change (as it was, for a delete).' },
  )
  data: unknown;
}
