import { Injectable } from '@nestjs/common';
import {
  RESOURCE_SCOPE_GROUPS,
  mayRead,
  productCostsFor,
  requestScopes,
  requireRead,
  scopeGroupOf,
} from '../../common/auth/resource-scopes.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { EventListQuery } from './dto/event-list.query.js';
import { presentEvent } from './webhooks.presenter.js';
import { EventsRepository } from './events.repository.js';
import type { EventView } from './webhooks.views.js';
import { EVENT_LIST } from './webhooks.lists.js';

/** Products inside a quote's or an order's data, as the key may see them (`cost` null without `catalog:read`). */
function withProductCosts(scopes: string[], event: EventView): EventView {
  return event.resource === 'quote' || event.resource === 'order' ? { ...event, data: productCostsFor(scopes, event.data) } : event;
}

/**
 * GET /events: what changed, oldest first by default, so an integrator can catch up after downtime.
 * A key lists only the events of the resources it reads (`resource=X` of a resource it does not
 * read: 403 naming X's read scope), and a product inside a quote's data reads `cost` null without
 * `catalog:read`, as GET of that quote answers it.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: EventsRepository,
  ) {}

  async list(query: EventListQuery) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query, EVENT_LIST.sortable);
    const scopes = requestScopes();
    // A resource the map does not know is no event's: it lists nothing, as before.
    if (query.resource !== undefined && scopeGroupOf(query.resource) !== null) requireRead(query.resource);
    const heads = scopes.includes('*') ? undefined : Object.keys(RESOURCE_SCOPE_GROUPS).filter((head) => mayRead(scopes, head));
    const filter = { type: query.type, resource: query.resource, created_at_min: query.created_at_min, resource_heads: heads };
    const page = await this.repository.eventsPage(this.tx.direct, req, filter);
    return toPage(req, page, (rows) => rows.map((row) => withProductCosts(scopes, presentEvent(row))));
  }
}
