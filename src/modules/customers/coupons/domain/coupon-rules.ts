/** Pure coupon rules: what a stored coupon must satisfy, and when it applies to a quote. */
export const DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface CouponTerms {
  discount_type: DiscountType;
  /** Exact decimal text, e.g. "10.00". */
  discount_value: string;
  starts_at: Date | null;
  ends_at: Date | null;
}

/**
 * Field errors of a coupon as it will be stored (PATCH merges before checking): a percentage is
 * at most 100, and a window must end after it starts.
 */
export function couponTermErrors(terms: CouponTerms): Record<string, string> {
  const errors: Record<string, string> = {};
  if (terms.discount_type === 'percentage' && Number(terms.discount_value) > 100) {
    errors.discount_value = 'must be at most 100 for a percentage coupon';
  }
  if (terms.starts_at && terms.ends_at && terms.ends_at.getTime() <= terms.starts_at.getTime()) {
    errors.ends_at = 'must be after starts_at';
  }
  return errors;
}

/**
 * A coupon discounts a quote when it is active and `now` is inside its window: from `starts_at`
 * (inclusive) up to `ends_at` (exclusive: at `ends_at` it has ended). A missing bound is open.
 */
export function isCouponApplicable(coupon: { is_active: boolean; starts_at: Date | null; ends_at: Date | null }, now: Date): boolean {
  if (!coupon.is_active) return false;
  const t = now.getTime();
  if (coupon.starts_at && t < coupon.starts_at.getTime()) return false;
  if (coupon.ends_at && t >= coupon.ends_at.getTime()) return false;
  return true;
}
