import { Controller, Get, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiPage } from '../../openapi/decorators.js';
import { EventListQuery } from './dto/event-list.query.js';
import { EventsService } from './events.service.js';
import { EventView } from './webhooks.views.js';
import { EVENT_LIST } from './webhooks.lists.js';

/** The event log (scope `webhooks:read`). */
@Controller()
@ScopeGroup('webhooks')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get('events')
  @ApiPage(EventView, EVENT_LIST, {
    summary: 'List events',
    description:
      'Every recorded change, filtered by `type`, `resource` and `created_at_min`; the same JSON a delivery carries. Only the events whose resource the key reads (its group’s read scope) are listed; `resource` naming one it does not read is 403 naming that scope. A product `cost` inside a quote or order event reads null without `catalog:read`.',
  })
  list(@Query() query: EventListQuery) {
    return this.events.list(query);
  }
}
