import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { tableOf } from '../../database/table.js';
import { IdempotencyKey } from './idempotency-key.entity.js';

const keysTable = (m: EntityManager) => tableOf(m.connection, IdempotencyKey);

/** How long a key is remembered. */
const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A row without a response (written by an earlier version of the API, which reserved keys before
 * running the request) counts as in progress for this long, then as abandoned.
 */
const IDEMPOTENCY_ABANDONED_SECONDS = 60;

/** A key's row as a lookup reads it. */
export interface IdempotencyRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

/** A response as a key's row stores it. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A row that no longer counts: past its 24 hours, or a response-less row past its minute. */
const STALE = `(k.created_at <= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
   OR (k.status IS NULL AND k.created_at <= now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS})))`;

const RESPONSE_EXAMPLE: StoredResponse = { status: 201, headers: { 'Content-Type': 'application/json' }, body: '{"data":{}}' };

/** The statements of the `idempotency_keys` table (see IdempotencyStore for when each runs). */
@Injectable()
export class IdempotencyRepository {
  /** The live row of a key; undefined when there is none (or only a stale one). */
  @GenerateSql({ args: [SqlArg.manager, 1, 'key-1'] })
  async live(m: EntityManager, apiKeyId: number, key: string): Promise<IdempotencyRow | undefined> {
    const [row]: IdempotencyRow[] = await m.query(
      `SELECT k.fingerprint, k.status, k.headers, k.body FROM ${keysTable(m)} k
          WHERE k.api_key_id = $1 AND k.idempotency_key = $2 AND NOT ${STALE}`,
      [apiKeyId, key],
    );
    return row;
  }

  /**
   * Records the key (a stale row of it is taken over) and returns the row's id; null when a live
   * row exists. The unique index makes this statement wait for a concurrent one's transaction to
   * end, so the winner is then visible.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, 'key-1', 'fingerprint'] })
  async claim(m: EntityManager, apiKeyId: number, key: string, fingerprint: string): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO ${keysTable(m)} AS k (api_key_id, idempotency_key, fingerprint) VALUES ($1, $2, $3)
         ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL, created_at = now()
          WHERE ${STALE}
         RETURNING k.id`,
      [apiKeyId, key, fingerprint],
    );
    return rows[0]?.id ?? null;
  }

  /** Stores the response on a claimed row. */
  @GenerateSql({ args: [SqlArg.manager, 1, RESPONSE_EXAMPLE] })
  async complete(m: EntityManager, id: number, response: StoredResponse): Promise<void> {
    await m.query(`UPDATE ${keysTable(m)} SET status = $2, headers = $3::jsonb, body = $4 WHERE id = $1`, [
      id,
      response.status,
      JSON.stringify(response.headers),
      response.body,
    ]);
  }

  /** Writes a key with its response in one statement; a live row of the key wins (and is left as it is). */
  @GenerateSql({ args: [SqlArg.manager, 1, 'key-1', 'fingerprint', RESPONSE_EXAMPLE] })
  async remember(m: EntityManager, apiKeyId: number, key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    await m.query(
      `INSERT INTO ${keysTable(m)} AS k (api_key_id, idempotency_key, fingerprint, status, headers, body)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6)
         ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, headers = EXCLUDED.headers,
                body = EXCLUDED.body, created_at = now()
          WHERE ${STALE}`,
      [apiKeyId, key, fingerprint, response.status, JSON.stringify(response.headers), response.body],
    );
  }

  /** Deletes the keys past their 24 hours. */
  @GenerateSql()
  async deleteExpired(m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM ${keysTable(m)} WHERE created_at <= now() - make_interval(hours => $1)`, [IDEMPOTENCY_TTL_HOURS]);
  }
}
