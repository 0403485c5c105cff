import { Inject, Injectable } from '@nestjs/common';
import { requestContext } from '../../common/http/request-context.js';
import { changesOf } from '../../common/crud/changes.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { newSecret } from './domain/signature.js';
import { RefusedAddressError, resolvePublic } from './public-address.resolver.js';
import { presentDelivery, presentWebhook, presentWebhookWithSecret } from './webhooks.presenter.js';
import { EventsRepository } from './events.repository.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import type { WebhookCreate, WebhookPatch } from './dto/webhook.input.js';
import { asReplacement } from '../../common/crud/replacement.js';
import { WEBHOOK_LIST } from './webhooks.lists.js';

/** The API key of the request, as an endpoint records it (its scopes decide what the endpoint is delivered). */
function keyOfRequest(): { scopes: string[]; api_key_id: number | null } {
  const principal = requestContext.get()?.principal;
  return principal ? { scopes: [...principal.scopes], api_key_id: principal.apiKeyId } : { scopes: ['*'], api_key_id: null };
}

/**
 * Webhook endpoints: their URLs must reach a public address (checked here at creation and change,
 * and again at every delivery), their signing secret is shown only by create and rotate-secret.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: WebhookEndpointsRepository,
    private readonly events: EventsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: ListQuery) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query, WEBHOOK_LIST.sortable);
    const m = this.tx.direct;
    return toPage(req, await this.repository.webhooks.page(m, req), (rows) => rows.map(presentWebhook));
  }

  async get(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentWebhook(await this.repository.webhooks.find(this.tx.direct, key));
  }

  async create(input: WebhookCreate) {
    const values = changesOf(input);
    await this.checkUrl(values.url as string);
    return this.tx.run(async (m) =>
      presentWebhookWithSecret(await this.repository.webhooks.insert(m, { ...values, ...keyOfRequest(), secret: newSecret() })),
    );
  }

  async update(key: string, input: WebhookPatch) {
    const values = changesOf(input);
    if (typeof values.url === 'string') await this.checkUrl(values.url);
    return this.tx.run(async (m) => {
      const current = await this.repository.webhooks.find(m, key, { lock: true });
      assertIfMatch(presentWebhook(current));
      // Switched on again: the run of failures and the reason it stopped are over.
      if (values.is_active === true && !current.is_active) Object.assign(values, { disabled_reason: null, failing_since: null });
      // The key that changes the endpoint becomes its key: from now on it is delivered what this key reads.
      return presentWebhook(await this.repository.webhooks.update(m, current, { ...values, ...keyOfRequest() }));
    });
  }

  /** PUT: the endpoint becomes the body (`is_active` left out is 1), under PATCH's rules. */
  replace(key: string, input: WebhookCreate) {
    return this.update(key, asReplacement(input, this.repository.webhooks.columnDefaults()));
  }

  remove(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.repository.webhooks.find(m, key, { lock: true });
      const presented = presentWebhook(current);
      assertIfMatch(presented);
      await this.repository.webhooks.delete(m, current.id);
      return presented;
    });
  }

  /**
   * A new secret, effective at once (deliveries from now on are signed with it); shown once. The
   * previous one signs beside it for 24 h, so receivers can switch without refusing a delivery.
   */
  rotateSecret(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.repository.webhooks.find(m, key, { lock: true });
      return presentWebhookWithSecret(await this.repository.rotateSecret(m, current.id, newSecret()));
    });
  }

  /** Queues a `webhook.ping` event for this endpoint only; answers its delivery. */
  ping(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.repository.webhooks.find(m, key, { lock: true });
      return presentDelivery(await this.events.recordPing(m, current.id, presentWebhook(current)));
    });
  }

  /** The URL's host must resolve, to public addresses only; with WEBHOOK_ALLOW_PRIVATE (development, tests) it is taken as it is. */
  private async checkUrl(url: string): Promise<void> {
    if (this.config.webhookAllowPrivate) return;
    try {
      await resolvePublic(new URL(url).hostname, this.config.webhookAllowPrivate);
    } catch (err) {
      if (err instanceof RefusedAddressError) throw ApiError.field('url', `must reach a public address: ${err.reason}`);
      throw err;
    }
  }
}
