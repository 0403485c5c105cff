import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';

/**
 * What a buyer's decision did: the quote's state as it was before the statement (`decided` tells
 * whether this statement accepted or declined it; `revision` is the one stored).
 */
export interface DecisionOutcome {
  id: number;
  decided: boolean;
  status: string;
  revision: number;
  expired: boolean;
}

/** A buyer's decision on the quote of a cart link; `revision` (when the form carried one) must still be the stored one. */
export interface Decision {
  cartLinkId: string;
  revision: number | null;
  decision: 'accepted' | 'declined';
  reason?: string | null;
}

/**
 * The buyer's decision on a quote (the page's reads are the quotes module's BuyerQuotesRepository).
 */
@Injectable()
export class CartRepository {
  /**
   * Accepts or declines the quote of a cart link in one statement: only an open quote (`active`,
   * not expired) of the revision the buyer saw changes (the UPDATE re-checks that after waiting
   * for a concurrent decision, so a quote is decided once). Null when there is no such quote.
   * "Not expired" is the rule of quotes/domain/quote-status.ts `isPastExpiry`, said in SQL.
   */
  @GenerateSql(
    { name: 'accept', args: [SqlArg.manager, { cartLinkId: 'AbCdEfGhIjKlMnOp', revision: 1, decision: 'accepted' }] },
    {
      name: 'decline',
      args: [SqlArg.manager, { cartLinkId: 'AbCdEfGhIjKlMnOp', revision: null, decision: 'declined', reason: 'Too dear' }],
    },
  )
  async decide(m: EntityManager, d: Decision): Promise<DecisionOutcome | null> {
    const set =
      d.decision === 'accepted'
        ? `accepted_at = now(), status = 'accepted'`
        : `declined_at = now(), decline_reason = $3::text, status = 'declined'`;
    const [row] = await runStatement<DecisionOutcome>(
      m,
      `WITH a AS (
         UPDATE quotes SET ${set}, updated_at = now()
          WHERE cart_link_id = $1 AND status = 'active' AND (expires_at IS NULL OR expires_at > now())
            AND ($2::int IS NULL OR revision = $2::int)
          RETURNING id)
       SELECT q.id, EXISTS (SELECT 1 FROM a) AS decided, q.status, q.revision,
              (q.expires_at IS NOT NULL AND q.expires_at <= now()) AS expired
         FROM quotes q WHERE q.cart_link_id = $1`,
      d.decision === 'accepted' ? [d.cartLinkId, d.revision] : [d.cartLinkId, d.revision, d.reason ?? null],
    );
    return row ?? null;
  }
}
