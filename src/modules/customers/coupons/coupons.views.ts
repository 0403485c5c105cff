import { Field } from '../../../openapi/fields.js';
import { DISCOUNT_TYPES } from './domain/coupon-rules.js';

/** The JSON of a coupon (presentCoupon). */
export class CouponView {
  @Field.id() id: number;
  @Field.text({ example: 'WELCOME10' }) code: string;
  @Field.text({ nullable: true, example: 'Spring sale' }) name: string | null;
  @Field.enum(DISCOUNT_TYPES) discount_type: string;
  @Field.money({ description: 'Percent for `percentage`, an amount for `fixed_amount`.', example: '10.00' }) discount_value: string;
  @Field.flag() is_active: 0 | 1;
  @Field.timestamp({ nullable: true, example: null }) starts_at: string | null;
  @Field.timestamp({ nullable: true, example: null }) ends_at: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

declare module '../../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    CouponView: CouponView;
  }
}
