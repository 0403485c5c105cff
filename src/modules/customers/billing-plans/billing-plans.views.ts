import { Field } from '../../../openapi/fields.js';
import { INTERVAL_UNITS } from './billing-plan.entity.js';

/** The JSON of a billing plan (presentBillingPlan). */
export class BillingPlanView {
  @Field.id() id: number;
  @Field.text({ example: 'Monthly' }) name: string;
  @Field.enum(INTERVAL_UNITS, { example: 'month' }) interval_unit: string;
  @Field.integer({ minimum: 1, example: 1 }) interval_count: number;
  @Field.integer({ minimum: 0, example: 14 }) trial_days: number;
  @Field.integer({ nullable: true, minimum: 1, description: 'Null: renews without end.', example: null }) renewal_cycles: number | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

declare module '../../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    BillingPlanView: BillingPlanView;
  }
}
