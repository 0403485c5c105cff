import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '@nestjs/common';
import { lostClaims, renewalMs } from './domain/lease.js';

/** This process as a claim holder: host, pid and a nonce (a pid comes back after a restart). */
const CLAIM_HOLDER = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** A claim as its holder knows it: who holds it and its fencing token (a new one per claim). */
export interface ClaimTicket {
  holder: string;
  token: string;
}

export function newClaim(): ClaimTicket {
  return { holder: CLAIM_HOLDER, token: randomUUID() };
}

/**
 * Keeps the claims of one batch alive while its holder works on them: every third of the lease it
 * renews the ids still in hand (one statement, fenced by the claim's token). An id leaves the hand
 * when its outcome is recorded (`release`), and is renewed while that record is being written
 * (`settling`: a slow write must not let the lease run out under it); an id the renewal did not keep was taken over by
 * someone else (this process paused past its lease, say), which is logged once, and the fence
 * keeps this holder from recording it. `stop` ends the renewals. Every job kind keeps its claims with it.
 */
export class ClaimKeeper<Id extends number | string> {
  private readonly held: Set<Id>;
  /** Ids whose outcome is being written: still renewed; one a renewal misses meanwhile is the write's doing, not a takeover. */
  private readonly settlingIds = new Set<Id>();
  private readonly timer: NodeJS.Timeout;
  private renewing = false;

  constructor(
    readonly ticket: ClaimTicket,
    ids: Id[],
    leaseSeconds: number,
    private readonly renew: (ids: Id[], token: string) => Promise<string[]>,
    private readonly logger: Logger,
    private readonly what: string,
  ) {
    this.held = new Set(ids);
    this.timer = setInterval(() => void this.renewNow(), renewalMs(leaseSeconds));
    this.timer.unref();
  }

  /** The outcome of `id` is being written: it stays renewed until `release`. */
  settling(id: Id): void {
    this.settlingIds.add(id);
  }

  /** The outcome of `id` is recorded (or refused): no more renewals for it. */
  release(id: Id): void {
    this.held.delete(id);
    this.settlingIds.delete(id);
  }

  stop(): void {
    clearInterval(this.timer);
    this.held.clear();
    this.settlingIds.clear();
  }

  private async renewNow(): Promise<void> {
    // A renewal still under way (the database slow) is not doubled.
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    try {
      const renewed = await this.renew([...this.held], this.ticket.token);
      // The write of an outcome ends the claim: a renewal that came after it finds nothing to renew.
      const lost = lostClaims(this.held, renewed).filter((id) => !this.settlingIds.has(id));
      if (lost.length) {
        for (const id of lost) this.held.delete(id);
        this.logger.warn(
          `${lost.length} ${this.what} claim(s) of ${this.ticket.holder} were taken over by another holder ` +
            `(${lost.slice(0, 10).join(', ')}${lost.length > 10 ? ', …' : ''}); their outcome will not be recorded here`,
        );
      }
    } catch (err) {
      // The next renewal tries again; the lease outlasts two missed ones.
      this.logger.warn(`Could not renew ${this.what} claims: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.renewing = false;
    }
  }
}
