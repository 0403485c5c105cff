import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ClaimTicket } from '../../../common/jobs/claim-keeper.js';
import {
  RELEASE_CLAIM_SQL,
  claimExpiredSql,
  claimFreeSql,
  heldWithSql,
  renewClaims,
  takeClaimSql,
  unfencedSql,
} from '../../../database/sql/claims.js';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { runStatement } from '../../../database/sql/statement.js';
import { Table } from '../../../database/table.js';
import { type DeliveryKind, QuoteDelivery } from '../quote-delivery.entity.js';

/** A delivery row as send-quote writes it: one per recipient. */
export interface NewDelivery {
  quote_id: number;
  recipient: string;
  message: string | null;
  bcc: string[];
  attach_pdf: boolean;
  /** Absent: `quote` (send-quote). */
  kind?: DeliveryKind;
}

/** A delivery as the sending side needs it: claimed by `claim`, attempts already counted. */
export interface ClaimedDelivery {
  id: number;
  /** The store of the quote: the delivery is rendered and recorded as its work. */
  store_id: number;
  quote_id: number;
  recipient: string;
  message: string | null;
  bcc: string[] | null;
  attach_pdf: boolean;
  kind: DeliveryKind;
  attempts: number;
}

/**
 * The send-quote outbox's statements: writing a request's rows, a quote's deliveries page by page,
 * claiming many deliveries in one UPDATE, keeping the claims of a live worker fresh, recording many
 * sent messages (and the quote's last_sent_at) in one statement. The mail's view of a quote is
 * BuyerQuotesRepository's, the cart page's.
 * Claims are the leased claims of src/database/sql/claims.ts: an outcome is written only where the
 * row still carries the writer's claim token.
 * The hand-written data-modifying statements are wrapped in a CTE ending in SELECT, so they answer
 * rows the same way on PostgreSQL and on the embedded database.
 */
@Injectable()
export class DeliveriesRepository {
  /** A quote's deliveries, listed by `quote_id`; addressed by id only. */
  readonly deliveries: Table<QuoteDelivery>;

  constructor(dataSource: DataSource) {
    this.deliveries = new Table(dataSource, QuoteDelivery, { alt: null, label: 'Delivery' });
  }

  /** The outbox rows of one send-quote request, in one statement, in recipient order. */
  @GenerateSql({
    args: [
      SqlArg.manager,
      [
        { quote_id: 1, recipient: 'a@example.com', message: 'Hello', bcc: ['c@example.com'], attach_pdf: true },
        { quote_id: 1, recipient: 'b@example.com', message: 'Hello', bcc: [], attach_pdf: true, kind: 'quote' },
      ],
    ],
  })
  async insertDeliveries(m: EntityManager, rows: NewDelivery[]): Promise<QuoteDelivery[]> {
    const result = await m.createQueryBuilder().insert().into(QuoteDelivery).values(rows).returning('*').execute();
    return (result.raw as QuoteDelivery[]).map((r) => m.create(QuoteDelivery, r));
  }

  /**
   * Takes the deliveries among `ids` that are free: queued and due, or claimed by a worker whose
   * lease ran out. Each taken row is `sending` under the claim `ticket` for `leaseSeconds`, with one
   * more attempt.
   */
  @GenerateSql({ args: [SqlArg.manager, [1, 2], 15, { holder: 'host:1234:abcdef', token: '00000000-0000-4000-8000-000000000001' }] })
  claim(m: EntityManager, ids: number[], leaseSeconds: number, ticket: ClaimTicket): Promise<ClaimedDelivery[]> {
    return runStatement<ClaimedDelivery>(
      m,
      `WITH c AS (
         UPDATE quote_deliveries
            SET status = 'sending', ${takeClaimSql({ seconds: '$2', holder: '$3', token: '$4' })},
                attempts = attempts + 1, updated_at = now()
          WHERE id = ANY($1::int[]) AND ${unfencedSql('quote_deliveries')}
            AND ((status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
                 OR (status = 'sending' AND ${claimFreeSql()}))
          RETURNING id, store_id, quote_id, recipient, message, bcc, attach_pdf, kind, attempts)
       SELECT * FROM c ORDER BY id`,
      [ids, leaseSeconds, ticket.holder, ticket.token],
    );
  }

  /** Among `ids`, the queued ones whose retry is not due yet, or whose store's move holds them, with the milliseconds left. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  notYetDue(m: EntityManager, ids: number[]): Promise<{ id: number; wait_ms: number }[]> {
    // A store moving between clusters holds its rows a moment (docs/api.md#clusters): asked again in a second.
    return runStatement(
      m,
      `SELECT id, greatest(ceil(extract(epoch FROM coalesce(next_attempt_at, now()) - now()) * 1000)::int,
                           CASE WHEN ${unfencedSql('quote_deliveries')} THEN 0 ELSE 1000 END) AS wait_ms
         FROM quote_deliveries
        WHERE id = ANY($1::int[]) AND status = 'queued' AND (next_attempt_at > now() OR NOT ${unfencedSql('quote_deliveries')})
        ORDER BY id`,
      [ids],
    );
  }

  /** A live worker's claims stay its own: the lease of those still under its token starts again. Answers the ids renewed. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2], '00000000-0000-4000-8000-000000000001', 15] })
  renewClaims(m: EntityManager, ids: number[], token: string, leaseSeconds: number): Promise<string[]> {
    return renewClaims(m, 'quote_deliveries', ids, token, leaseSeconds);
  }

  /**
   * Messages the SMTP server accepted: `sent` with their Message-ID, and each quote's last_sent_at
   * moved forward (by the quote itself, not by a notice of the buyer's decision), in one statement (so both commit together), each only while it still carries the
   * claim token it was sent under. Answers the deliveries recorded, as they are now; a delivery
   * missing from the answer was taken over by another holder and is not recorded.
   */
  @GenerateSql({
    args: [
      SqlArg.manager,
      [1, 2],
      ['<a@example.com>', '<b@example.com>'],
      ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001'],
    ],
  })
  async markSent(m: EntityManager, ids: number[], messageIds: string[], tokens: string[]): Promise<QuoteDelivery[]> {
    const rows = await runStatement<QuoteDelivery>(
      m,
      `WITH s AS (
         UPDATE quote_deliveries d
            SET status = 'sent', sent_at = now(), message_id = u.message_id, last_error = NULL, ${RELEASE_CLAIM_SQL},
                updated_at = now()
           FROM unnest($1::int[], $2::text[], $3::uuid[]) AS u(id, message_id, token)
          WHERE d.id = u.id AND ${heldWithSql('u.token', 'd')}
          RETURNING d.*),
       q AS (
         -- GREATEST: deliveries of one quote commit in any order; now() is each statement's start.
         UPDATE quotes SET last_sent_at = GREATEST(last_sent_at, now())
          WHERE id IN (SELECT quote_id FROM s WHERE s.kind = 'quote')
          RETURNING id)
       SELECT s.* FROM s ORDER BY s.id`,
      [ids, messageIds, tokens],
    );
    return rows.map((row) => m.create(QuoteDelivery, row));
  }

  /**
   * An attempt that failed: `queued` again with its next attempt in `waitSeconds`, or `failed`
   * for good (a null wait leaves next_attempt_at null), only while the delivery still carries the
   * claim `token`. Answers the delivery as it is now, or null when another holder took it over.
   */
  @GenerateSql(
    { name: 'to retry', args: [SqlArg.manager, 1, '00000000-0000-4000-8000-000000000001', 'queued', '421 try again later', 2] },
    { name: 'for good', args: [SqlArg.manager, 1, '00000000-0000-4000-8000-000000000001', 'failed', '550 no such user', null] },
  )
  async markFailed(
    m: EntityManager,
    id: number,
    token: string,
    status: 'queued' | 'failed',
    reason: string,
    waitSeconds: number | null,
  ): Promise<QuoteDelivery | null> {
    // One use per parameter: `$2` as both the column value and a CASE operand made PostgreSQL
    // refuse the statement (inconsistent types deduced).
    const [row] = await runStatement<QuoteDelivery>(
      m,
      `WITH f AS (
         UPDATE quote_deliveries
            SET status = $2, last_error = $3, ${RELEASE_CLAIM_SQL}, updated_at = now(),
                next_attempt_at = now() + make_interval(secs => $4)
          WHERE id = $1 AND ${heldWithSql('$5')}
          RETURNING *)
       SELECT * FROM f`,
      [id, status, reason, waitSeconds, token],
    );
    return row ? m.create(QuoteDelivery, row) : null;
  }

  /** Deliveries due now: queued ones whose backoff has passed (by `olderThanSeconds`), and claims whose lease ended. */
  @GenerateSql({ args: [SqlArg.manager, 100, 0] })
  async due(m: EntityManager, limit: number, olderThanSeconds: number): Promise<number[]> {
    const rows = await runStatement<{ id: number }>(
      m,
      `SELECT id FROM quote_deliveries
        WHERE (status = 'queued' AND COALESCE(next_attempt_at, created_at) <= now() - make_interval(secs => $2))
           OR (status = 'sending' AND ${claimExpiredSql()})
        ORDER BY id LIMIT $1`,
      [limit, olderThanSeconds],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims whose holder's lease ended (it died), in id order, each with the end of that lease in
   * epoch milliseconds: the same expired claim answers the same value until someone takes it.
   */
  @GenerateSql({ args: [SqlArg.manager, 500] })
  expiredClaims(m: EntityManager, limit: number): Promise<{ id: number; lease_ended_ms: string }[]> {
    return runStatement(
      m,
      `SELECT id, (extract(epoch FROM leased_until) * 1000)::bigint::text AS lease_ended_ms
         FROM quote_deliveries
        WHERE status = 'sending' AND ${claimExpiredSql()}
        ORDER BY id LIMIT $1`,
      [limit],
    );
  }
}
