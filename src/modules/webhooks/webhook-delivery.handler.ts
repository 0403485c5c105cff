import { Inject, Injectable, Logger } from '@nestjs/common';
import { mayRead, productCostsFor } from '../../common/auth/resource-scopes.js';
import { ClaimKeeper, newClaim } from '../../common/jobs/claim-keeper.js';
import type { JobHandler } from '../../common/jobs/job.engine.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { DISABLE_AFTER_MS, retryWaitMs } from './domain/backoff.js';
import { signatureHeader, standardSignatureHeader } from './domain/signature.js';
import { WebhookSender } from './webhook-sender.client.js';
import { eventId, presentEvent } from './webhooks.presenter.js';
import {
  type ClaimedWebhookDelivery,
  type DeliveryOutcome,
  type EndpointOutcome,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository.js';

/**
 * The job kind of webhook deliveries, on the JobEngine (WebhookDeliveryModule runs
 * WEBHOOK_CONCURRENCY loops of it in the worker, and in the api when REDIS_URL is unset, as the
 * send-quote outbox does). A pass claims up to WEBHOOK_BATCH_SIZE due rows with a lease (FOR UPDATE
 * SKIP LOCKED, so several processes share the work), POSTs them all at once, and records the
 * outcomes in two statements. The claim is renewed while the batch is in hand, so a slow endpoint
 * does not lose it, and its outcomes are recorded only under its token. A process killed mid-batch
 * leaves its rows leased; once the lease runs out (WEBHOOK_LEASE_SECONDS after its last renewal)
 * another process takes them at its next poll (at least once, never lost), and a process paused
 * past its lease records none of them.
 */
@Injectable()
export class WebhookDeliveryHandler implements JobHandler {
  private readonly logger = new Logger('Webhooks');
  private readonly sender: WebhookSender;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: WebhookDeliveriesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sender = new WebhookSender(config.webhookAllowPrivate, config.webhookTimeoutMs);
  }

  close(): void {
    this.sender.close();
  }

  /** One claim, its requests and their outcomes; answers how many deliveries it took. */
  async pass(): Promise<number> {
    const m = this.tx.direct;
    const lease = this.config.webhookLeaseSeconds;
    // An idle loop looks before it claims: the claim judges each row by its key in one large statement.
    if (!(await this.repository.anyDue(m))) return 0;
    const ticket = newClaim();
    const taken = await this.repository.claimDue(m, this.config.webhookBatchSize, lease, ticket);
    // The rows the endpoint's key may no longer read were recorded `skipped` by the claim itself.
    const claimed = taken.filter((d) => d.skipped === null);
    if (claimed.length === 0) return taken.length;
    const keeper = new ClaimKeeper(
      ticket,
      claimed.map((d) => d.id),
      lease,
      (ids, token) => this.repository.renewClaims(m, ids, token, lease),
      this.logger,
      'webhook delivery',
    );
    // One body per event, however many endpoints receive it in this claim (its first row carries the
    // data), in bytes once: signed and written to each endpoint without being encoded again.
    // An endpoint whose key does not read the catalog gets the products inside a quote or an order
    // with `cost` null: a second body of that event, shared by every such endpoint.
    const data = new Map<number, string>();
    for (const d of claimed) if (d.data_json !== null && !data.has(d.event_id)) data.set(d.event_id, d.data_json);
    const bodies = new Map<string, Buffer>();
    const bodyOf = (d: ClaimedWebhookDelivery): Buffer => {
      const hide = (d.resource === 'quote' || d.resource === 'order') && !mayRead(d.scopes, 'product');
      const key = `${d.event_id}${hide ? ':no-cost' : ''}`;
      let body = bodies.get(key);
      if (!body) {
        const json = data.get(d.event_id)!;
        body = Buffer.from(eventBody(d, hide ? JSON.stringify(productCostsFor(d.scopes, JSON.parse(json) as unknown)) : json));
        bodies.set(key, body);
      }
      return body;
    };
    let results: { delivery: ClaimedWebhookDelivery; outcome: DeliveryOutcome }[];
    try {
      results = await Promise.all(claimed.map((d) => this.attempt(d, bodyOf(d))));
    } finally {
      // The outcomes end the claim; the fence (not the lease) decides whether they are still ours.
      keeper.stop();
    }
    const recorded = await this.repository.recordOutcomes(
      m,
      results.map((r) => r.outcome),
      ticket.token,
    );
    if (recorded.size < results.length) {
      const stale = results.filter((r) => !recorded.has(String(r.outcome.id))).map((r) => r.outcome.id);
      this.logger.warn(
        `${stale.length} webhook delivery outcome(s) not recorded: their claim (${ticket.holder}) was taken over by another holder ` +
          `(${stale.slice(0, 10).join(', ')}${stale.length > 10 ? ', …' : ''})`,
      );
    }
    const byEndpoint = new Map<number, EndpointOutcome>();
    for (const { delivery, outcome } of results) {
      // What another holder records is its to tell about the endpoint.
      if (!recorded.has(String(outcome.id))) continue;
      const e = byEndpoint.get(delivery.webhook_id) ?? { webhook_id: delivery.webhook_id, succeeded: false, gone: false };
      if (outcome.status === 'succeeded') e.succeeded = true;
      if (outcome.status_code === 410) e.gone = true;
      byEndpoint.set(delivery.webhook_id, e);
    }
    const disabled = await this.repository.recordEndpoints(m, [...byEndpoint.values()], DISABLE_AFTER_MS / 1000);
    if (disabled.length) this.logger.warn(`Webhook endpoints switched off: ${disabled.join(', ')}`);
    return taken.length;
  }

  private async attempt(d: ClaimedWebhookDelivery, body: Buffer): Promise<{ delivery: ClaimedWebhookDelivery; outcome: DeliveryOutcome }> {
    const id = eventId(d.event_id);
    const unix = Math.floor(Date.now() / 1000);
    // The new secret first; after a rotation, the previous one too for a day (claimDue drops it after).
    const secrets = d.previous_secret ? [d.secret, d.previous_secret] : [d.secret];
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'store-webhooks/1',
      'Store-Event-Id': id,
      'Store-Event-Type': d.type,
      'Store-Delivery-Id': d.id,
      'Store-Signature': signatureHeader(secrets, body, unix),
      // Standard Webhooks (standardwebhooks.com): the event id is the message id, the same on every retry and redelivery.
      'webhook-id': id,
      'webhook-timestamp': String(unix),
      'webhook-signature': standardSignatureHeader(secrets, id, body, unix),
    };
    const at = new Date().toISOString();
    const r = await this.sender.send(d.url, headers, body);
    const base = { id: d.id, at, status_code: r.statusCode, duration_ms: r.durationMs, error: r.error };
    if (r.ok) return { delivery: d, outcome: { ...base, status: 'succeeded', wait_ms: null } };
    // 410 Gone: the endpoint is switched off, so there is no one to retry for.
    const wait = r.statusCode === 410 ? null : retryWaitMs(d.attempts, this.config.webhookBackoffMs);
    return { delivery: d, outcome: { ...base, status: wait === null ? 'failed' : 'queued', wait_ms: wait } };
  }
}

/**
 * The JSON body of a delivery: the event as GET /events shows it, its `data` spliced in as the
 * stored JSON text (the same value; PostgreSQL's spacing), so a large resource is neither parsed
 * nor serialized again for each delivery.
 */
function eventBody(d: ClaimedWebhookDelivery, dataJson: string): string {
  const head = JSON.stringify({ ...presentEvent({ ...d, id: d.event_id, data: null }), data: undefined });
  return `${head.slice(0, -1)},"data":${dataJson}}`;
}
