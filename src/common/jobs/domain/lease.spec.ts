import { TAKEOVER_WITHIN_MS, leaseProblem, lostClaims, renewalMs, takeoverBoundMs } from './lease.js';

describe('leased claims', () => {
  it('renews every third of the lease, never more often than every 200 ms', () => {
    expect(renewalMs(15)).toBe(5000);
    expect(renewalMs(20)).toBe(6666);
    expect(renewalMs(2)).toBe(666);
    expect(renewalMs(0.3)).toBe(200);
  });

  it('bounds a takeover by the lease plus the period of the look for expired claims', () => {
    expect(takeoverBoundMs(15, 5000)).toBe(20_000);
    expect(takeoverBoundMs(15, 500)).toBe(15_500);
    // The defaults keep the contract's 30 s with both pipelines' looks (renewal period, poll).
    expect(takeoverBoundMs(15, renewalMs(15))).toBeLessThanOrEqual(TAKEOVER_WITHIN_MS);
  });

  it('names a lease too long to keep the 30 s promise', () => {
    expect(leaseProblem('DELIVERY_LEASE_SECONDS', 15, 5000)).toBeNull();
    expect(leaseProblem('DELIVERY_LEASE_SECONDS', 23, renewalMs(23))).toBe(
      'DELIVERY_LEASE_SECONDS=23: work of a process that died may wait up to 31 s before it is taken over (more than 30 s)',
    );
    expect(leaseProblem('WEBHOOK_LEASE_SECONDS', 120, 500)).toBe(
      'WEBHOOK_LEASE_SECONDS=120: work of a process that died may wait up to 121 s before it is taken over (more than 30 s)',
    );
    expect(leaseProblem('WEBHOOK_LEASE_SECONDS', 29, 1000)).toBeNull();
  });

  it('finds the claims a renewal did not keep among those still in hand', () => {
    expect(lostClaims([1, 2, 3], [1, 3])).toEqual([2]);
    expect(lostClaims([], [1])).toEqual([]);
    // bigint ids come back from PostgreSQL as text.
    expect(lostClaims(['10', '11'], ['11'])).toEqual(['10']);
    expect(lostClaims([10, 11], ['10', '11'])).toEqual([]);
  });
});
