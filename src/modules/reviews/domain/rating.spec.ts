import { ratingAverage } from './rating.js';
import { becomesApproved } from './review-status.js';

describe('ratingAverage', () => {
  it('is null without approved reviews', () => {
    expect(ratingAverage(0, 0)).toBeNull();
  });

  it('is the mean with two decimals', () => {
    expect(ratingAverage(5, 1)).toBe('5.00');
    expect(ratingAverage(9, 2)).toBe('4.50');
    expect(ratingAverage(1, 1)).toBe('1.00');
  });

  it('rounds half-up on the exact value', () => {
    // 13/3 = 4.3333… → 4.33; 14/3 = 4.6666… → 4.67
    expect(ratingAverage(13, 3)).toBe('4.33');
    expect(ratingAverage(14, 3)).toBe('4.67');
    // 33/8 = 4.125 exactly → 4.13 (half-up), where binary floating point would give 4.12 for some halves
    expect(ratingAverage(33, 8)).toBe('4.13');
    // 1.005 cases: 201/200 = 1.005 → 1.01
    expect(ratingAverage(201, 200)).toBe('1.01');
    // 8/7 = 1.142857… → 1.14
    expect(ratingAverage(8, 7)).toBe('1.14');
  });

  it('refuses what is not a whole sum and count', () => {
    expect(() => ratingAverage(1.5, 1)).toThrow(RangeError);
  });
});

describe('becomesApproved', () => {
  it('only when the status turns approved', () => {
    expect(becomesApproved(null, 'approved')).toBe(true);
    expect(becomesApproved('pending', 'approved')).toBe(true);
    expect(becomesApproved('rejected', 'approved')).toBe(true);
    expect(becomesApproved('approved', 'approved')).toBe(false);
    expect(becomesApproved(null, 'pending')).toBe(false);
    expect(becomesApproved('approved', 'rejected')).toBe(false);
  });
});
