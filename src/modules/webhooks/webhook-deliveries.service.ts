import { Injectable } from '@nestjs/common';
import { parseEmbed } from '../../common/embed/embed.js';
import type { ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { presentDelivery } from './webhooks.presenter.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WEBHOOK_DELIVERY_LIST } from './webhooks.lists.js';

/** An endpoint's deliveries (each attempt's outcome) and redelivery of one of them. */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
  ) {}

  async list(webhookKey: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const webhook = await this.endpoints.webhooks.find(m, webhookKey);
    const req = pageRequest(query, WEBHOOK_DELIVERY_LIST.sortable);
    const page = await this.repository.deliveriesPage(m, webhook.id, req);
    return toPage(req, page, (rows) => rows.map(presentDelivery));
  }

  /** The delivery's event once more to its endpoint, as a new delivery due now (whatever became of the old one). */
  redeliver(webhookKey: string, deliveryKey: string) {
    return this.tx.run(async (m) => {
      const webhook = await this.endpoints.webhooks.find(m, webhookKey);
      const delivery = await this.repository.deliveries.find(m, deliveryKey, { where: { webhook_id: webhook.id } });
      return presentDelivery(await this.repository.redeliver(m, webhook.id, delivery.event_id));
    });
  }
}
