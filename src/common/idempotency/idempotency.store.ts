import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uncounted } from '../../database/query-counter.js';
import { TransactionRunner } from '../../database/transaction.js';
import { IdempotencyRepository, type StoredResponse } from './idempotency.repository.js';

export type { StoredResponse } from './idempotency.repository.js';

/** Expired rows are deleted at most this often per process, by the request that comes along. */
const SWEEP_EVERY_MS = 10 * 60_000;

export type Lookup = { kind: 'none' } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' } | { kind: 'in-progress' };

/**
 * The keys of `Idempotency-Key`. A key is written in the transaction of the write it guards,
 * together with the response (see the middleware), so it exists exactly when that write committed.
 * Its statements are left out of the per-request query counts: they are not the route's work.
 */
@Injectable()
export class IdempotencyStore {
  private lastSweep = 0;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: IdempotencyRepository,
  ) {}

  /** What became of an earlier request with this key, if any. */
  lookup(apiKeyId: number, key: string, fingerprint: string): Promise<Lookup> {
    return uncounted(async (): Promise<Lookup> => {
      await this.sweepIfDue();
      const row = await this.repository.live(this.tx.direct, apiKeyId, key);
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
    return uncounted(() => this.repository.claim(m, apiKeyId, key, fingerprint));
  }

  /** Stores the response on the claimed row, in the same transaction. */
  complete(m: EntityManager, id: number, response: StoredResponse): Promise<void> {
    return uncounted(() => this.repository.complete(m, id, response));
  }

  /**
   * Remembers the response of a request that wrote nothing (a refusal such as 422): one statement
   * on its own. A live row of the key wins; the answer stands either way.
   */
  remember(apiKeyId: number, key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    return uncounted(() => this.repository.remember(this.tx.direct, apiKeyId, key, fingerprint, response));
  }

  private async sweepIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.repository.deleteExpired(this.tx.direct);
  }
}
