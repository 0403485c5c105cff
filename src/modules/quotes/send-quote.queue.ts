import type { JobOptions } from 'bull';

/** The Bull queue of quote e-mails: one job per delivery row, the row id as job id. */
export const SEND_QUOTE_QUEUE = 'send-quote';

/** Attempts before a delivery is `failed`; the in-process outbox uses the same count and backoff. */
export const DELIVERY_MAX_ATTEMPTS = 5;
export const DELIVERY_BACKOFF_MS = 1000;

export const SEND_QUOTE_JOB_OPTIONS: JobOptions = {
  attempts: DELIVERY_MAX_ATTEMPTS,
  backoff: { type: 'exponential', delay: DELIVERY_BACKOFF_MS },
  // Finished jobs leave Redis, so the sweep can enqueue a delivery again under the same job id.
  removeOnComplete: true,
  removeOnFail: true,
};

export const deliveryJobId = (deliveryId: number) => `delivery-${deliveryId}`;

/** Exponential backoff: 1 s, 2 s, 4 s, 8 s … after the 1st, 2nd, 3rd … failed attempt. */
export const backoffMs = (attempts: number) => DELIVERY_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
