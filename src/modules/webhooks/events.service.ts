import { Injectable } from '@nestjs/common';
import { parseEmbed } from '../../common/embed/embed.js';
import { pageRequest, sortableColumns, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { EventListQuery } from './dto/event-list.query.js';
import { presentEvent } from './webhooks.presenter.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** GET /events: what changed, oldest first by default, so an integrator can catch up after downtime. */
@Injectable()
export class EventsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: WebhooksRepository,
  ) {}

  async list(query: EventListQuery) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query, sortableColumns('id', 'created_at'));
    const filter = { type: query.type, resource: query.resource, created_at_min: query.created_at_min };
    const page = await this.repository.eventsPage(this.tx.direct, req, filter);
    return toPage(req, page, (rows) => rows.map(presentEvent));
  }
}
