import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { uncounted } from '../../database/query-counter.js';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A row without a response (written by an earlier version of the API, which reserved keys before
 * running the request) counts as in progress for this long, then as abandoned.
 */
export const IDEMPOTENCY_ABANDONED_SECONDS = 60;
/** Expired rows are deleted at most this often per process, by the request that comes along. */
const SWEEP_EVERY_MS = 10 * 60_000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Lookup = { kind: 'none' } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' } | { kind: 'in-progress' };

interface Row {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

/** A row that no longer counts: past its 24 hours, or a response-less row past its minute. */
const STALE = `(k.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
   OR (k.status IS NULL AND k.created_at <= now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS})))`;

/**
 * The `idempotency_keys` table. A key is written in the transaction of the write it guards,
 * together with the response (see the middleware), so it exists exactly when that write committed.
 * Its statements are left out of the per-request query counts: they are not the route's work.
 */
@Injectable()
export class IdempotencyStore {
  private lastSweep = 0;

  constructor(private readonly dataSource: DataSource) {}

  /** What became of an earlier request with this key, if any. */
  lookup(apiKeyId: number, key: string, fingerprint: string): Promise<Lookup> {
    return uncounted(async (): Promise<Lookup> => {
      await this.sweepIfDue();
      const [row]: Row[] = await this.dataSource.query(
        `SELECT k.fingerprint, k.status, k.headers, k.body FROM idempotency_keys k
          WHERE k.api_key_id = $1 AND k.idempotency_key = $2 AND NOT ${STALE}`,
        [apiKeyId, key],
      );
      if (!row) return { kind: 'none' };
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.status === null) return { kind: 'in-progress' };
      return { kind: 'replay', response: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
    });
  }

  /**
   * Records the key inside the request's transaction; a stale row of the key is taken over. Null
   * when a live row exists: another request with this key committed first (the unique index makes
   * this statement wait for a concurrent one's transaction to end, so the winner is then visible).
   */
  claim(m: EntityManager, apiKeyId: number, key: string, fingerprint: string): Promise<number | null> {
    return uncounted(async () => {
      const rows: { id: number }[] = await m.query(
        `INSERT INTO idempotency_keys AS k (api_key_id, idempotency_key, fingerprint) VALUES ($1, $2, $3)
         ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL, created_at = now()
          WHERE ${STALE}
         RETURNING k.id`,
        [apiKeyId, key, fingerprint],
      );
      return rows[0]?.id ?? null;
    });
  }

  /** Stores the response on the claimed row, in the same transaction. */
  complete(m: EntityManager, id: number, response: StoredResponse): Promise<void> {
    return uncounted(async () => {
      await m.query(`UPDATE idempotency_keys SET status = $2, headers = $3::jsonb, body = $4 WHERE id = $1`, [
        id,
        response.status,
        JSON.stringify(response.headers),
        response.body,
      ]);
    });
  }

  /**
   * Remembers the response of a request that wrote nothing (a refusal such as 422): one statement
   * on its own. A live row of the key wins; the answer stands either way.
   */
  remember(apiKeyId: number, key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    return uncounted(async () => {
      await this.dataSource.query(
        `INSERT INTO idempotency_keys AS k (api_key_id, idempotency_key, fingerprint, status, headers, body)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6)
         ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, headers = EXCLUDED.headers,
                body = EXCLUDED.body, created_at = now()
          WHERE ${STALE}`,
        [apiKeyId, key, fingerprint, response.status, JSON.stringify(response.headers), response.body],
      );
    });
  }

  private async sweepIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => $1)`, [
      IDEMPOTENCY_TTL_HOURS,
    ]);
  }
}
