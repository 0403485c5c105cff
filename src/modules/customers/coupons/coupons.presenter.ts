import { blank, flag, timestamp } from '../../../common/format/format.js';
import { formatMoney } from '../../../common/money/money.js';
import type { Coupon } from './coupon.entity.js';
import type { CouponView } from './coupons.views.js';

export type CouponJson = ReturnType<typeof presentCoupon>;

export function presentCoupon(c: Coupon): CouponView {
  return {
    id: c.id,
    code: c.code,
    name: blank(c.name),
    discount_type: c.discount_type,
    discount_value: formatMoney(c.discount_value),
    is_active: flag(c.is_active),
    starts_at: timestamp(c.starts_at),
    ends_at: timestamp(c.ends_at),
    created_at: timestamp(c.created_at),
    updated_at: timestamp(c.updated_at),
  };
}
