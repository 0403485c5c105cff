import {
  type PlanTerms,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  firstPeriod,
  planChangeError,
  productsChangeError,
  renewError,
  renewal,
  statusChangeError,
} from './subscription-state.js';

const at = (iso: string) => new Date(iso);
const plan = (over: Partial<PlanTerms>): PlanTerms => ({
  interval_unit: 'month',
  interval_count: 1,
  trial_days: 0,
  renewal_cycles: null,
  ...over,
});

describe('status changes', () => {
  it('allows exactly active ↔ paused, active/paused → cancelled, and the same status again', () => {
    const allowed: string[] = [];
    for (const from of SUBSCRIPTION_STATUSES) {
      for (const to of SUBSCRIPTION_STATUSES) if (statusChangeError(from, to) === null) allowed.push(`${from}→${to}`);
    }
    expect(allowed.sort()).toEqual(
      [
        'active→active',
        'active→paused',
        'active→cancelled',
        'paused→paused',
        'paused→active',
        'paused→cancelled',
        'cancelled→cancelled',
        'expired→expired',
      ].sort(),
    );
  });

  it('names both states and what is allowed in the refusal', () => {
    expect(statusChangeError('cancelled', 'active')).toBe(
      'A subscription cannot change from cancelled to active; allowed from cancelled: none.',
    );
    expect(statusChangeError('active', 'expired')).toBe(
      'A subscription cannot change from active to expired; allowed from active: paused, cancelled.',
    );
    expect(statusChangeError('expired', 'paused')).toBe('A subscription cannot change from expired to paused; allowed from expired: none.');
  });

  it('changes plans and products only before the subscription has ended, and renews only an active one', () => {
    const open = (s: SubscriptionStatus) => [planChangeError(s), productsChangeError(s)];
    expect(open('active')).toEqual([null, null]);
    expect(open('paused')).toEqual([null, null]);
    expect(open('cancelled')).toEqual([
      'The subscription is cancelled; its billing plan cannot be changed.',
      'The subscription is cancelled; its products cannot be changed.',
    ]);
    expect(planChangeError('expired')).toBe('The subscription is expired; its billing plan cannot be changed.');
    expect(renewError('active')).toBeNull();
    expect(renewError('paused')).toBe('The subscription is paused; only an active subscription can be renewed.');
    expect(renewError('cancelled')).toBe('The subscription is cancelled; only an active subscription can be renewed.');
    expect(renewError('expired')).toBe('The subscription is expired; only an active subscription can be renewed.');
  });
});

describe('firstPeriod', () => {
  it('lasts one interval without a trial, anchored on the start day', () => {
    expect(firstPeriod(at('2024-01-31T10:00:00Z'), plan({}))).toEqual({
      current_period_start: at('2024-01-31T10:00:00Z'),
      current_period_end: at('2024-02-29T10:00:00Z'),
      anchor_day: 31,
    });
    expect(firstPeriod(at('2024-01-31T10:00:00Z'), plan({ interval_unit: 'week', interval_count: 2 }))).toEqual({
      current_period_start: at('2024-01-31T10:00:00Z'),
      current_period_end: at('2024-02-14T10:00:00Z'),
      anchor_day: 14,
    });
  });

  it('is the trial when the plan has one; paid periods are then anchored on the trial end', () => {
    expect(firstPeriod(at('2024-01-31T10:00:00Z'), plan({ trial_days: 14 }))).toEqual({
      current_period_start: at('2024-01-31T10:00:00Z'),
      current_period_end: at('2024-02-14T10:00:00Z'),
      anchor_day: 14,
    });
  });

  it('is refused when it would end after year 9999', () => {
    expect(firstPeriod(at('9999-12-31T00:00:00Z'), plan({ interval_unit: 'day' }))).toBeNull();
    expect(firstPeriod(at('9999-12-30T00:00:00Z'), plan({ interval_unit: 'day' }))?.current_period_end).toEqual(at('9999-12-31T00:00:00Z'));
  });
});

describe('renewal', () => {
  it('starts where the period ended, lasts one interval of the current plan and counts', () => {
    expect(renewal({ current_period_end: at('2024-02-29T10:00:00Z'), anchor_day: 31, renewal_count: 0 }, plan({}))).toEqual({
      current_period_start: at('2024-02-29T10:00:00Z'),
      current_period_end: at('2024-03-31T10:00:00Z'),
      anchor_day: 31,
      renewal_count: 1,
      status: 'active',
    });
    expect(
      renewal(
        { current_period_end: at('2024-03-31T10:00:00Z'), anchor_day: 31, renewal_count: 4 },
        plan({ interval_unit: 'day', interval_count: 10 }),
      ),
    ).toEqual({
      current_period_start: at('2024-03-31T10:00:00Z'),
      current_period_end: at('2024-04-10T10:00:00Z'),
      anchor_day: 10,
      renewal_count: 5,
      status: 'active',
    });
  });

  it('expires on the renewal that reaches renewal_cycles, or passes it after a plan change', () => {
    const state = { current_period_end: at('2024-01-01T00:00:00Z'), anchor_day: 1 };
    expect(renewal({ ...state, renewal_count: 1 }, plan({ renewal_cycles: 3 }))?.status).toBe('active');
    expect(renewal({ ...state, renewal_count: 2 }, plan({ renewal_cycles: 3 }))).toMatchObject({ renewal_count: 3, status: 'expired' });
    expect(renewal({ ...state, renewal_count: 5 }, plan({ renewal_cycles: 3 }))).toMatchObject({ renewal_count: 6, status: 'expired' });
    expect(renewal({ ...state, renewal_count: 0 }, plan({ renewal_cycles: 1 }))).toMatchObject({ renewal_count: 1, status: 'expired' });
    expect(renewal({ ...state, renewal_count: 999 }, plan({ renewal_cycles: null }))?.status).toBe('active');
  });

  it('is refused when the period would end after year 9999', () => {
    const state = { current_period_end: at('9500-06-01T00:00:00Z'), anchor_day: 1, renewal_count: 0 };
    expect(renewal(state, plan({ interval_unit: 'year', interval_count: 500 }))).toBeNull();
    expect(renewal(state, plan({ interval_unit: 'year', interval_count: 499 }))?.current_period_end).toEqual(at('9999-06-01T00:00:00Z'));
  });
});
