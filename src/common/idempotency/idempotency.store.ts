import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { uncounted } from '../../database/query-counter.js';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A reservation whose request never finished (its process died) is given up after this long. */
export const IDEMPOTENCY_ABANDONED_SECONDS = 60;
/** Expired rows are deleted at most this often per process, by the request that comes along. */
const SWEEP_EVERY_MS = 10 * 60_000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Reservation =
  { kind: 'new'; id: number } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' } | { kind: 'in-progress' };

interface Row {
  id: number;
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  stale: boolean;
}

/**
 * The `idempotency_keys` table. Every statement stands alone (no transaction is held across the
 * request), so it works the same on PostgreSQL and on the single-connection embedded database.
 * Its queries are left out of the per-request query counts: they are not the route's work.
 */
@Injectable()
export class IdempotencyStore {
  private lastSweep = 0;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims the key for this request, or says what became of the request that claimed it first.
   * The unique index decides between concurrent first requests.
   */
  reserve(apiKeyId: number, key: string, fingerprint: string): Promise<Reservation> {
    return uncounted(async (): Promise<Reservation> => {
      await this.sweepIfDue();
      // A few rounds: a stale row is deleted and the insert tried again; another request may win that race.
      for (let round = 0; round < 3; round++) {
        const inserted: { id: number }[] = await this.dataSource.query(
          `INSERT INTO idempotency_keys (api_key_id, idempotency_key, fingerprint) VALUES ($1, $2, $3)
           ON CONFLICT (api_key_id, idempotency_key) DO NOTHING RETURNING id`,
          [apiKeyId, key, fingerprint],
        );
        if (inserted.length > 0) return { kind: 'new', id: inserted[0].id };
        const [row]: Row[] = await this.dataSource.query(
          `SELECT id, fingerprint, status, headers, body,
                  (created_at <= now() - make_interval(hours => $3)
                   OR (status IS NULL AND created_at <= now() - make_interval(secs => $4))) AS stale
             FROM idempotency_keys WHERE api_key_id = $1 AND idempotency_key = $2`,
          [apiKeyId, key, IDEMPOTENCY_TTL_HOURS, IDEMPOTENCY_ABANDONED_SECONDS],
        );
        if (!row) continue; // released or swept in between
        if (row.stale) {
          await this.release(row.id);
          continue;
        }
        if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (row.status === null) return { kind: 'in-progress' };
        return { kind: 'replay', response: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
      }
      return { kind: 'in-progress' };
    });
  }

  complete(id: number, response: StoredResponse): Promise<void> {
    return uncounted(async () => {
      await this.dataSource.query(`UPDATE idempotency_keys SET status = $2, headers = $3::jsonb, body = $4 WHERE id = $1`, [
        id,
        response.status,
        JSON.stringify(response.headers),
        response.body,
      ]);
    });
  }

  /** Forgets a reservation, so the next request with its key runs for real. */
  release(id: number): Promise<void> {
    return uncounted(async () => {
      await this.dataSource.query(`DELETE FROM idempotency_keys WHERE id = $1`, [id]);
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
