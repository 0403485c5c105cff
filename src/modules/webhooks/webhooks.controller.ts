import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { WebhookCreate, WebhookPatch } from './dto/webhook.input.js';
import { WebhookDeliveriesService } from './webhook-deliveries.service.js';
import { WebhookDeliveryView, WebhookView, WebhookWithSecretView } from './webhooks.views.js';
import { WebhooksService } from './webhooks.service.js';
import { WEBHOOK_DELIVERY_LIST, WEBHOOK_LIST } from './webhooks.lists.js';

/** `webhook` and `webhooks` spell the same path (docs/api.md#paths-and-identifiers). */
const WEBHOOK = ['webhook/:id', 'webhooks/:id'];
const under = (...tails: string[]) => WEBHOOK.flatMap((w) => tails.map((t) => `${w}/${t}`));

/** Webhook endpoints (`{id}`), their deliveries, ping, secret rotation and redelivery. */
@ApiPathParams({ id: 'Webhook id.', delivery_id: 'Delivery id (within the webhook).' })
@Controller()
@ScopeGroup('webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @Get('webhooks')
  @ApiPage(WebhookView, WEBHOOK_LIST, { summary: 'List webhook endpoints' })
  list(@Query() query: SyncListQuery) {
    return this.webhooks.list(query);
  }

  @Post(['webhook', 'webhooks'])
  @ApiItem(WebhookWithSecretView, {
    summary: 'Create a webhook endpoint',
    description:
      'The URL must be http(s) and reach a public address (422 otherwise, unless the server runs with WEBHOOK_ALLOW_PRIVATE=true). The answer carries the signing `secret`, shown only here and by rotate-secret. The endpoint is delivered only the events whose resource the creating key reads (its scopes are kept with the endpoint; a product `cost` inside a quote or order is null without `catalog:read`).',
  })
  create(@Body() body: WebhookCreate) {
    return this.webhooks.create(body);
  }

  @Get(WEBHOOK)
  @ApiItem(WebhookView, { summary: 'Get a webhook endpoint' })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.webhooks.get(id, query);
  }

  @Patch(WEBHOOK)
  @ApiItem(WebhookView, {
    summary: 'Update a webhook endpoint',
    description:
      '`is_active: 1` switches a disabled endpoint on again and clears `disabled_reason`. The key that changes the endpoint becomes its key: from then on it is delivered the events that key reads.',
  })
  update(@Param('id') id: string, @Body() body: WebhookPatch) {
    return this.webhooks.update(id, body);
  }

  @Put(WEBHOOK)
  @ApiItem(WebhookView, { summary: 'Replace a webhook endpoint' })
  replace(@Param('id') id: string, @Body() body: WebhookCreate) {
    return this.webhooks.replace(id, body);
  }

  @Delete(WEBHOOK)
  @ApiItem(WebhookView, { summary: 'Delete a webhook endpoint', description: 'Its queued deliveries go with it.' })
  remove(@Param('id') id: string) {
    return this.webhooks.remove(id);
  }

  @Post(under('rotate-secret'))
  @HttpCode(200)
  @ApiItem(WebhookWithSecretView, {
    summary: 'Rotate the signing secret',
    description:
      'The new secret signs every delivery from now on; the answer is the only place it is shown. For 24 h the previous secret ' +
      'signs beside it (a second `v1` in `Store-Signature` and in `webhook-signature`), so receivers switch without refusing a delivery.',
  })
  rotateSecret(@Param('id') id: string) {
    return this.webhooks.rotateSecret(id);
  }

  @Post(under('ping'))
  @HttpCode(202)
  @ApiItem(WebhookDeliveryView, {
    summary: 'Send a test event',
    description: 'Queues a `webhook.ping` event for this endpoint only; answers its delivery.',
  })
  ping(@Param('id') id: string) {
    return this.webhooks.ping(id);
  }

  @Get(under('deliveries'))
  @ApiPage(WebhookDeliveryView, WEBHOOK_DELIVERY_LIST, { summary: 'List the deliveries of a webhook endpoint' })
  listDeliveries(@Param('id') id: string, @Query() query: ListQuery) {
    return this.deliveries.list(id, query);
  }

  @Post(under('delivery/:delivery_id/redeliver', 'deliveries/:delivery_id/redeliver'))
  @HttpCode(202)
  @ApiItem(WebhookDeliveryView, {
    summary: 'Deliver an event again',
    description: 'A new delivery of the same event to this endpoint, due now.',
  })
  redeliver(@Param('id') id: string, @Param('delivery_id') deliveryId: string) {
    return this.deliveries.redeliver(id, deliveryId);
  }
}
