import { couponTermErrors, isCouponApplicable } from './coupon-rules.js';

const at = (s: string) => new Date(`${s}Z`);

describe('isCouponApplicable', () => {
  const window = { is_active: true, starts_at: at('2025-01-01T00:00:00'), ends_at: at('2025-02-01T00:00:00') };

  it('applies an active coupon without dates at any time', () => {
    expect(isCouponApplicable({ is_active: true, starts_at: null, ends_at: null }, at('1999-12-31T23:59:59'))).toBe(true);
  });

  it('never applies an inactive coupon', () => {
    expect(isCouponApplicable({ ...window, is_active: false }, at('2025-01-15T00:00:00'))).toBe(false);
    expect(isCouponApplicable({ is_active: false, starts_at: null, ends_at: null }, at('2025-01-15T00:00:00'))).toBe(false);
  });

  it('starts inclusive and ends exclusive', () => {
    expect(isCouponApplicable(window, at('2024-12-31T23:59:59'))).toBe(false);
    expect(isCouponApplicable(window, at('2025-01-01T00:00:00'))).toBe(true);
    expect(isCouponApplicable(window, at('2025-01-31T23:59:59'))).toBe(true);
    expect(isCouponApplicable(window, at('2025-02-01T00:00:00'))).toBe(false);
  });

  it('treats a missing bound as open', () => {
    expect(isCouponApplicable({ ...window, starts_at: null }, at('2000-01-01T00:00:00'))).toBe(true);
    expect(isCouponApplicable({ ...window, ends_at: null }, at('2100-01-01T00:00:00'))).toBe(true);
  });
});

describe('couponTermErrors', () => {
  const base = { discount_type: 'percentage' as const, discount_value: '100.00', starts_at: null, ends_at: null };

  it('accepts up to 100 percent and any fixed amount', () => {
    expect(couponTermErrors(base)).toEqual({});
    expect(couponTermErrors({ ...base, discount_type: 'fixed_amount', discount_value: '250.00' })).toEqual({});
  });

  it('refuses a percentage over 100', () => {
    expect(couponTermErrors({ ...base, discount_value: '100.01' })).toEqual({
      discount_value: 'must be at most 100 for a percentage coupon',
    });
  });

  it('requires the window to end after it starts', () => {
    const starts_at = at('2025-01-01T00:00:00');
    expect(couponTermErrors({ ...base, starts_at, ends_at: at('2025-01-01T00:00:01') })).toEqual({});
    expect(couponTermErrors({ ...base, starts_at, ends_at: starts_at })).toEqual({ ends_at: 'must be after starts_at' });
    expect(couponTermErrors({ ...base, starts_at, ends_at: at('2024-12-31T00:00:00') })).toEqual({ ends_at: 'must be after starts_at' });
  });
});
