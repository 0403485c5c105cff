import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RESOURCE_SCOPE_GROUPS } from '../../common/auth/resource-scopes.js';
import type { PageRequest, PageRows } from '../../common/paging/page-request.js';
import { pageOfQuery } from '../../database/sql/page.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { tableOf } from '../../database/table.js';
import { WebhookEvent } from './event.entity.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import type { DeliveryWithType } from './webhook-deliveries.repository.js';

/** An event as a write records it (EventRecorder). */
export interface NewEvent {
  type: string;
  resource: string;
  resource_id: number;
  data: unknown;
}

/** GET /events filters. */
export interface EventFilter {
  type?: string;
  resource?: string;
  created_at_min?: Date;
  /** Only the events of resources whose first segment is one of these (what the key reads); absent: all. */
  resource_heads?: string[];
}

/** Resource (first segment) → scope group, as a statement parameter: the fan-out matches each event to the endpoints whose key reads it. */
const SCOPE_GROUPS_JSON = JSON.stringify(RESOURCE_SCOPE_GROUPS);

/**
 * `sequence` of a new event: one more than the resource's last one (writes lock the resource's
 * row, so two events of one resource are never numbered at once), plus the event's `rank` among the
 * statement's events of the same resource (see ranked): the first is 1, the next 2, and so on.
 */
const sequenceSql = (events: string) =>
  `COALESCE((SELECT max(x.sequence) FROM ${events} x WHERE x.resource = a.resource AND x.resource_id = a.resource_id), 0) + a.rank`;

/**
 * The events as the statement's JSON parameter: each with its `rank` among the events of the same
 * resource before it in the list, counted here rather than by a window over the statement's rows
 * (which sorted every event, its data included, twice: a fifth of the statement for an import chunk).
 */
function ranked(events: readonly NewEvent[]): string {
  const seen = new Map<string, number>();
  return JSON.stringify(
    events.map((e) => {
      const key = `${e.resource}\u0000${e.resource_id}`;
      const rank = (seen.get(key) ?? 0) + 1;
      seen.set(key, rank);
      return { type: e.type, resource: e.resource, resource_id: e.resource_id, rank, data: e.data };
    }),
  );
}

/**
 * The events of a statement's JSON parameter, in order (`n`), read once (`a AS MATERIALIZED`) before
 * anything uses them. Inlined, `j->>'resource'` would go into the numbering's lookup of the resource's
 * last event, and under row-level security PostgreSQL uses an index only for a condition whose
 * functions are leakproof, which `->>` and the casts are not: each event then read the whole events
 * table of its store (a batch of 1,000 products, 11,000 events, took a minute and more).
 */
const INPUT_SQL = `SELECT j->>'type' AS type, j->>'resource' AS resource, (j->>'resource_id')::bigint AS resource_id, (j->>'rank')::int AS rank, j->'data' AS data, n
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS i(j, n)`;

/**
 * The statements of events: recording them with their fan-out to the endpoints (one statement, in
 * the transaction of the change), a ping to one endpoint, and the page GET /events reads.
 */
@Injectable()
export class EventsRepository {
  private readonly events: string;
  private readonly deliveries: string;
  private readonly webhooks: string;

  constructor(dataSource: DataSource) {
    this.events = tableOf(dataSource, WebhookEvent);
    this.deliveries = tableOf(dataSource, WebhookDelivery);
    this.webhooks = tableOf(dataSource, Webhook);
  }

  /**
   * Events and, for every active endpoint whose patterns match each one and whose key reads its
   * resource (`scopes` holds `*`, `<group>:read` or `<group>:*`), a queued delivery: one
   * statement, so the fan-out commits (or rolls back) with the change.
   */
  @GenerateSql({
    args: [
      SqlArg.manager,
      [
        { type: 'quote.updated', resource: 'quote', resource_id: 1, data: { id: 1 } },
        { type: 'quote.sent', resource: 'quote', resource_id: 1, data: { id: 1 } },
      ],
    ],
  })
  async recordEvents(m: EntityManager, events: NewEvent[]): Promise<{ events: number; deliveries: number }> {
    const [row] = await runStatement<{ events: number; deliveries: number }>(
      m,
      `WITH a AS MATERIALIZED (${INPUT_SQL}),
       e AS (
         INSERT INTO ${this.events} (type, resource, resource_id, sequence, data)
         SELECT a.type, a.resource, a.resource_id, ${sequenceSql(this.events)}, a.data FROM a ORDER BY a.n
         RETURNING id, type, resource),
       g AS (SELECT e.id, e.type, $2::jsonb ->> split_part(e.resource, '.', 1) AS grp FROM e),
       d AS (
         INSERT INTO ${this.deliveries} (webhook_id, event_id)
         SELECT w.id, g.id FROM g JOIN ${this.webhooks} w ON w.is_active
          WHERE EXISTS (SELECT 1 FROM unnest(w.events) p
                         WHERE p = '*' OR p = g.type OR (right(p, 2) = '.*' AND starts_with(g.type, left(p, -1))))
            AND w.scopes && ARRAY['*', g.grp || ':read', g.grp || ':*']
         ORDER BY g.id, w.id
         RETURNING id)
       SELECT (SELECT count(*) FROM e)::int AS events, (SELECT count(*) FROM d)::int AS deliveries`,
      [ranked(events), SCOPE_GROUPS_JSON],
    );
    return row;
  }

  /** A `webhook.ping` event and its one delivery, to this endpoint only. */
  @GenerateSql({ args: [SqlArg.manager, 1, { id: 1 }] })
  async recordPing(m: EntityManager, webhookId: number, data: unknown): Promise<DeliveryWithType> {
    const [row] = await runStatement<DeliveryWithType>(
      m,
      `WITH a AS MATERIALIZED (${INPUT_SQL}),
       e AS (
         INSERT INTO ${this.events} (type, resource, resource_id, sequence, data)
         SELECT a.type, a.resource, a.resource_id, ${sequenceSql(this.events)}, a.data FROM a
         RETURNING id, type),
       d AS (
         INSERT INTO ${this.deliveries} (webhook_id, event_id) SELECT $2::int, e.id FROM e
         RETURNING *)
       SELECT d.*, e.type AS event_type FROM d JOIN e ON e.id = d.event_id`,
      [ranked([{ type: 'webhook.ping', resource: 'webhook', resource_id: webhookId, data }]), webhookId],
    );
    return row;
  }

  /** A page of events, newest filters applied (`type`, `resource`, `created_at_min`). */
  @GenerateSql(
    { name: 'plain', args: [SqlArg.manager, { limit: 50, offset: 0, column: 'id', order: 'ASC' }, {}] },
    {
      name: 'filtered',
      args: [
        SqlArg.manager,
        { limit: 50, offset: 0, column: 'id', order: 'ASC' },
        { type: 'quote.created', resource: 'quote', created_at_min: new Date('2025-01-01T00:00:00Z') },
      ],
    },
    {
      name: 'readable',
      args: [
        SqlArg.manager,
        { limit: 50, offset: 0, column: 'id', order: 'ASC' },
        { resource_heads: ['quote', 'customer', 'customergroup'] },
      ],
    },
  )
  async eventsPage(m: EntityManager, req: PageRequest, filter: EventFilter): Promise<PageRows<WebhookEvent>> {
    const qb = m.createQueryBuilder(WebhookEvent, 'r');
    if (filter.type !== undefined) qb.andWhere('r.type = :type', { type: filter.type });
    if (filter.resource !== undefined) qb.andWhere('r.resource = :resource', { resource: filter.resource });
    if (filter.created_at_min !== undefined) qb.andWhere('r.created_at >= :min', { min: filter.created_at_min });
    if (filter.resource_heads !== undefined) qb.andWhere("split_part(r.resource, '.', 1) = ANY(:heads)", { heads: filter.resource_heads });
    return pageOfQuery(m, qb, req);
  }
}
