/** The life cycle of a subscription (docs/api.md#resources). Pure: no Nest, no TypeORM. */
import { type IntervalUnit, LAST_REPRESENTABLE, addDays, addInterval, anchorAfter } from './billing-interval.js';

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Which status a PATCH may set from which; `expired` is only ever reached by renewing. */
const ALLOWED: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  active: ['paused', 'cancelled'],
  paused: ['active', 'cancelled'],
  cancelled: [],
  expired: [],
};

const ENDED: readonly SubscriptionStatus[] = ['cancelled', 'expired'];

/** Why `from` cannot become `to`, or null when it can (the same status again is a no-op, so allowed). */
export function statusChangeError(from: SubscriptionStatus, to: SubscriptionStatus): string | null {
  if (from === to || ALLOWED[from].includes(to)) return null;
  return `A subscription cannot change from ${from} to ${to}; allowed from ${from}: ${ALLOWED[from].join(', ') || 'none'}.`;
}

/** A new billing plan applies from the next renewal, which an ended subscription will not have. */
export function planChangeError(status: SubscriptionStatus): string | null {
  return ENDED.includes(status) ? `The subscription is ${status}; its billing plan cannot be changed.` : null;
}

export function renewError(status: SubscriptionStatus): string | null {
  return status === 'active' ? null : `The subscription is ${status}; only an active subscription can be renewed.`;
}

/** Products of an ended subscription are its record and stay as they were. */
export function productsChangeError(status: SubscriptionStatus): string | null {
  return ENDED.includes(status) ? `The subscription is ${status}; its products cannot be changed.` : null;
}

export interface PlanTerms {
  interval_unit: IntervalUnit;
  interval_count: number;
  trial_days: number;
  renewal_cycles: number | null;
}

export interface Period {
  current_period_start: Date;
  current_period_end: Date;
  /** Day of month later month/year boundaries aim for (see anchorAfter). */
  anchor_day: number;
}

/** The first period: the trial when the plan has one, else one plan interval. Null when it would end past year 9999. */
export function firstPeriod(start: Date, plan: PlanTerms): Period | null {
  const interval = { unit: plan.interval_unit, count: plan.interval_count };
  const end = plan.trial_days > 0 ? addDays(start, plan.trial_days) : addInterval(start, interval);
  if (end > LAST_REPRESENTABLE) return null;
  return {
    current_period_start: start,
    current_period_end: end,
    anchor_day: anchorAfter(end, plan.trial_days > 0 ? 'trial' : plan.interval_unit, start.getUTCDate()),
  };
}

export interface RenewalState {
  current_period_end: Date;
  anchor_day: number;
  renewal_count: number;
}

export interface Renewal extends Period {
  renewal_count: number;
  status: SubscriptionStatus;
}

/**
 * One renewal under the current plan: the next period starts where the current one ends and lasts
 * one interval; the renewal is counted, and the one that reaches `renewal_cycles` (or passes it,
 * after a switch to a plan with fewer cycles) expires the subscription. Null when the period would
 * end past year 9999. The caller has checked renewError first.
 */
export function renewal(current: RenewalState, plan: PlanTerms): Renewal | null {
  const start = current.current_period_end;
  const end = addInterval(start, { unit: plan.interval_unit, count: plan.interval_count }, current.anchor_day);
  if (end > LAST_REPRESENTABLE) return null;
  const count = current.renewal_count + 1;
  return {
    current_period_start: start,
    current_period_end: end,
    anchor_day: anchorAfter(end, plan.interval_unit, current.anchor_day),
    renewal_count: count,
    status: plan.renewal_cycles !== null && count >= plan.renewal_cycles ? 'expired' : 'active',
  };
}
