import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageRequest, PageRows } from '../../common/paging/page-request.js';
import type { ClaimTicket } from '../../common/jobs/claim-keeper.js';
import { RELEASE_CLAIM_SQL, claimFreeSql, heldWithSql, renewClaims, takeClaimSql, unfencedSql } from '../../database/sql/claims.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table, tableOf } from '../../database/table.js';
import { RESOURCE_SCOPE_GROUPS } from '../../common/auth/resource-scopes.js';
import { ApiKey } from '../api-keys/api-key.entity.js';
import { MAX_ATTEMPT_RECORDS } from './domain/backoff.js';
import { PREVIOUS_SECRET_SECONDS } from './domain/signature.js';
import { WebhookEvent } from './event.entity.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';

/** A delivery a worker holds (claimDue): what it sends and where. */
export interface ClaimedWebhookDelivery {
  id: string;
  attempts: number;
  webhook_id: number;
  url: string;
  secret: string;
  /** The secret rotate-secret replaced, while it still signs (PREVIOUS_SECRET_SECONDS); null otherwise. */
  previous_secret: string | null;
  /** The event's id and its resource's (bigint columns: numbers, as the pool reads int8). */
  event_id: number;
  type: string;
  resource: string;
  resource_id: number;
  sequence: number;
  /**
   * The event's `data` as JSON text, spliced into the body as it is (not parsed and written again
   * per delivery); only on the first row of each event in a claim (rows come in id order), null on
   * the others, which send the same body.
   */
  data_json: string | null;
  created_at: Date;
  /** The scopes of the endpoint's key as they are now (what it may read: a product's `cost` inside a quote needs `catalog:read`). */
  scopes: string[];
  /** Why the endpoint's key may not read the event now: the row is recorded `skipped` and nothing is sent; null to send. */
  skipped: string | null;
}

/** What one attempt came to (recordOutcomes): `queued` again with a wait, or final. */
export interface DeliveryOutcome {
  id: string;
  /** When the attempt's request started (ISO 8601), for its record in `attempt_log`. */
  at: string;
  status: 'queued' | 'succeeded' | 'failed';
  wait_ms: number | null;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** What a batch of attempts tells about each endpoint (recordEndpoints). */
export interface EndpointOutcome {
  webhook_id: number;
  /** At least one attempt answered 2xx. */
  succeeded: boolean;
  /** An attempt answered 410 Gone. */
  gone: boolean;
}

/** Resource (first segment) → scope group, as a statement parameter: the claim judges each event by it. */
const SCOPE_GROUPS_JSON = JSON.stringify(RESOURCE_SCOPE_GROUPS);

/** How a skipped delivery's reason names the key that judges it. */
const OWNER = 'The key that last changed the endpoint';

/** A delivery with its event's type, as GET /webhook/{id}/deliveries lists it. */
export type DeliveryWithType = WebhookDelivery & { event_type: string };

/**
 * The statements of deliveries: an endpoint's page of them and a redelivery, the worker's leased
 * claim (FOR UPDATE SKIP LOCKED; the claim columns and renewal of src/database/sql/claims.ts), and
 * the outcomes of a batch of attempts, on the deliveries and on their endpoints, in one statement
 * each, fenced by the claim's token.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  /** Deliveries, by id within their endpoint. */
  readonly deliveries: Table<WebhookDelivery>;
  private readonly events: string;
  private readonly webhooks: string;
  private readonly apiKeys: string;

  constructor(dataSource: DataSource) {
    this.deliveries = new Table(dataSource, WebhookDelivery, { alt: null, label: 'Delivery' });
    this.events = tableOf(dataSource, WebhookEvent);
    this.webhooks = tableOf(dataSource, Webhook);
    this.apiKeys = tableOf(dataSource, ApiKey);
  }

  /** A page of one endpoint's deliveries, each with its event's type (two statements and the count). */
  @GenerateSql({ args: [SqlArg.manager, 1, { limit: 50, offset: 0, column: 'id', order: 'ASC' }] })
  async deliveriesPage(m: EntityManager, webhookId: number, req: PageRequest): Promise<PageRows<DeliveryWithType>> {
    const page = await this.deliveries.page(m, req, { where: { webhook_id: webhookId } });
    const types = await this.eventTypes(
      m,
      page.rows.map((d) => d.event_id),
    );
    return { ...page, rows: page.rows.map((d) => ({ ...d, event_type: types.get(d.event_id) ?? '' })) };
  }

  /** The types of events, by id. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async eventTypes(m: EntityManager, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await runStatement<{ id: number; type: string }>(m, `SELECT id, type FROM ${this.events} WHERE id = ANY($1::bigint[])`, [
      ids,
    ]);
    return new Map(rows.map((r) => [r.id, r.type]));
  }

  /** Another delivery of a delivery's event to its endpoint, due now. */
  @GenerateSql({ args: [SqlArg.manager, 1, 1] })
  async redeliver(m: EntityManager, webhookId: number, eventId: number): Promise<DeliveryWithType> {
    const [row] = await runStatement<DeliveryWithType>(
      m,
      `WITH d AS (INSERT INTO ${this.deliveries.sqlName} (webhook_id, event_id) VALUES ($1::int, $2::bigint) RETURNING *)
       SELECT d.*, e.type AS event_type FROM d JOIN ${this.events} e ON e.id = d.event_id`,
      [webhookId, eventId],
    );
    return row;
  }

  /**
   * Whether any delivery is queued and due, held or not: the look an idle loop takes before it
   * claims (claimDue), in one probe of the due index, which costs a fraction of the claim's planning.
   */
  @GenerateSql({ args: [SqlArg.manager] })
  async anyDue(m: EntityManager): Promise<boolean> {
    const [row] = await runStatement<{ due: boolean }>(
      m,
      `SELECT EXISTS (SELECT 1 FROM ${this.deliveries.sqlName} WHERE status = 'queued' AND next_attempt_at <= now()) AS due`,
      [],
    );
    return row.due;
  }

  /**
   * Takes up to `limit` due deliveries of active endpoints that no live worker holds, under the
   * claim `ticket` for `leaseSeconds`, and counts the attempt; answers what to send. Rows another
   * worker is taking at the same moment are skipped (SKIP LOCKED), so workers never wait on one another.
   *
   * Each row is judged in the same statement by the key that last created or changed its endpoint,
   * as that key is now (docs/api.md, Events and webhooks): a key that is gone, revoked or expired, or
   * whose scopes no longer read the event's resource, sends nothing; the row becomes `skipped` with
   * the reason in `error` (no attempt is counted) and comes back with `skipped` set, so the
   * handler counts it without sending it. An endpoint with no recorded key (made before keys were
   * recorded) is judged by the scopes it was given. A `webhook.ping` (the endpoint itself, asked for
   * with `webhooks:write`) needs a live key but no read scope.
   */
  @GenerateSql({ args: [SqlArg.manager, 100, 15, { holder: 'host:1234:abcdef', token: '00000000-0000-4000-8000-000000000001' }] })
  claimDue(m: EntityManager, limit: number, leaseSeconds: number, ticket: ClaimTicket): Promise<ClaimedWebhookDelivery[]> {
    return runStatement<ClaimedWebhookDelivery>(
      m,
      `WITH s AS (
         SELECT q.id, j.scopes,
                CASE WHEN w.api_key_id IS NOT NULL AND k.id IS NULL THEN '${OWNER} no longer exists.'
                     WHEN k.revoked_at IS NOT NULL THEN '${OWNER} is revoked.'
                     WHEN k.expires_at <= now() THEN '${OWNER} has expired.'
                     WHEN e.type <> 'webhook.ping' AND NOT j.scopes && ARRAY['*', j.grp || ':read', j.grp || ':*']
                       THEN '${OWNER} lacks the scope "' || COALESCE(j.grp || ':read', e.resource) || '".'
                END AS skipped
           FROM ${this.deliveries.sqlName} q
           JOIN ${this.webhooks} w ON w.id = q.webhook_id AND w.is_active
           JOIN ${this.events} e ON e.id = q.event_id
           LEFT JOIN ${this.apiKeys} k ON k.id = w.api_key_id
          CROSS JOIN LATERAL (SELECT CASE WHEN w.api_key_id IS NULL THEN w.scopes ELSE k.scopes END AS scopes,
                                     $5::jsonb ->> split_part(e.resource, '.', 1) AS grp) j
          WHERE q.status = 'queued' AND q.next_attempt_at <= now()
            AND ${claimFreeSql('q')} AND ${unfencedSql('q')}
          ORDER BY q.next_attempt_at, q.id
          LIMIT $1
          FOR UPDATE OF q SKIP LOCKED),
       c AS (
         UPDATE ${this.deliveries.sqlName} d
            SET ${takeClaimSql({ seconds: '$2', holder: '$3', token: '$4' })}, attempts = d.attempts + 1, updated_at = now()
           FROM s WHERE d.id = s.id AND s.skipped IS NULL
          RETURNING d.id, d.attempts, d.webhook_id, d.event_id, s.scopes, s.skipped),
       x AS (
         UPDATE ${this.deliveries.sqlName} d
            SET status = 'skipped', error = s.skipped, ${RELEASE_CLAIM_SQL}, updated_at = now()
           FROM s WHERE d.id = s.id AND s.skipped IS NOT NULL
          RETURNING d.id, d.attempts, d.webhook_id, d.event_id, s.scopes, s.skipped),
       r AS (SELECT * FROM c UNION ALL SELECT * FROM x)
       SELECT r.id::text AS id, r.attempts, w.id AS webhook_id, w.url, w.secret,
              CASE WHEN w.secret_rotated_at > now() - make_interval(secs => ${PREVIOUS_SECRET_SECONDS}) THEN w.previous_secret END AS previous_secret,
              e.id AS event_id, e.type, e.resource,
              e.resource_id, e.sequence,
              CASE WHEN r.skipped IS NULL AND row_number() OVER (PARTITION BY r.event_id, r.skipped IS NULL ORDER BY r.id) = 1
                   THEN e.data::text END AS data_json,
              e.created_at, r.scopes, r.skipped
         FROM r JOIN ${this.webhooks} w ON w.id = r.webhook_id JOIN ${this.events} e ON e.id = r.event_id
        ORDER BY r.id`,
      [limit, leaseSeconds, ticket.holder, ticket.token, SCOPE_GROUPS_JSON],
    );
  }

  /** A live worker's claims stay its own: the lease of those still under its token starts again. Answers the ids renewed. */
  @GenerateSql({ args: [SqlArg.manager, ['1', '2'], '00000000-0000-4000-8000-000000000001', 15] })
  renewClaims(m: EntityManager, ids: string[], token: string, leaseSeconds: number): Promise<string[]> {
    return renewClaims(m, 'webhook_deliveries', ids, token, leaseSeconds);
  }

  /**
   * The outcomes of a batch of attempts, in one statement, each only where the delivery still
   * carries the claim `token` it was attempted under; the claim ends and the attempt joins the
   * delivery's `attempt_log` (its oldest record dropped once there are MAX_ATTEMPT_RECORDS), in the
   * same fenced UPDATE, so an attempt is on record exactly when its outcome is. Answers the ids
   * recorded (as text): a missing one was taken over by another holder and is not recorded.
   */
  @GenerateSql({
    args: [
      SqlArg.manager,
      [
        { id: '1', at: '2025-01-31T14:05:00.000Z', status: 'succeeded', wait_ms: null, status_code: 200, duration_ms: 12, error: null },
        { id: '2', at: '2025-01-31T14:05:00.000Z', status: 'queued', wait_ms: 30000, status_code: 500, duration_ms: 40, error: 'HTTP 500' },
      ],
      '00000000-0000-4000-8000-000000000001',
    ],
  })
  async recordOutcomes(m: EntityManager, outcomes: DeliveryOutcome[], token: string): Promise<Set<string>> {
    if (outcomes.length === 0) return new Set();
    const rows = await runStatement<{ id: string }>(
      m,
      `WITH o AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb)
             AS x(id bigint, at timestamptz, status text, wait_ms int, status_code int, duration_ms int, error text)),
       u AS (
         UPDATE ${this.deliveries.sqlName} d
            SET status = o.status, ${RELEASE_CLAIM_SQL}, last_status_code = o.status_code, duration_ms = o.duration_ms,
                error = o.error, updated_at = now(),
                attempt_log = CASE WHEN jsonb_array_length(d.attempt_log) >= ${MAX_ATTEMPT_RECORDS}
                                   THEN d.attempt_log - 0 ELSE d.attempt_log END
                              || jsonb_build_array(jsonb_build_object('attempt', d.attempts, 'at', o.at, 'status_code', o.status_code,
                                                                      'duration_ms', o.duration_ms, 'error', o.error)),
                next_attempt_at = CASE WHEN o.wait_ms IS NULL THEN d.next_attempt_at ELSE now() + make_interval(secs => o.wait_ms / 1000.0) END
           FROM o WHERE d.id = o.id AND ${heldWithSql('$2', 'd')}
          RETURNING d.id)
       SELECT id::text AS id FROM u`,
      [JSON.stringify(outcomes), token],
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * What a batch says about its endpoints: a success ends a run of failures; a failure starts one
   * (failing_since); 410 Gone, or failing for `disableAfterSeconds` straight, switches the endpoint
   * off with the reason. Answers the endpoints switched off now. The rows are locked first, in id
   * order (`l`): two deliverers recording overlapping endpoints in their own orders (an UPDATE … FROM
   * locks rows in whatever order its join meets them) would otherwise deadlock; in one order, the
   * second waits for the first.
   */
  @GenerateSql({ args: [SqlArg.manager, [{ webhook_id: 1, succeeded: false, gone: true }], 86400] })
  async recordEndpoints(m: EntityManager, outcomes: EndpointOutcome[], disableAfterSeconds: number): Promise<number[]> {
    if (outcomes.length === 0) return [];
    const rows = await runStatement<{ id: number }>(
      m,
      `WITH o AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(webhook_id int, succeeded boolean, gone boolean)),
       l AS (SELECT w.id FROM ${this.webhooks} w WHERE w.id IN (SELECT webhook_id FROM o) ORDER BY w.id FOR UPDATE),
       u AS (
         UPDATE ${this.webhooks} w
            SET failing_since = CASE WHEN o.succeeded THEN NULL ELSE COALESCE(w.failing_since, now()) END,
                is_active = CASE WHEN o.gone OR (NOT o.succeeded AND w.failing_since <= now() - make_interval(secs => $2::int))
                                 THEN false ELSE w.is_active END,
                disabled_reason = CASE
                  WHEN o.gone THEN 'The endpoint answered 410 Gone.'
                  WHEN NOT o.succeeded AND w.failing_since <= now() - make_interval(secs => $2::int)
                    THEN 'Every delivery failed for ' || ($2::int / 3600) || ' hours.'
                  ELSE w.disabled_reason END
           FROM o JOIN l ON l.id = o.webhook_id
          WHERE w.id = o.webhook_id AND w.is_active
            AND (o.gone OR NOT o.succeeded OR w.failing_since IS NOT NULL)
          RETURNING w.id, w.is_active)
       SELECT id FROM u WHERE NOT is_active ORDER BY id`,
      [JSON.stringify(outcomes), disableAfterSeconds],
    );
    return rows.map((r) => r.id);
  }
}
