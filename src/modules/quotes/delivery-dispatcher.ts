import type { DeliveryRetry } from './deliveries.service.js';

/** Hands committed deliveries to whoever sends them. */
export abstract class DeliveryDispatcher {
  /** Best effort: never rejects, since the rows are safe in the outbox table whatever becomes of it. */
  abstract dispatch(deliveryIds: number[]): Promise<void>;
  /** Deliveries to try again once their wait is over. */
  retryLater(_retries: DeliveryRetry[]): Promise<void> {
    return Promise.resolve();
  }
  /** Deliveries whose holder died (its lease ended at `leaseEndedMs`), for a live worker to take over. */
  takeOver(claims: { id: number; leaseEndedMs: number }[]): Promise<void> {
    return this.dispatch(claims.map((c) => c.id));
  }
}
