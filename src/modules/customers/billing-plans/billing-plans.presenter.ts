import { timestamp } from '../../../common/format/format.js';
import type { BillingPlan } from './billing-plan.entity.js';
import type { BillingPlanView } from './billing-plans.views.js';

export type BillingPlanJson = ReturnType<typeof presentBillingPlan>;

export function presentBillingPlan(p: BillingPlan): BillingPlanView {
  return {
    id: p.id,
    name: p.name,
    interval_unit: p.interval_unit,
    interval_count: p.interval_count,
    trial_days: p.trial_days,
    renewal_cycles: p.renewal_cycles,
    created_at: timestamp(p.created_at),
    updated_at: timestamp(p.updated_at),
  };
}
